import { Alert, Button, Checkbox, Group, Paper, Select, Table, Text } from "@mantine/core";
import { IconFilePlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useSession } from "../../app/session";
import { api } from "../../shared/api/client";
import { docDay } from "../../shared/api/ledger";
import { suppliersListQuery } from "../../shared/api/purchases";
import { inventoriesListQuery } from "../../shared/api/settings";
import { plainDecimal, useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { SearchSelect } from "../../shared/SearchSelect";
import { useSeededNames } from "../../shared/seededNames";
import { ORDER_PATHS, PURCHASE_ORDERS, type Suggestion, suggestionsQuery } from "./purchaseOrders.queries";
import "../../shared/amount.css";

interface Choice {
  chosen: boolean;
  consumer_id: string;
  quantity: string;
  unit_price: string;
}

/**
 * Reorder suggestions: the items at or under their shortage alert, with their last supplier and
 * cost, what is already on order and the last 30 days' sales; the rows chosen become draft
 * purchase orders, one per supplier, in one action.
 */
export function ReorderSuggestionsPage() {
  const { t } = useTranslation("purchaseorders");
  const fmt = useFormat();
  const names = useSeededNames();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const system = useSession().systemConfig.currency_fk;
  const [inventory, setInventory] = useState("");
  const rows = useQuery(suggestionsQuery(inventory));
  const inventories = useQuery(inventoriesListQuery);
  const suppliers = useQuery(suppliersListQuery);
  const supplierOptions = (suppliers.data ?? []).map((p) => ({ value: String(p.consumer_id), label: p.consumer_name }));
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  useEffect(() => {
    if (!rows.data) return;
    setChoices(
      Object.fromEntries(
        rows.data.map((r) => [
          r.item_id,
          {
            chosen: Number(r.suggested_quantity) > 0 && r.consumer_id !== null,
            consumer_id: r.consumer_id ? String(r.consumer_id) : "",
            quantity: Number(r.suggested_quantity) > 0 ? plainDecimal(r.suggested_quantity) : "",
            // The last price carries over only in the currency the orders are made in.
            unit_price: r.last_unit_price && r.last_currency_id === system ? plainDecimal(r.last_unit_price) : "",
          },
        ]),
      ),
    );
  }, [rows.data, system]);
  const set = (item: number, patch: Partial<Choice>) => setChoices((c) => ({ ...c, [item]: { ...(c[item] as Choice), ...patch } }));
  const chosen = (rows.data ?? []).filter((r) => choices[r.item_id]?.chosen);
  const make = useMutation({
    mutationFn: async () =>
      (
        await api<{ data: { ids: number[] } }>(`${PURCHASE_ORDERS}/from_suggestions`, {
          method: "POST",
          body: {
            inventory_id: inventory || null,
            lines: chosen.map((r) => {
              const c = choices[r.item_id] as Choice;
              return {
                item_id: r.item_id,
                consumer_id: c.consumer_id,
                unit_id: r.unit_id,
                quantity: c.quantity,
                unit_price: c.unit_price || null,
              };
            }),
          },
        })
      ).data,
    onSuccess: (r) => {
      notifySuccess(t("suggestions.made", { count: r.ids.length }));
      void queryClient.invalidateQueries({ queryKey: [PURCHASE_ORDERS] });
      void navigate(r.ids.length === 1 ? ORDER_PATHS.view(r.ids[0] ?? 0) : ORDER_PATHS.list);
    },
    onError: notifyError,
    meta: { silent: true },
  });
  const ready = chosen.length > 0 && chosen.every((r) => choices[r.item_id]?.consumer_id && Number(choices[r.item_id]?.quantity) > 0);
  const amount = (v: string) => fmt.amount(v);
  const lastCost = (r: Suggestion) =>
    r.last_unit_price === null
      ? ""
      : `${fmt.docAmount(r.last_unit_price, r.last_currency_id === 2 ? "USD" : "IQD")} ${r.last_currency_id === 2 ? "USD" : "IQD"}`;

  return (
    <>
      <PageHeader
        title={t("suggestions.title")}
        description={t("suggestions.description")}
        actions={
          <Button
            leftSection={<IconFilePlus size={16} />}
            disabled={!ready}
            loading={make.isPending}
            onClick={() => make.mutate()}
            data-testid="suggestions-make"
          >
            {t("suggestions.make", { count: chosen.length })}
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md" mb="md">
        <Group>
          <Select
            label={t("fields.inventory")}
            placeholder={t("suggestions.allInventories")}
            clearable
            data={(inventories.data ?? []).map((i) => ({ value: String(i.inventory_id), label: names.inventory(i.inventory_name) }))}
            value={inventory || null}
            onChange={(v) => setInventory(v ?? "")}
            data-testid="suggestions-inventory"
          />
        </Group>
      </Paper>
      {rows.isPending ? (
        <PageLoader />
      ) : !rows.data?.length ? (
        <Alert color="green" data-testid="suggestions-none">
          {t("suggestions.none")}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Table.ScrollContainer minWidth={1100}>
            <Table verticalSpacing="xs" data-testid="suggestions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("suggestions.choose")}</Table.Th>
                  {(
                    [
                      "item",
                      "on_hand",
                      "shortage_alert",
                      "on_order",
                      "sold_30_days",
                      "last_cost",
                      "supplier",
                      "unit",
                      "quantity",
                      "unit_price",
                    ] as const
                  ).map((k) => (
                    <Table.Th key={k}>{t(`suggestions.fields.${k}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.data.map((r) => {
                  const c = choices[r.item_id];
                  if (!c) return null;
                  return (
                    <Table.Tr key={r.item_id} data-testid="suggestion">
                      <Table.Td>
                        <Checkbox
                          aria-label={r.item_name}
                          checked={c.chosen}
                          onChange={(e) => set(r.item_id, { chosen: e.currentTarget.checked })}
                          data-testid="suggestion-choose"
                        />
                      </Table.Td>
                      <Table.Td>{r.item_name}</Table.Td>
                      <Table.Td className="amount">{amount(r.on_hand)}</Table.Td>
                      <Table.Td className="amount">{amount(String(r.shortage_alert))}</Table.Td>
                      <Table.Td className="amount">{amount(r.on_order)}</Table.Td>
                      <Table.Td className="amount">{amount(r.sold_30_days)}</Table.Td>
                      <Table.Td className="amount">
                        {lastCost(r)}
                        {r.last_purchase_date && (
                          <Text size="xs" c="dimmed">
                            {fmt.date(docDay(r.last_purchase_date))}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td miw={200}>
                        <SearchSelect
                          aria-label={t("suggestions.fields.supplier")}
                          data={supplierOptions}
                          value={c.consumer_id || null}
                          onChange={(val) => set(r.item_id, { consumer_id: val ?? "" })}
                          nothingFoundMessage={t("messages:nothingFound")}
                          data-testid="suggestion-supplier"
                        />
                      </Table.Td>
                      <Table.Td>{names.unit(r.unit_name)}</Table.Td>
                      <Table.Td miw={100}>
                        <MoneyInput
                          aria-label={t("suggestions.fields.quantity")}
                          value={c.quantity}
                          zeroWhenEmpty={false}
                          onChange={(quantity) => set(r.item_id, { quantity })}
                          data-testid="suggestion-quantity"
                        />
                      </Table.Td>
                      <Table.Td miw={120}>
                        <MoneyInput
                          aria-label={t("suggestions.fields.unit_price")}
                          value={c.unit_price}
                          zeroWhenEmpty={false}
                          onChange={(unit_price) => set(r.item_id, { unit_price })}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </>
  );
}
