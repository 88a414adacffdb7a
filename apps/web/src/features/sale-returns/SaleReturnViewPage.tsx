import { Anchor } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PATHS, saleLink, saleReturnQuery } from "../../shared/api/saleReturns";
import type { SheetContent } from "../../shared/documents/DocSheet";
import { DocView } from "../../shared/documents/DocView";
import { DocBadges } from "../../shared/documents/docActions";
import { sheetLines } from "../../shared/documents/sheetLines";
import { useDocViewKit } from "../../shared/documents/useDocViewKit";

/** One sale return (SPEC §2 `/sales/sale-returns/view/{id}/{newTab}`), printable on A4 in the three languages. */
export function SaleReturnViewPage() {
  const { t } = useTranslation("salereturns");
  const kit = useDocViewKit(t);
  const { can, fmt, names } = kit;
  const doc = useQuery(saleReturnQuery(kit.id));
  const r = doc.data;
  if (!r) return kit.missing(doc);
  const cur = r.currency_name;
  const col = kit.columns(cur);
  const money = (v: string) => `${fmt.docAmount(v, cur)} ${cur}`;
  const sheet: SheetContent = {
    title: `${t("view")} ${r.number ?? ""}`,
    info: [
      ...kit.heading(r),
      [t("fields.customer"), names.party(r.consumer_name)],
      [t("fields.sale"), r.sale_number ?? ""],
      [t("fields.inventory"), names.inventory(r.inventory_name)],
      kit.currency(r),
      [t("fields.received_type"), t(`receivedTypes.${r.received_type}`)],
      [t("fields.account"), r.account_name ? names.account(r.account_name, r.account_system_key) : ""],
    ],
    ...sheetLines(r.lines, [
      col.item,
      col.unit,
      col.quantity,
      col.money("unit_price"),
      col.batch,
      col.money("discount_amount", "discount"),
      col.money("tax_amount", "tax"),
      col.money("line_total"),
    ]),
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
