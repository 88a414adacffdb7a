import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useInvalidateLedger } from "../api/ledger";
import { docActions } from "../DataTable";
import { type DocListOf, selectFilter } from "../ListPage";
import { useConfirmDelete } from "../useConfirmDelete";

/**
 * What a document list page reads first (purchases, sales, returns, quotations, transfers): its
 * words (`ns`), the navigation, its rows' actions under the permission `section` (`docActions`),
 * and Delete asking first, naming the row by its number; a document that `posts` refreshes the
 * ledger's figures once deleted; the filters by state and by payment its documents share. `of`
 * names the list for `DocListPage`.
 */
export function useDocListKit<Row extends { id: number; number: string | null }>(list: Omit<DocListOf, "del"> & { posts?: boolean }) {
  const { posts, ...names } = list;
  const { t } = useTranslation(list.ns);
  const navigate = useNavigate();
  const invalidateLedger = useInvalidateLedger();
  const del = useConfirmDelete<Row>(list.endpoint, {
    idOf: (r) => r.id,
    nameOf: (r) => r.number ?? "",
    onDeleted: posts ? invalidateLedger : undefined,
  });
  const filters = {
    /** Draft or complete. */
    status: selectFilter(
      "status",
      `${list.ns}:fields.status`,
      ["draft", "complete"].map((v) => ({ value: v, label: `${list.ns}:status.${v}` })),
    ),
    /** Paid, unpaid or partially paid (purchases and sales). */
    paymentStatus: selectFilter(
      "payment_status",
      `${list.ns}:fields.payment_status`,
      ["paid", "unpaid", "partially_paid"].map((v) => ({ value: v, label: `${list.ns}:paymentStatus.${v}` })),
    ),
  };
  return { t, navigate, del, docActions: docActions<Row>(list.section), filters, of: { ...names, del } };
}
