import { Button, Stack, Table, Text, Title } from "@mantine/core";
import { IconCopy, IconShoppingCartPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { api } from "../../shared/api/client";
import { DocView } from "../../shared/documents/DocView";
import { useDocViewKit } from "../../shared/documents/useDocViewKit";
import { notifyError, notifySuccess } from "../../shared/notify";
import { QuotationBadge } from "./QuotationBadge";
import { type PriceStep, QUOTATION_PATHS, QUOTATIONS, type QuotationRecord, quotationQuery } from "./quotations.queries";

/** The sale screens' view path (SPEC §2 `/sales/sales/view/{id}/{newTab}`). */
const saleView = (id: number) => `/sales/sales/view/${id}/0`;

/**
 * One quotation (SPEC §2 `view/{id}/{newTab}`): as printed on A4 with the shop's name, receipt
 * header and footer, in the reader's language; each line's price steps; Convert To Sale.
 */
export function QuotationViewPage() {
  const { t } = useTranslation("quotations");
  const kit = useDocViewKit(t);
  const { id, can, fmt, names } = kit;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const doc = useQuery(quotationQuery(id));
  const convert = useMutation({
    mutationFn: async () =>
      (await api<{ data: QuotationRecord }>(`${QUOTATIONS}/${id}/convert_to_sale`, { method: "POST", body: {} })).data,
    onSuccess: (q) => {
      notifySuccess(t("converted"));
      void queryClient.invalidateQueries({ queryKey: [QUOTATIONS] });
      void queryClient.invalidateQueries({ queryKey: ["sales"] });
      if (q.sale_fk) void navigate(saleView(q.sale_fk));
    },
    onError: notifyError,
    meta: { silent: true },
  });
  const q = doc.data;
  if (!q) return kit.missing(doc);
  const cur = q.currency_name;
  const col = kit.columns(cur);
  const stepText = (s: PriceStep) => {
    const what = s.title ?? s.profile_name ?? (s.percent ? `${fmt.amount(s.percent)}%` : "");
    return `${t(`steps.${s.step}`)}${what ? ` (${what})` : ""}${s.skipped ? ` — ${t("steps.skipped")}` : ""}`;
  };
  const sheet = kit.sheet(q, {
    title: t("viewTitle"),
    info: [
      [t("fields.valid_until"), fmt.date(q.valid_until)],
      [t("fields.customer"), q.consumer_name],
      [t("fields.mobile"), q.customer_mobile ?? ""],
      [t("fields.inventory"), names.inventory(q.inventory_name)],
      kit.currency(q),
      [t("fields.status"), t(`status.${q.shown_status}`)],
    ],
    columns: [
      { header: t("fields.item"), cell: (l) => [l.item_name, l.description, l.promotion_title].filter(Boolean).join(" — ") },
      col.unit,
      col.quantityAndFree,
      col.money("unit_price"),
      col.money("discount_amount", "discount"),
      col.money("tax_amount", "tax"),
      col.money("line_total"),
    ],
    totals: [
      [t("fields.subtotal"), col.amount(q.subtotal)],
      [t("fields.discount_amount"), col.amount(q.discount_amount)],
      [t("fields.tax_amount"), col.amount(q.tax_amount)],
      [t("fields.total"), col.amount(q.total)],
    ],
  });

  return (
    <DocView
      sheet={sheet}
      testPrefix="quotation"
      audit={{ module: "quotations", recordId: q.id }}
      backTo={QUOTATION_PATHS.list}
      editTo={q.status === "open" && can("quotations/update") && QUOTATION_PATHS.upsert(q.id, 1)}
      badges={<QuotationBadge state={q.shown_status} />}
      actions={
        <>
          {can("quotations/store") && (
            <Button variant="light" leftSection={<IconCopy size={16} />} onClick={() => void navigate(QUOTATION_PATHS.upsert(0, 0, q.id))}>
              {t("actions.copy")}
            </Button>
          )}
          {q.status === "open" && can("quotations/convert_to_sale") && (
            <Button
              color="green"
              leftSection={<IconShoppingCartPlus size={16} />}
              loading={convert.isPending}
              onClick={() => convert.mutate()}
              data-testid="quotation-convert"
            >
              {t("actions.convert")}
            </Button>
          )}
          {q.sale_fk && (
            <Button variant="light" onClick={() => void navigate(saleView(q.sale_fk ?? 0))} data-testid="quotation-open-sale">
              {t("actions.openSale")}
            </Button>
          )}
        </>
      }
    >
      <Stack gap="xs">
        <Title order={5}>{t("whyPrice")}</Title>
        {q.lines.map((l, i) => (
          <Stack key={l.line_id} gap={2} data-testid="quotation-steps">
            <Text size="sm" fw={600}>
              {i + 1}. {l.item_name}
            </Text>
            <Table withTableBorder>
              <Table.Tbody>
                {l.steps.map((s) => (
                  <Table.Tr key={`${s.step}-${s.amount}`}>
                    <Table.Td>{stepText(s)}</Table.Td>
                    <Table.Td className="amount">{fmt.docAmount(s.change, cur)}</Table.Td>
                    <Table.Td className="amount">{col.amount(s.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ))}
      </Stack>
    </DocView>
  );
}
