import { CURRENCY_USD } from "@app/contracts";
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import { api } from "../../shared/api/client";
import { PURCHASES, purchaseQuery, salePricesQuery } from "../../shared/api/purchases";
import { belowCost, newSalePrice, unitCostOf } from "../../shared/documents/figures";
import { useDocViewKit } from "../../shared/documents/useDocViewKit";
import { plainDecimal } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PurchaseToolHeader } from "./PurchaseToolHeader";
import "../../shared/amount.css";

interface LineState {
  profit: string;
  roundTo: string;
  prices: Record<number, string>;
}

/**
 * Modify sale price (SPEC §2 `modify-sales-price/{id}/{newTab}`): per line the last sale price,
 * the unit cost and net price; a desired profit and "round to" give every unit of the item its new
 * sale price, which may still be typed; saving writes the items' unit prices.
 */
export function ModifySalePricePage() {
  const { t } = useTranslation("purchases");
  const kit = useDocViewKit(t);
  const { id, can, fmt, names } = kit;
  const { systemConfig } = useSession();
  const queryClient = useQueryClient();
  const data = useQuery(salePricesQuery(id));
  // The net price is in the purchase's own currency, the costs and sale prices in the system's.
  const purchase = useQuery(purchaseQuery(id));
  const [lines, setLines] = useState<Record<number, LineState>>({});

  useEffect(() => {
    if (!data.data) return;
    const next: Record<number, LineState> = {};
    for (const l of data.data.lines)
      next[l.line_id] = {
        profit: "",
        roundTo: "",
        prices: Object.fromEntries(l.units.map((u) => [u.item_unit_id, plainDecimal(u.price)])),
      };
    setLines(next);
  }, [data.data]);

  const save = useMutation({
    mutationFn: () => {
      const prices = new Map<number, string>();
      for (const l of Object.values(lines)) for (const [unit, price] of Object.entries(l.prices)) prices.set(Number(unit), price || "0");
      return api(`${PURCHASES}/${id}/modify_sale_price`, {
        method: "POST",
        body: { prices: [...prices].map(([item_unit_id, price]) => ({ item_unit_id, price })) },
      });
    },
    onSuccess: () => {
      notifySuccess(t("salePrice.saved"));
      void queryClient.invalidateQueries({ queryKey: [PURCHASES, "sale_prices", id] });
      void queryClient.invalidateQueries({ queryKey: ["items"] });
    },
    onError: notifyError,
    meta: { silent: true },
  });

  const p = data.data;
  if (!p) return kit.missing(data);
  const cur = systemConfig.currency.currency_name;
  const purchaseCurrency = purchase.data ? (purchase.data.currency_id === CURRENCY_USD ? "USD" : "IQD") : "";

  const update = (lineId: number, patch: Partial<LineState>) => {
    const line = p.lines.find((l) => l.line_id === lineId)!;
    const now = { ...lines[lineId]!, ...patch };
    // A profit or rounding typed prices every unit of the item from its cost.
    if (("profit" in patch || "roundTo" in patch) && now.profit !== "")
      now.prices = Object.fromEntries(
        line.units.map((u) => [u.item_unit_id, newSalePrice(line.unit_cost, now.profit, u.quantity, now.roundTo)]),
      );
    setLines({ ...lines, [lineId]: now });
  };

  return (
    <>
      <PurchaseToolHeader title={t("salePrice.title")} number={p.number} description={t("salePrice.description")} purchaseId={id}>
        {can("purchases/modify_sale_price") && (
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="sale-price-save"
          >
            {t("salePrice.save")}
          </Button>
        )}
      </PurchaseToolHeader>
      <Stack gap="md">
        {p.lines.map((l) => {
          const s = lines[l.line_id];
          if (!s) return null;
          return (
            <Paper key={l.line_id} withBorder radius="md" p="md" data-testid="sale-price-line">
              <Group justify="space-between" mb="sm">
                <Title order={5}>
                  {l.item_name} · {names.unit(l.unit_name)}
                </Title>
              </Group>
              <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm" mb="sm">
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t("salePrice.lastSalePrice")}
                  </Text>
                  <Text className="amount">
                    {fmt.sysMoney(l.last_sale_price)} {cur}
                  </Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t("salePrice.unitCost")}
                  </Text>
                  <Text className="amount" data-testid="sale-price-cost">
                    {fmt.sysMoney(l.line_unit_cost)} {cur}
                  </Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t("salePrice.netPrice")}
                  </Text>
                  <Text className="amount" data-testid="sale-price-net">
                    {fmt.docAmount(l.net_price, purchaseCurrency)} {purchaseCurrency}
                  </Text>
                </Stack>
                <MoneyInput
                  label={t("salePrice.profit")}
                  value={s.profit}
                  zeroWhenEmpty={false}
                  onChange={(v) => update(l.line_id, { profit: v })}
                  rightSection={<Text size="xs">%</Text>}
                  data-testid="sale-price-profit"
                />
                <MoneyInput
                  label={t("salePrice.roundTo")}
                  value={s.roundTo}
                  zeroWhenEmpty={false}
                  onChange={(v) => update(l.line_id, { roundTo: v })}
                  data-testid="sale-price-round"
                />
              </SimpleGrid>
              <Table withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("fields.unit")}</Table.Th>
                    <Table.Th className="amount">{t("salePrice.unitQty")}</Table.Th>
                    <Table.Th className="amount">{t("salePrice.currentPrice")}</Table.Th>
                    <Table.Th>{t("salePrice.newPrice")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {l.units.map((u) => {
                    const price = s.prices[u.item_unit_id] ?? "";
                    const under = belowCost(l.unit_cost, u.quantity, price);
                    return (
                      <Table.Tr key={u.item_unit_id}>
                        <Table.Td>{names.unit(u.unit_name)}</Table.Td>
                        <Table.Td className="amount">{fmt.amount(u.quantity)}</Table.Td>
                        <Table.Td className="amount">{fmt.sysMoney(u.price)}</Table.Td>
                        <Table.Td>
                          <MoneyInput
                            aria-label={`${t("salePrice.newPrice")} ${names.unit(u.unit_name)}`}
                            value={price}
                            onChange={(v) => update(l.line_id, { prices: { ...s.prices, [u.item_unit_id]: v } })}
                            rightSection={<Text size="xs">{cur}</Text>}
                            rightSectionWidth={44}
                            error={
                              under
                                ? t("salePrice.belowCost", { cost: `${fmt.sysMoney(unitCostOf(l.unit_cost, u.quantity))} ${cur}` })
                                : undefined
                            }
                            data-testid={`sale-price-${u.unit_name}`}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Paper>
          );
        })}
      </Stack>
    </>
  );
}
