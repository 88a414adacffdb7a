import { Alert, Button } from "@mantine/core";
import { IconEdit } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan } from "../../app/session";
import type { SheetContent } from "../../shared/documents/DocSheet";
import { DocView } from "../../shared/documents/DocView";
import { routeId } from "../../shared/documents/routeParams";
import { sheetColumns, sheetLines } from "../../shared/documents/sheetLines";
import { useFormat } from "../../shared/format";
import { useSeededNames } from "../../shared/seededNames";
import { currencyCode, PATHS, type PosSaleRecord, posSaleQuery } from "./posAdmin.queries";

/** The sheet of a POS receipt: lines, totals in IQD and USD, payments and change. */
export function usePosSaleSheet() {
  const { t } = useTranslation("posadmin");
  const fmt = useFormat();
  const names = useSeededNames();
  const col = (s: PosSaleRecord) => sheetColumns(t, fmt, names, s.currency_name);
  return (s: PosSaleRecord): SheetContent => ({
    title: `${t("sales.view")} ${s.number ?? ""}`,
    info: [
      [t("fields.receipt_no"), s.number ?? ""],
      [t("fields.date"), fmt.dateTime(s.date)],
      [t("fields.cashier"), s.cashier.user_name],
      [t("fields.customer"), names.party(s.consumer_name)],
      [t("fields.drawer"), s.closing_fk ? t("sales.closed") : t("sales.open")],
      [
        t("fields.payments"),
        s.payments
          .map((p) => `${t(`methods.${p.method}`)} ${fmt.money(p.amount, p.currency_id)} ${currencyCode(p.currency_id)}`)
          .join(" + "),
      ],
      // What the customer handed over, beside the part of it the bill kept (the payments) and the change.
      [
        t("fields.received"),
        s.received_amount && Number(s.received_amount) ? `${fmt.money(s.received_amount, s.currency_name)} ${s.currency_name}` : "",
      ],
      [
        t("fields.change"),
        [
          Number(s.change.amount) ? `${fmt.money(s.change.amount, s.change.currency_id)} ${currencyCode(s.change.currency_id)}` : "",
          // Beside whole dollars, the rest handed over in dinars.
          Number(s.change.amount_iqd) ? `${fmt.money(s.change.amount_iqd, "IQD")} IQD` : "",
        ]
          .filter(Boolean)
          .join(" + "),
      ],
    ],
    ...sheetLines(s.lines, [
      { header: t("fields.item"), cell: (l) => (l.promotion_title ? `${l.item_name} (${l.promotion_title})` : l.item_name) },
      col(s).unit,
      col(s).quantity,
      col(s).money("unit_price"),
      col(s).money("discount_amount", "discount"),
      col(s).money("line_total"),
    ]),
    totals: [
      [t("fields.total"), `${fmt.docAmount(s.total_iqd, "IQD")} IQD`],
      [t("fields.total_usd"), `${fmt.docAmount(s.total_usd, "USD")} USD`],
      [t("fields.paid"), `${fmt.docAmount(s.paid_amount, s.currency_name)} ${s.currency_name}`],
    ],
    note: s.note,
  });
}

/** One POS sale (SPEC §2 `/sales/pos-sales/view/{id}/{newTab}`), printable on A4. */
export function PosSaleViewPage() {
  const { t } = useTranslation("posadmin");
  const params = useParams();
  const id = routeId(params.id);
  const navigate = useNavigate();
  const can = useCan();
  const sheetOf = usePosSaleSheet();
  const doc = useQuery(posSaleQuery(id));
  if (doc.isPending) return <PageLoader />;
  const s = doc.data;
  if (!s) return <Alert color="red">{t("notFound")}</Alert>;
  const sheet = sheetOf(s);
  return (
    <DocView
      sheet={sheet}
      testPrefix="pos-sale"
      audit={{ module: "pos_sales", recordId: s.id }}
      backTo={PATHS.sales}
      actions={
        can("pos_sales/update##pos_admin_sales/update") &&
        !s.closing_fk && (
          <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => void navigate(PATHS.saleEdit(s.id))}>
            {t("actions.edit")}
          </Button>
        )
      }
    />
  );
}
