import { Alert, Button, Group, Paper, Table, Text } from "@mantine/core";
import { IconCalculator, IconInfoCircle } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import { api } from "../../shared/api/client";
import { useInvalidateLedger } from "../../shared/api/ledger";
import { applyCostQuery, PURCHASES } from "../../shared/api/purchases";
import { useDocViewKit } from "../../shared/documents/useDocViewKit";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PurchaseToolHeader } from "./PurchaseToolHeader";
import "../../shared/amount.css";

/**
 * Apply cost (SPEC §2 `apply-cost/{id}/{newTab}`): the purchase's charges spread over its lines by
 * value, each line's unit cost now and after, in the system currency; applying re-values the stock.
 */
export function ApplyCostPage() {
  const { t } = useTranslation("purchases");
  const kit = useDocViewKit(t);
  const { id, can, fmt, names } = kit;
  const { systemConfig } = useSession();
  const queryClient = useQueryClient();
  const invalidateLedger = useInvalidateLedger();
  const plan = useQuery(applyCostQuery(id));
  const apply = useMutation({
    mutationFn: () => api(`${PURCHASES}/${id}/apply_cost`, { method: "POST", body: {} }),
    onSuccess: () => {
      notifySuccess(t("applyCost.done"));
      void queryClient.invalidateQueries({ queryKey: [PURCHASES] });
      invalidateLedger();
    },
    onError: notifyError,
    meta: { silent: true },
  });
  const p = plan.data;
  if (!p) return kit.missing(plan);
  const cur = systemConfig.currency.currency_name;
  const blocked =
    p.status !== "complete"
      ? t("applyCost.notComplete")
      : p.costs_applied
        ? t("applyCost.applied")
        : Number(p.charges_value) === 0
          ? t("applyCost.noCharges")
          : null;

  return (
    <>
      <PurchaseToolHeader title={t("applyCost.title")} number={p.number} description={t("applyCost.description")} purchaseId={id}>
        {can("purchases/apply_cost") && (
          <Button
            leftSection={<IconCalculator size={16} />}
            disabled={blocked !== null}
            loading={apply.isPending}
            onClick={() => apply.mutate()}
            data-testid="apply-cost-save"
          >
            {t("applyCost.apply")}
          </Button>
        )}
      </PurchaseToolHeader>
      {blocked && (
        <Alert icon={<IconInfoCircle size={18} />} mb="md" data-testid="apply-cost-state">
          {blocked}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Text>{t("applyCost.chargesValue")}</Text>
          <Text fw={700} className="amount" data-testid="apply-cost-total">
            {fmt.sysMoney(p.charges_value)} {cur}
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder striped data-testid="apply-cost-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("fields.item")}</Table.Th>
                <Table.Th>{t("fields.unit")}</Table.Th>
                <Table.Th className="amount">{t("fields.quantity")}</Table.Th>
                <Table.Th className="amount">{t("applyCost.value")}</Table.Th>
                <Table.Th className="amount">{t("applyCost.share")}</Table.Th>
                <Table.Th className="amount">{t("applyCost.unitCost")}</Table.Th>
                <Table.Th className="amount">{t("applyCost.newUnitCost")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.lines.map((l) => (
                <Table.Tr key={l.line_id} data-testid="apply-cost-line">
                  <Table.Td>{l.item_name}</Table.Td>
                  <Table.Td>{names.unit(l.unit_name)}</Table.Td>
                  <Table.Td className="amount">
                    {fmt.amount(l.quantity)}
                    {Number(l.bonus) ? ` + ${fmt.amount(l.bonus)}` : ""}
                  </Table.Td>
                  <Table.Td className="amount">{fmt.sysMoney(l.value)}</Table.Td>
                  <Table.Td className="amount">{fmt.sysMoney(l.share)}</Table.Td>
                  <Table.Td className="amount">{fmt.sysMoney(l.unit_cost)}</Table.Td>
                  <Table.Td className="amount" data-testid="new-unit-cost">
                    {fmt.sysMoney(l.new_unit_cost)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}
