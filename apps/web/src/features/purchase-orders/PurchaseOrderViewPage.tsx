import { ActionIcon, Anchor, Button, FileButton, Group, Image, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowBackUp, IconBan, IconCamera, IconCopy, IconPackageImport, IconSend, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { api } from "../../shared/api/client";
import { useConfirmAction } from "../../shared/ConfirmDialog";
import { DocView } from "../../shared/documents/DocView";
import { useDocViewKit } from "../../shared/documents/useDocViewKit";
import { notifyError, notifySuccess } from "../../shared/notify";
import { OrderBadges } from "./PurchaseOrdersPage";
import { ORDER_PATHS, PURCHASE_ORDERS, type PurchaseOrderRecord, purchaseOrderQuery } from "./purchaseOrders.queries";
import "../../shared/amount.css";

type OrderAction = "order" | "return_to_draft" | "cancel_rest";

/**
 * One purchase order: as printed on A4 (the supplier with its address, the lines with the prices
 * expected), in the reader's language; what each line has received and has still to come; its
 * receipts; Order, Return To Draft, Receive and Cancel The Rest; the supplier's confirmation as
 * photos or scans (`purchases/order_images`).
 */
export function PurchaseOrderViewPage() {
  const { t } = useTranslation("purchaseorders");
  const kit = useDocViewKit(t);
  const { id, can, fmt, names } = kit;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirmAction();
  const doc = useQuery(purchaseOrderQuery(id));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [PURCHASE_ORDERS] });
  const act = useMutation({
    mutationFn: (action: OrderAction) => api(`${PURCHASE_ORDERS}/${id}/${action}`, { method: "POST", body: {} }),
    onSuccess: (_r, action) => {
      notifySuccess(t(`done.${action}`));
      refresh();
    },
    onError: notifyError,
    meta: { silent: true },
  });
  const images = useMutation({
    mutationFn: (change: { add: File[] } | { remove: string }) => {
      if ("remove" in change) return api(`${PURCHASE_ORDERS}/${id}/remove_image`, { method: "POST", body: { image: change.remove } });
      const body = new FormData();
      for (const f of change.add) body.append("image", f);
      return api(`${PURCHASE_ORDERS}/${id}/images`, { method: "POST", body });
    },
    onSuccess: () => {
      notifySuccess(t("done.images"));
      refresh();
    },
    onError: notifyError,
    meta: { silent: true },
  });
  const o = doc.data;
  if (!o) return kit.missing(doc);
  const col = kit.columns(o.currency_name);
  const address = [o.supplier_address, o.supplier_city].filter(Boolean).join(t("addressSeparator"));
  const open = o.status === "ordered";
  const sheet = kit.sheet(o, {
    title: t("viewTitle"),
    info: [
      [t("fields.supplier"), o.consumer_name],
      [t("fields.supplier_address"), address],
      [t("fields.supplier_mobile"), o.supplier_mobile ?? ""],
      [t("fields.reference_no"), o.reference_no ?? ""],
      [t("fields.expected_date"), o.expected_date ? fmt.date(o.expected_date) : ""],
      [t("fields.inventory"), names.inventory(o.inventory_name)],
      kit.currency(o),
      [
        t("fields.status"),
        o.status === "draft" ? t("status.draft") : `${t(`status.${o.status}`)} · ${t(`receiveStatus.${o.receive_status}`)}`,
      ],
    ],
    columns: [
      { header: t("fields.item"), cell: (l) => (l.description ? `${l.item_name} — ${l.description}` : l.item_name) },
      col.unit,
      col.quantity,
      col.money("unit_price"),
      col.money("line_total"),
      ...(o.status === "draft"
        ? []
        : [
            {
              header: t("fields.received"),
              cell: (l: PurchaseOrderRecord["lines"][number]) => fmt.amount(l.received_quantity),
              numeric: true,
            },
            {
              header: t("fields.remaining"),
              cell: (l: PurchaseOrderRecord["lines"][number]) => fmt.amount(l.remaining_quantity),
              numeric: true,
            },
          ]),
    ],
    totals: [[t("fields.total"), col.amount(o.total)]],
  });
  const hasReceipts = o.receipts.length > 0;
  const leftToCome = o.lines.some((l) => Number(l.remaining_quantity) > 0);

  return (
    <DocView
      sheet={sheet}
      testPrefix="order"
      audit={{ module: "purchase_orders", recordId: o.id }}
      backTo={ORDER_PATHS.list}
      editTo={o.status === "draft" && can("purchases/order") && ORDER_PATHS.upsert(o.id, 1)}
      badges={<OrderBadges row={o} />}
      actions={
        can("purchases/order") && (
          <>
            <Button variant="light" leftSection={<IconCopy size={16} />} onClick={() => void navigate(ORDER_PATHS.upsert(0, 0, o.id))}>
              {t("actions.copy")}
            </Button>
            {o.status === "draft" && (
              <Button
                color="blue"
                leftSection={<IconSend size={16} />}
                loading={act.isPending}
                onClick={() => act.mutate("order")}
                data-testid="order-place"
              >
                {t("actions.order")}
              </Button>
            )}
            {open && !hasReceipts && (
              <Button
                variant="light"
                color="orange"
                leftSection={<IconArrowBackUp size={16} />}
                loading={act.isPending}
                onClick={() => act.mutate("return_to_draft")}
              >
                {t("actions.returnToDraft")}
              </Button>
            )}
            {open && leftToCome && can("purchases/store") && can("purchases/complete") && (
              <Button
                color="green"
                leftSection={<IconPackageImport size={16} />}
                onClick={() => void navigate(ORDER_PATHS.receive(o.id))}
                data-testid="order-receive"
              >
                {t("actions.receive")}
              </Button>
            )}
            {open && leftToCome && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconBan size={16} />}
                loading={act.isPending}
                onClick={() =>
                  confirm.ask(t("actions.cancelRest"), o.number ?? "", () => act.mutate("cancel_rest"), t("cancelRestQuestion"))
                }
                data-testid="order-cancel-rest"
              >
                {t("actions.cancelRest")}
              </Button>
            )}
          </>
        )
      }
    >
      {hasReceipts && (
        <Stack gap={4} data-testid="order-receipts">
          <Title order={5}>{t("receipts")}</Title>
          <Table withTableBorder>
            <Table.Tbody>
              {o.receipts.map((r) => (
                <Table.Tr key={r.id} data-testid="order-receipt">
                  <Table.Td>
                    <Anchor component={Link} to={ORDER_PATHS.purchase(r.id)}>
                      {r.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{fmt.date(r.date)}</Table.Td>
                  <Table.Td>{t(`purchaseStatus.${r.status}`)}</Table.Td>
                  <Table.Td className="amount">{col.amount(r.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      <Stack gap={4} data-testid="order-images">
        <Group justify="space-between">
          <Title order={5}>{t("images")}</Title>
          {can("purchases/order_images") && (
            <FileButton onChange={(files) => files.length && images.mutate({ add: files })} accept="image/png,image/jpeg" multiple>
              {(props) => (
                <Button {...props} variant="light" size="xs" leftSection={<IconCamera size={14} />} loading={images.isPending}>
                  {t("actions.addImages")}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {o.images.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("noImages")}
          </Text>
        ) : (
          <Group gap="sm">
            {o.images.map((name) => (
              <Stack key={name} gap={2} align="center">
                <Anchor href={`/images/${name}`} target="_blank" rel="noreferrer">
                  <Image src={`/images/thumbs/${name}`} alt={t("imageAlt")} w={96} h={96} fit="contain" radius="sm" />
                </Anchor>
                {can("purchases/order_images") && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("actions.removeImage")}
                    onClick={() => images.mutate({ remove: name })}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                )}
              </Stack>
            ))}
          </Group>
        )}
      </Stack>
      {confirm.dialog}
    </DocView>
  );
}
