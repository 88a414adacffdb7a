import { Alert } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan, useSession } from "../../app/session";
import { docDay } from "../../shared/api/ledger";
import { PATHS, purchaseReturnQuery } from "../../shared/api/purchases";
import type { SheetContent } from "../../shared/documents/DocSheet";
import { currencyShown, DocView } from "../../shared/documents/DocView";
import { DocBadges } from "../../shared/documents/docActions";
import { routeId } from "../../shared/documents/routeParams";
import { useFormat } from "../../shared/format";
import { useSeededNames } from "../../shared/seededNames";

/** One purchase return (SPEC §2 `/purchases/purchase-return/view/{id}/{newTab}`), printable on A4. */
export function PurchaseReturnViewPage() {
  const { t } = useTranslation("purchases");
  const params = useParams();
  const id = routeId(params.id);
  const can = useCan();
  const fmt = useFormat();
  const names = useSeededNames();
  const { systemConfig } = useSession();
  const doc = useQuery(purchaseReturnQuery(id));
  if (doc.isPending) return <PageLoader />;
  const r = doc.data;
  if (!r) return <Alert color="red">{t("notFound")}</Alert>;
  const cur = r.currency_name;
  const sheet: SheetContent = {
    title: `${t("returns.view")} ${r.number ?? ""}`,
    info: [
      [t("fields.number"), r.number ?? ""],
      [t("fields.date"), fmt.date(docDay(r.date))],
      [t("fields.supplier"), r.consumer_name],
      [t("fields.purchase"), r.purchase_number ?? ""],
      [t("fields.reference_no"), r.reference_no ?? ""],
      [t("fields.inventory"), names.inventory(r.inventory_name)],
      [t("fields.currency"), currencyShown(r, systemConfig.currency_fk, t("fields.rate"), fmt.rate)],
      [t("fields.received_type"), t(`paymentTypes.${r.payment_type}`)],
    ],
    headers: [
      "#",
      t("fields.item"),
      t("fields.unit"),
      t("fields.quantity"),
      t("fields.return_bonus"),
      t("fields.unit_price"),
      t("fields.batch_no"),
      t("fields.line_total"),
    ],
    rows: r.lines.map((l, i) => ({
      key: l.line_id,
      cells: [
        String(i + 1),
        l.item_name,
        names.unit(l.unit_name),
        fmt.amount(l.quantity),
        Number(l.bonus) ? fmt.amount(l.bonus) : "",
        fmt.docAmount(l.unit_price, cur),
        l.batch_no ?? "",
        fmt.docAmount(l.line_total, cur),
      ],
    })),
    numeric: [false, false, false, true, true, true, false, true],
    totals: [[t("fields.total"), `${fmt.docAmount(r.total, cur)} ${cur}`]],
    note: r.note,
  };

  return (
    <DocView
      sheet={sheet}
      testId="return-sheet"
      printTestId="return-print"
      backTo={PATHS.returns}
      editTo={can("purchase_returns/update") && !r.is_closed && PATHS.returnUpsert(r.id, 1)}
      badges={<DocBadges status={r.status} closed={r.is_closed} />}
    />
  );
}
