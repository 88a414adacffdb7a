import { Alert, Button, Stack, Table, Text, Title } from "@mantine/core";
import { IconCopy, IconShoppingCartPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan, useSession } from "../../app/session";
import { api } from "../../shared/api/client";
import { docDay } from "../../shared/api/ledger";
import type { SheetContent } from "../../shared/documents/DocSheet";
import { currencyShown, DocView } from "../../shared/documents/DocView";
import { routeId } from "../../shared/documents/routeParams";
import { useFormat } from "../../shared/format";
import { notifyError, notifySuccess } from "../../shared/notify";
import { useSeededNames } from "../../shared/seededNames";
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
  const params = useParams();
  const id = routeId(params.id);
  const navigate = useNavigate();
  const can = useCan();
  const fmt = useFormat();
  const names = useSeededNames();
  const { systemConfig } = useSession();
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
  if (doc.isPending) return <PageLoader />;
  const q = doc.data;
  if (!q) return <Alert color="red">{t("notFound")}</Alert>;
  const cur = q.currency_name;
  const money = (v: string) => `${fmt.docAmount(v, cur)} ${cur}`;
  const stepText = (s: PriceStep) => {
    const what = s.title ?? s.profile_name ?? (s.percent ? `${fmt.amount(s.percent)}%` : "");
    return `${t(`steps.${s.step}`)}${what ? ` (${what})` : ""}${s.skipped ? ` — ${t("steps.skipped")}` : ""}`;
  };
  const sheet: SheetContent = {
    title: `${t("viewTitle")} ${q.number ?? ""}`,
    info: [
      [t("fields.number"), q.number ?? ""],
      [t("fields.date"), fmt.date(docDay(q.date))],
      [t("fields.valid_until"), fmt.date(q.valid_until)],
      [t("fields.customer"), q.consumer_name],
      [t("fields.mobile"), q.customer_mobile ?? ""],
      [t("fields.inventory"), names.inventory(q.inventory_name)],
      [t("fields.currency"), currencyShown(q, systemConfig.currency_fk, t("fields.rate"), fmt.rate)],
      [t("fields.status"), t(`status.${q.shown_status}`)],
    ],
    headers: [
      "#",
      t("fields.item"),
      t("fields.unit"),
      t("fields.quantity"),
      t("fields.unit_price"),
      t("fields.discount"),
      t("fields.tax"),
      t("fields.line_total"),
    ],
    rows: q.lines.map((l, i) => ({
      key: l.line_id,
      cells: [
        String(i + 1),
        [l.item_name, l.description, l.promotion_title].filter(Boolean).join(" — "),
        names.unit(l.unit_name),
        Number(l.free_quantity) ? `${fmt.amount(l.quantity)} + ${fmt.amount(l.free_quantity)}` : fmt.amount(l.quantity),
        fmt.docAmount(l.unit_price, cur),
        fmt.docAmount(l.discount_amount, cur),
        fmt.docAmount(l.tax_amount, cur),
        fmt.docAmount(l.line_total, cur),
      ],
    })),
    numeric: [false, false, false, true, true, true, true, true],
    totals: [
      [t("fields.subtotal"), money(q.subtotal)],
      [t("fields.discount_amount"), money(q.discount_amount)],
      [t("fields.tax_amount"), money(q.tax_amount)],
      [t("fields.total"), money(q.total)],
    ],
    note: q.note,
  };

  return (
    <DocView
      sheet={sheet}
      testId="quotation-sheet"
      printTestId="quotation-print"
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
                    <Table.Td className="amount">{money(s.amount)}</Table.Td>
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
