import { Alert, Anchor } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan, useSession } from "../../app/session";
import { docDay } from "../../shared/api/ledger";
import { PATHS, saleLink, saleReturnQuery } from "../../shared/api/saleReturns";
import type { SheetContent } from "../../shared/documents/DocSheet";
import { currencyShown, DocView } from "../../shared/documents/DocView";
import { DocBadges } from "../../shared/documents/docActions";
import { routeId } from "../../shared/documents/routeParams";
import { useFormat } from "../../shared/format";
import { useSeededNames } from "../../shared/seededNames";

/** One sale return (SPEC §2 `/sales/sale-returns/view/{id}/{newTab}`), printable on A4 in the three languages. */
export function SaleReturnViewPage() {
  const { t } = useTranslation("salereturns");
  const params = useParams();
  const id = routeId(params.id);
  const can = useCan();
  const fmt = useFormat();
  const names = useSeededNames();
  const { systemConfig } = useSession();
  const doc = useQuery(saleReturnQuery(id));
  if (doc.isPending) return <PageLoader />;
  const r = doc.data;
  if (!r) return <Alert color="red">{t("notFound")}</Alert>;
  const cur = r.currency_name;
  const money = (v: string) => `${fmt.docAmount(v, cur)} ${cur}`;
  const sheet: SheetContent = {
    title: `${t("view")} ${r.number ?? ""}`,
    info: [
      [t("fields.number"), r.number ?? ""],
      [t("fields.date"), fmt.date(docDay(r.date))],
      [t("fields.customer"), names.party(r.consumer_name)],
      [t("fields.sale"), r.sale_number ?? ""],
      [t("fields.inventory"), names.inventory(r.inventory_name)],
      [t("fields.currency"), currencyShown(r, systemConfig.currency_fk, t("fields.rate"), fmt.rate)],
      [t("fields.received_type"), t(`receivedTypes.${r.received_type}`)],
      [t("fields.account"), r.account_name ? names.account(r.account_name, r.account_system_key) : ""],
    ],
    headers: [
      "#",
      t("fields.item"),
      t("fields.unit"),
      t("fields.quantity"),
      t("fields.unit_price"),
      t("fields.batch_no"),
      t("fields.discount"),
      t("fields.tax"),
      t("fields.line_total"),
    ],
    rows: r.lines.map((l, i) => ({
      key: l.line_id,
      cells: [
        String(i + 1),
        l.item_name,
        names.unit(l.unit_name),
        fmt.amount(l.quantity),
        fmt.docAmount(l.unit_price, cur),
        l.batch_no ?? "",
        fmt.docAmount(l.discount_amount, cur),
        fmt.docAmount(l.tax_amount, cur),
        fmt.docAmount(l.line_total, cur),
      ],
    })),
    numeric: [false, false, false, true, true, false, true, true, true],
    totals: [
      [t("fields.revenue"), money(r.subtotal)],
      [t("fields.discount"), money(r.discount_amount)],
      [t("fields.tax"), money(r.tax_amount)],
      [t("fields.total"), money(r.total)],
    ],
    note: r.note,
  };

  return (
    <DocView
      sheet={sheet}
      testId="sale-return-sheet"
      printTestId="sale-return-print"
      backTo={PATHS.list}
      editTo={can("sale_returns/update") && !r.is_closed && PATHS.upsert(r.id, 1, r.sale_fk ?? 0)}
      badges={<DocBadges status={r.status} closed={r.is_closed} />}
      actions={
        r.sale_fk &&
        can(saleLink(r.sale_kind, r.sale_fk).permission) && (
          <Anchor component={Link} to={saleLink(r.sale_kind, r.sale_fk).to} data-testid="sale-return-sale-link">
            {t("openSale", { number: r.sale_number ?? "" })}
          </Anchor>
        )
      }
    />
  );
}
