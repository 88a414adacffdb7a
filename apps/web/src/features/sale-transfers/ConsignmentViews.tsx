import { Button } from "@mantine/core";
import { IconArrowBackUp, IconReceiptRefund, IconSend } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useConfirmAction } from "../../shared/ConfirmDialog";
import { DocView } from "../../shared/documents/DocView";
import type { SheetColumn } from "../../shared/documents/sheetLines";
import { useDocViewKit } from "../../shared/documents/useDocViewKit";
import { TransferBadges, useTransferAction } from "./ConsignmentLists";
import { saleTransferQuery, saleTransferReturnQuery, TRANSFER_PATHS } from "./saleTransfers.queries";

/** A transfer's item with its batch, as both sheets show it. */
const itemAndBatch = (header: string): SheetColumn<{ item_name: string; batch_no: string | null }> => ({
  header,
  cell: (l) => (l.batch_no ? `${l.item_name} (${l.batch_no})` : l.item_name),
});

/** One sale transfer (SPEC §2 `view/{id}/{newTab}`), printable on A4, with send, return to draft and return. */
export function SaleTransferViewPage() {
  const { t } = useTranslation("saletransfers");
  const kit = useDocViewKit(t);
  const { can, fmt, names, system } = kit;
  const navigate = useNavigate();
  const doc = useQuery(saleTransferQuery(kit.id));
  const act = useTransferAction();
  // Sending posts (the goods leave the inventory): asked first, as in the list's row menu.
  const confirm = useConfirmAction();
  const r = doc.data;
  if (!r) return kit.missing(doc);
  const col = kit.columns(r.currency_name);
  const sheet = kit.sheet(r, {
    title: t("transfer.viewTitle"),
    info: [
      [t("fields.customer"), r.consumer_name],
      [t("fields.mobile"), r.customer_mobile ?? ""],
      [t("fields.from_inventory"), names.inventory(r.inventory_name)],
      [t("fields.consignment"), names.inventory(r.consignment_inventory_name)],
      kit.currency(r),
      [t("fields.status"), t(`status.${r.status}`)],
    ],
    columns: [
      itemAndBatch(t("fields.item")),
      col.unit,
      col.quantity,
      col.money("unit_price"),
      col.money("line_total"),
      { header: t("fields.cost"), cell: (l) => fmt.money(l.cost, system), numeric: true },
    ],
    totals: [
      [t("fields.total"), col.amount(r.total)],
      [t("fields.cost"), fmt.money(r.cost, system)],
    ],
  });
  const open = !r.is_closed;
  return (
    <DocView
      sheet={sheet}
      testPrefix="transfer"
      audit={{ module: "sale_transfers", recordId: r.id }}
      backTo={TRANSFER_PATHS.list}
      editTo={open && r.status === "pending" && can("sale_transfers/update") && TRANSFER_PATHS.upsert(r.id, 1)}
      badges={<TransferBadges status={r.status} closed={r.is_closed} />}
      actions={
        <>
          {open && r.status === "pending" && can("sale_transfers/transfer") && (
            <Button
              color="green"
              leftSection={<IconSend size={16} />}
              loading={act.isPending}
              onClick={() => confirm.ask(t("actions.send"), r.number ?? "", () => act.mutate({ id: r.id, action: "send" }))}
              data-testid="transfer-send"
            >
              {t("actions.send")}
            </Button>
          )}
          {open && r.status === "sent" && can("sale_transfers/return_to_draft") && (
            <Button
              variant="light"
              color="orange"
              leftSection={<IconArrowBackUp size={16} />}
              loading={act.isPending}
              onClick={() => act.mutate({ id: r.id, action: "return_to_draft" })}
              data-testid="transfer-return-to-draft"
            >
              {t("actions.return_to_draft")}
            </Button>
          )}
          {r.status === "sent" && can("sale_transfers/store") && (
            <Button
              variant="light"
              leftSection={<IconReceiptRefund size={16} />}
              onClick={() => void navigate(TRANSFER_PATHS.returnUpsert(0, 0, r.id))}
              data-testid="transfer-make-return"
            >
              {t("actions.return")}
            </Button>
          )}
          {confirm.dialog}
        </>
      }
    />
  );
}

/** One sale-transfer return (SPEC §2 `/sales/sale-transfer-return/view/{id}/{newTab}`), printable on A4. */
export function SaleTransferReturnViewPage() {
  const { t } = useTranslation("saletransfers");
  const kit = useDocViewKit(t);
  const { fmt, names } = kit;
  const doc = useQuery(saleTransferReturnQuery(kit.id));
  const r = doc.data;
  if (!r) return kit.missing(doc);
  // A return moves goods back at cost: no amount of its own currency.
  const col = kit.columns("");
  const sheet = kit.sheet(r, {
    title: t("return.viewTitle"),
    info: [
      [t("fields.customer"), r.consumer_name],
      [t("fields.sale_transfer"), r.sale_transfer_number ?? ""],
      [t("fields.consignment"), names.inventory(r.consignment_inventory_name)],
      [t("fields.to_inventory"), names.inventory(r.inventory_name)],
    ],
    columns: [
      itemAndBatch(t("fields.item")),
      col.unit,
      col.quantity,
      { header: t("fields.cost"), cell: (l) => fmt.sysMoney(l.value), numeric: true },
    ],
    totals: [[t("fields.cost"), fmt.sysMoney(r.value)]],
  });
  return (
    <DocView
      sheet={sheet}
      testPrefix="return"
      backTo={TRANSFER_PATHS.returns}
      audit={{ module: "sale_transfer_returns", recordId: r.id }}
      editTo={kit.can("sale_transfers/update") && TRANSFER_PATHS.returnUpsert(r.id, 1)}
    />
  );
}
