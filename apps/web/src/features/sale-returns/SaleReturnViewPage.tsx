import { Anchor } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PATHS, saleLink, saleReturnQuery } from "../../shared/api/saleReturns";
import { DocView } from "../../shared/documents/DocView";
import { DocBadges } from "../../shared/documents/docActions";
import { useDocViewKit } from "../../shared/documents/useDocViewKit";

/** One sale return (SPEC §2 `/sales/sale-returns/view/{id}/{newTab}`), printable on A4 in the three languages. */
export function SaleReturnViewPage() {
  const { t } = useTranslation("salereturns");
  const kit = useDocViewKit(t);
  const { can, names } = kit;
  const doc = useQuery(saleReturnQuery(kit.id));
  const r = doc.data;
  if (!r) return kit.missing(doc);
  const col = kit.columns(r.currency_name);
  const sheet = kit.sheet(r, {
    title: t("view"),
    info: [
      [t("fields.customer"), names.party(r.consumer_name)],
      [t("fields.sale"), r.sale_number ?? ""],
      [t("fields.inventory"), names.inventory(r.inventory_name)],
      kit.currency(r),
      [t("fields.received_type"), t(`receivedTypes.${r.received_type}`)],
      [t("fields.account"), r.account_name ? names.account(r.account_name, r.account_system_key) : ""],
    ],
    columns: [
      col.item,
      col.unit,
      col.quantity,
      col.money("unit_price"),
      col.batch,
      col.money("discount_amount", "discount"),
      col.money("tax_amount", "tax"),
      col.money("line_total"),
    ],
    totals: [
      [t("fields.revenue"), col.amount(r.subtotal)],
      [t("fields.discount"), col.amount(r.discount_amount)],
      [t("fields.tax"), col.amount(r.tax_amount)],
      [t("fields.total"), col.amount(r.total)],
    ],
  });

  return (
    <DocView
      sheet={sheet}
      testPrefix="sale-return"
      audit={{ module: "sale_returns", recordId: r.id }}
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
