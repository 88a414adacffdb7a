import { Alert } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useSession } from "../../app/session";
import type { SheetContent } from "../../shared/documents/DocSheet";
import { DocView } from "../../shared/documents/DocView";
import { routeId } from "../../shared/documents/routeParams";
import { useFormat } from "../../shared/format";
import { useSeededNames } from "../../shared/seededNames";
import { closingQuery, currencyCode, PATHS } from "./posAdmin.queries";

/** One drawer closing (SPEC §2 `/sales/closing-drawer/view/{id}/{newTab}`) and its Z report, printable on A4. */
export function ClosingDrawerViewPage() {
  const { t } = useTranslation("posadmin");
  const params = useParams();
  const id = routeId(params.id);
  const fmt = useFormat();
  const names = useSeededNames();
  const { systemConfig } = useSession();
  const doc = useQuery(closingQuery(id));
  if (doc.isPending) return <PageLoader />;
  const z = doc.data;
  if (!z) return <Alert color="red">{t("notFound")}</Alert>;
  const sys = systemConfig.currency.currency_name;
  const sheet: SheetContent = {
    title: `${t("closing.zReport")} ${z.number}`,
    info: [
      [t("fields.number"), z.number],
      [t("fields.code"), z.code],
      [t("fields.cashier"), z.user_name],
      [t("fields.outlet"), names.outlet(z.outlet_name)],
      [t("fields.opened_at"), z.opened_at ? fmt.dateTime(z.opened_at) : ""],
      [t("fields.closed_at"), fmt.dateTime(z.closed_at)],
      [t("fields.receipts_count"), String(z.receipts_count)],
      [t("fields.invoices_count"), String(z.invoices_count)],
    ],
    // The opening float is part of the cash expected: shown on its own so the count reads right.
    headers: [t("fields.currency"), t("fields.opening_float"), t("fields.expected"), t("fields.counted"), t("fields.difference")],
    rows: z.cash.map((c) => ({
      key: c.currency_id,
      cells: [
        c.currency_name,
        fmt.money(c.opening_float, c.currency_id),
        fmt.money(c.expected, c.currency_id),
        fmt.money(c.counted, c.currency_id),
        fmt.money(c.difference, c.currency_id),
      ],
    })),
    numeric: [false, true, true, true, true],
    totals: [
      [t("fields.sales_total"), `${fmt.sysMoney(z.sales_total)} ${sys}`],
      [t("fields.discount_total"), `${fmt.sysMoney(z.discount_total)} ${sys}`],
      [t("fields.returns_total"), `${fmt.sysMoney(z.returns_total)} ${sys}`],
      [t("fields.difference_total"), `${fmt.sysMoney(z.difference_total)} ${sys}`],
      ...z.floats.map((f): [string, string] => [
        `${t("fields.opening_float")} ${f.number} (${names.account(f.from_account_name)})`,
        `${fmt.money(f.amount, f.currency_id)} ${currencyCode(f.currency_id)}`,
      ]),
    ],
    note: z.note,
  };
  return (
    <DocView
      sheet={sheet}
      testPrefix="closing"
      printLabel={t("actions.printZ")}
      backTo={PATHS.closings}
      audit={{ module: "closing_drawers", recordId: id }}
    />
  );
}
