import { CURRENCY_USD } from "@app/contracts";
import { D } from "@app/contracts/money";
import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconArrowBackUp, IconCheck, IconReceiptRefund } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSession } from "../../app/session";
import { PATHS as RETURN_PATHS } from "../../shared/api/saleReturns";
import { ENDPOINTS, pathsOf, type SaleKind, saleQuery } from "../../shared/api/sales";
import { useConfirmAction } from "../../shared/ConfirmDialog";
import { DocPayments, docPaymentsQuery } from "../../shared/documents/DocPayments";
import { DocView } from "../../shared/documents/DocView";
import { DocBadges, useDocAction } from "../../shared/documents/docActions";
import { shown } from "../../shared/documents/routeParams";
import { useDocViewKit } from "../../shared/documents/useDocViewKit";
import { iqdDecimalsShown } from "../../shared/format";
import { Barcode, barcodeSvg } from "./Barcode";

/**
 * One sale (SPEC §2 `view/{id}/{newTab}`): the invoice as printed on A4 in the reader's language,
 * with the shop's name, receipt header and footer and the receipt number as a barcode.
 */
export function SaleViewPage({ kind }: { kind: SaleKind }) {
  const { t } = useTranslation("salesdocs");
  const kit = useDocViewKit(t);
  const { can, fmt, names } = kit;
  const endpoint = ENDPOINTS[kind];
  const paths = pathsOf(kind);
  const navigate = useNavigate();
  const { systemConfig } = useSession();
  const doc = useQuery(saleQuery(kind, kit.id));
  // Paid later: while such payments stand the sale is neither edited nor returned to draft (the
  // server refuses both), so neither is offered. Its Payments section reads the same answer.
  const payable = kind === "sale" ? "sales" : "salesman_sales";
  const later = useQuery({ ...docPaymentsQuery(payable, kit.id), enabled: doc.data?.status === "complete" });
  const paidLater = (later.data?.payments.length ?? 0) > 0;
  const act = useDocAction(endpoint, "salesdocs:done");
  const confirm = useConfirmAction();
  const s = doc.data;
  if (!s) return kit.missing(doc);
  const cur = s.currency_name;
  const col = kit.columns(cur);
  // Dinars without a fraction; dollars in cents where money changes hands (total, paid, received, remaining).
  const usd = s.currency_id === CURRENCY_USD;
  // Dinars to the "IQD decimals shown" setting (0 unless set).
  const money = (v: string) => `${fmt.amount(v, usd ? 3 : iqdDecimalsShown())} ${cur}`;
  const due = (v: string) => `${fmt.amount(v, usd ? 2 : iqdDecimalsShown())} ${cur}`;
  const sheet = kit.sheet(s, {
    title: t(`viewTitle.${kind}`),
    info: [
      [t("fields.customer"), names.party(s.consumer_name)],
      // A mobile reads left to right inside an Arabic line.
      [t("fields.mobile"), s.customer_mobile ? `\u2066${s.customer_mobile}\u2069` : ""],
      [t("fields.address"), s.customer_address ?? ""],
      ...(s.salesman_name ? [[t("fields.salesman"), s.salesman_name] as [string, string]] : []),
      [t("fields.inventory"), names.inventory(s.inventory_name)],
      kit.currency(s),
      [t("fields.payment_type"), t(`paymentTypes.${s.payment_type}`)],
      [t("fields.status"), `${t(`status.${s.status}`)} · ${t(`paymentStatus.${s.payment_status}`)}`],
    ],
    columns: [
      {
        header: t("fields.item"),
        cell: (l) =>
          [l.item_name, l.promotion_title ? `(${l.promotion_title})` : "", l.description ? `— ${l.description}` : ""]
            .filter(Boolean)
            .join(" "),
      },
      col.unit,
      col.quantityAndFree,
      col.money("sale_price", "unit_price"),
      col.money("discount_amount", "discount"),
      col.money("tax_amount", "tax"),
      // Stored before tax; shown with it, as the quotation shows its lines. Decimals, not floats.
      { header: t("fields.line_total"), cell: (l) => fmt.docAmount(D(l.line_total).plus(D(l.tax_amount)).toFixed(), cur), numeric: true },
    ],
    totals: [
      [t("fields.gross"), money(s.gross)],
      [t("fields.discount_amount"), money(s.discount_amount)],
      [t("fields.tax_amount"), money(s.tax_amount)],
      ...(Number(s.rounded_discount) ? [[t("fields.rounded_discount"), money(s.rounded_discount)] as [string, string]] : []),
      [t("fields.total"), due(s.total)],
      [t("fields.paid_amount"), due(s.paid_amount)],
      ...(s.received_amount ? [[t("fields.received_amount"), due(s.received_amount)] as [string, string]] : []),
      [t("fields.remaining"), due(s.remaining)],
    ],
    ...(s.number ? { barcodeSvg: barcodeSvg(s.number) } : {}),
  });
  const section = endpoint;

  return (
    <DocView
      sheet={sheet}
      testPrefix="sale"
      audit={{ module: endpoint, recordId: s.id }}
      backTo={paths.list}
      editTo={can(`${section}/update`) && !s.is_closed && !paidLater && paths.upsert(s.id, 1)}
      badges={
        <Stack gap={4} align="flex-end">
          <DocBadges status={s.status} closed={s.is_closed} payment={s.payment_status} />
          {s.number && <Barcode code={s.number} />}
        </Stack>
      }
      above={s.warnings.map((w) => (
        <Alert key={w} color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="sale-overdue">
          {shown(w)}
        </Alert>
      ))}
      actions={
        <>
          {s.status === "draft" && can(`${section}/complete`) && (
            <Button
              color="green"
              leftSection={<IconCheck size={16} />}
              loading={act.isPending}
              onClick={() => confirm.ask(t("actions.complete"), s.number ?? "", () => act.mutate({ id: s.id, action: "complete" }))}
              data-testid="sale-complete"
            >
              {t("actions.complete")}
            </Button>
          )}
          {s.status === "complete" && can("sale_returns/store") && (
            <Button
              variant="light"
              leftSection={<IconReceiptRefund size={16} />}
              onClick={() => void navigate(RETURN_PATHS.upsert(0, 0, s.id))}
              data-testid="sale-return-from"
            >
              {t("salereturns:actions.return")}
            </Button>
          )}
          {s.status === "complete" && !paidLater && can(`${section}/return_to_draft`) && (
            <Button
              variant="light"
              color="orange"
              leftSection={<IconArrowBackUp size={16} />}
              loading={act.isPending}
              onClick={() => act.mutate({ id: s.id, action: "return_to_draft" })}
            >
              {t("actions.returnToDraft")}
            </Button>
          )}
        </>
      }
    >
      {kind === "salesman" && s.status === "complete" && (
        <Text size="sm" data-testid="sale-commission">
          {t("fields.commission")}:{" "}
          <span className="amount">
            {fmt.money(s.commission, systemConfig.currency_fk)} {systemConfig.currency.currency_name}
          </span>
        </Text>
      )}
      <DocPayments endpoint={payable} doc={s} />
      {confirm.dialog}
    </DocView>
  );
}
