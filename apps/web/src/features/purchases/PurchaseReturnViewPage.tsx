import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PATHS, purchaseReturnQuery } from "../../shared/api/purchases";
import { DocView } from "../../shared/documents/DocView";
import { DocBadges } from "../../shared/documents/docActions";
import { useDocViewKit } from "../../shared/documents/useDocViewKit";

/** One purchase return (SPEC §2 `/purchases/purchase-return/view/{id}/{newTab}`), printable on A4. */
export function PurchaseReturnViewPage() {
  const { t } = useTranslation("purchases");
  const kit = useDocViewKit(t);
  const { fmt, names } = kit;
  const doc = useQuery(purchaseReturnQuery(kit.id));
  const r = doc.data;
  if (!r) return kit.missing(doc);
  const col = kit.columns(r.currency_name);
  const sheet = kit.sheet(r, {
    title: t("returns.view"),
    info: [
      [t("fields.supplier"), r.consumer_name],
      [t("fields.purchase"), r.purchase_number ?? ""],
      [t("fields.reference_no"), r.reference_no ?? ""],
      [t("fields.inventory"), names.inventory(r.inventory_name)],
      kit.currency(r),
      [t("fields.received_type"), t(`paymentTypes.${r.payment_type}`)],
    ],
    columns: [
      col.item,
      col.unit,
      col.quantity,
      { header: t("fields.return_bonus"), cell: (l) => (Number(l.bonus) ? fmt.amount(l.bonus) : ""), numeric: true },
      col.money("unit_price"),
      col.batch,
      col.money("line_total"),
    ],
    totals: [[t("fields.total"), col.amount(r.total)]],
  });

  return (
    <DocView
      sheet={sheet}
      testPrefix="return"
      audit={{ module: "purchase_returns", recordId: r.id }}
      backTo={PATHS.returns}
      editTo={kit.can("purchase_returns/update") && !r.is_closed && PATHS.returnUpsert(r.id, 1)}
      badges={<DocBadges status={r.status} closed={r.is_closed} />}
    />
  );
}
