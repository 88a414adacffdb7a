import { Alert, Button } from "@mantine/core";
import { IconArrowBackUp, IconReceiptRefund, IconSend } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan, useSession } from "../../app/session";
import { docDay } from "../../shared/api/ledger";
import { useConfirmAction } from "../../shared/ConfirmDialog";
import type { SheetContent } from "../../shared/documents/DocSheet";
import { currencyShown, DocView } from "../../shared/documents/DocView";
import { routeId } from "../../shared/documents/routeParams";
import { useFormat } from "../../shared/format";
import { useSeededNames } from "../../shared/seededNames";
import { TransferBadges, useTransferAction } from "./ConsignmentLists";
import { saleTransferQuery, saleTransferReturnQuery, TRANSFER_PATHS } from "./saleTransfers.queries";

/** One sale transfer (SPEC §2 `view/{id}/{newTab}`), printable on A4, with send, return to draft and return. */
export function SaleTransferViewPage() {
  const { t } = useTranslation("saletransfers");
  const id = routeId(useParams().id);
  const navigate = useNavigate();
  const can = useCan();
  const fmt = useFormat();
  const names = useSeededNames();
  const { systemConfig } = useSession();
  const doc = useQuery(saleTransferQuery(id));
  const act = useTransferAction();
  // Sending posts (the goods leave the inventory): asked first, as in the list's row menu.
  const confirm = useConfirmAction();
  if (doc.isPending) return <PageLoader />;
  const r = doc.data;
  if (!r) return <Alert color="red">{t("notFound")}</Alert>;
  const cur = r.currency_name;
  const sheet: SheetContent = {
    title: `${t("transfer.viewTitle")} ${r.number ?? ""}`,
    info: [
      [t("fields.number"), r.number ?? ""],
      [t("fields.date"), fmt.date(docDay(r.date))],
      [t("fields.customer"), r.consumer_name],
      [t("fields.mobile"), r.customer_mobile ?? ""],
      [t("fields.from_inventory"), names.inventory(r.inventory_name)],
      [t("fields.consignment"), names.inventory(r.consignment_inventory_name)],
      [t("fields.currency"), currencyShown(r, systemConfig.currency_fk, t("fields.rate"), fmt.rate)],
      [t("fields.status"), t(`status.${r.status}`)],
    ],
    headers: [
      "#",
      t("fields.item"),
      t("fields.unit"),
      t("fields.quantity"),
      t("fields.unit_price"),
      t("fields.line_total"),
      t("fields.cost"),
    ],
    rows: r.lines.map((l, i) => ({
      key: l.line_id,
      cells: [
        String(i + 1),
        l.batch_no ? `${l.item_name} (${l.batch_no})` : l.item_name,
        names.unit(l.unit_name),
        fmt.amount(l.quantity),
        fmt.docAmount(l.unit_price, cur),
        fmt.docAmount(l.line_total, cur),
        fmt.money(l.cost, systemConfig.currency_fk),
      ],
    })),
    numeric: [false, false, false, true, true, true, true],
    totals: [
      [t("fields.total"), `${fmt.docAmount(r.total, cur)} ${cur}`],
      [t("fields.cost"), fmt.money(r.cost, systemConfig.currency_fk)],
    ],
    note: r.note,
  };
  const open = !r.is_closed;
  return (
    <DocView
      sheet={sheet}
      testId="transfer-sheet"
      printTestId="transfer-print"
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
  const id = routeId(useParams().id);
  const can = useCan();
  const fmt = useFormat();
  const names = useSeededNames();
  const doc = useQuery(saleTransferReturnQuery(id));
  if (doc.isPending) return <PageLoader />;
  const r = doc.data;
  if (!r) return <Alert color="red">{t("notFound")}</Alert>;
  const sheet: SheetContent = {
    title: `${t("return.viewTitle")} ${r.number ?? ""}`,
    info: [
      [t("fields.number"), r.number ?? ""],
      [t("fields.date"), fmt.date(docDay(r.date))],
      [t("fields.customer"), r.consumer_name],
      [t("fields.sale_transfer"), r.sale_transfer_number ?? ""],
      [t("fields.consignment"), names.inventory(r.consignment_inventory_name)],
      [t("fields.to_inventory"), names.inventory(r.inventory_name)],
    ],
    headers: ["#", t("fields.item"), t("fields.unit"), t("fields.quantity"), t("fields.cost")],
    rows: r.lines.map((l, i) => ({
      key: l.line_id,
      cells: [
        String(i + 1),
        l.batch_no ? `${l.item_name} (${l.batch_no})` : l.item_name,
        names.unit(l.unit_name),
        fmt.amount(l.quantity),
        fmt.sysMoney(l.value),
      ],
    })),
    numeric: [false, false, false, true, true],
    totals: [[t("fields.cost"), fmt.sysMoney(r.value)]],
    note: r.note,
  };
  return (
    <DocView
      sheet={sheet}
      testId="return-sheet"
      printTestId="return-print"
      backTo={TRANSFER_PATHS.returns}
      editTo={can("sale_transfers/update") && TRANSFER_PATHS.returnUpsert(r.id, 1)}
    />
  );
}
