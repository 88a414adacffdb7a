import { Badge, Button } from "@mantine/core";
import { IconArrowBackUp, IconCheck, IconEdit, IconLock, IconLockOpen, IconThumbDown, IconThumbUp } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCan } from "../../app/session";
import { DocTimeline } from "../../shared/documents/DocTimeline";
import { useFormat } from "../../shared/format";
import { useSeededNames } from "../../shared/seededNames";
import type { DisposalLine, DisposalRecord } from "./DestructedUpsertPage";
import { WarehouseDocAction } from "./WarehouseDocAction";
import { WarehouseDocFacts } from "./WarehouseDocFacts";
import { WarehouseDocLinesTable } from "./WarehouseDocLinesTable";
import { DocStatusBadge } from "./WarehouseDocList";
import { useWarehouseDoc, WarehouseDocHeader, WarehouseDocMissing } from "./WarehouseDocView";
import { ROUTES, WD } from "./warehouseDocs.queries";

/** A write-off: its goods and the loss each left with; Done and Return To Draft from here. */
export function DestructedViewPage() {
  const { t } = useTranslation("warehousedocs");
  const fmt = useFormat();
  const names = useSeededNames();
  const can = useCan();
  const doc = useWarehouseDoc<DisposalRecord>("disposals");
  const d = doc.data;
  if (!d) return <WarehouseDocMissing pending={doc.isPending} />;
  const draft = d.status === "draft";
  // Closed, it is changed only by someone who may unclose (the server says so to anyone else).
  const changeable = !d.is_closed || can(`${WD.disposals}/unclose`);
  return (
    <>
      <WarehouseDocHeader section="disposals" doc={d}>
        {draft && changeable && can(`${WD.disposals}/update`) && (
          <Button component={Link} to={`${ROUTES.disposals}/upsert/${d.id}/1/0`} variant="light" leftSection={<IconEdit size={16} />}>
            {t("common:edit")}
          </Button>
        )}
        {/* A draft is marked done; a done write-off goes back to draft. */}
        <WarehouseDocAction
          doc={d}
          endpoint={WD.disposals}
          action={draft ? "complete" : "return_to_draft"}
          {...(draft ? { color: "red" } : { variant: "light" })}
          leftSection={draft ? <IconCheck size={16} /> : <IconArrowBackUp size={16} />}
          testId={draft ? "disposal-done" : "disposal-return-to-draft"}
        >
          {draft ? t("disposals.markDone") : t("returnToDraft")}
        </WarehouseDocAction>
        {/* SPEC §4: a write-off is approved or disapproved; one waiting for approval moves nothing until approved. */}
        {draft && d.approval !== "approved" && (
          <WarehouseDocAction
            doc={d}
            endpoint={WD.disposals}
            action="approve"
            color="green"
            variant="light"
            leftSection={<IconThumbUp size={16} />}
            testId="disposal-approve"
          >
            {t("doclife:approval.approve")}
          </WarehouseDocAction>
        )}
        {draft && d.approval !== "disapproved" && (
          <WarehouseDocAction
            doc={d}
            endpoint={WD.disposals}
            action="disapprove"
            color="orange"
            variant="light"
            leftSection={<IconThumbDown size={16} />}
            testId="disposal-disapprove"
          >
            {t("doclife:approval.disapprove")}
          </WarehouseDocAction>
        )}
        <WarehouseDocAction
          doc={d}
          endpoint={WD.disposals}
          action={d.is_closed ? "open" : "close"}
          variant="default"
          leftSection={d.is_closed ? <IconLockOpen size={16} /> : <IconLock size={16} />}
          testId={d.is_closed ? "disposal-open" : "disposal-close"}
        >
          {t(d.is_closed ? "doclife:closing.open" : "doclife:closing.close")}
        </WarehouseDocAction>
      </WarehouseDocHeader>
      <WarehouseDocFacts
        doc={d}
        facts={[
          [t("fields.disposalType"), t(`types.${d.disposal_type}`)],
          [
            t("fields.status"),
            <span key="status">
              <DocStatusBadge status={d.status} />{" "}
              {d.approval && (
                <Badge
                  variant="outline"
                  color={d.approval === "approved" ? "green" : d.approval === "pending" ? "yellow" : "red"}
                  data-testid="disposal-approval"
                >
                  {t(`doclife:approval.${d.approval}`)}
                </Badge>
              )}{" "}
              {d.is_closed && (
                <Badge variant="light" color="dark" data-testid="disposal-closed">
                  {t("doclife:closing.closed")}
                </Badge>
              )}
            </span>,
          ],
          [
            t("fields.totalLoss"),
            <span key="loss" className="amount" data-testid="disposal-total-loss">
              {fmt.sysMoney(d.total_loss)}
            </span>,
          ],
          [t("fields.createdBy"), d.created_by_name ?? ""],
          [t("fields.note"), d.note ?? ""],
        ]}
      />
      <WarehouseDocLinesTable<DisposalLine>
        testId="disposal-view-lines"
        lines={d.lines}
        columns={[
          { label: t("fields.item"), cell: (l) => l.item_name },
          { label: t("fields.unit"), cell: (l) => names.unit(l.unit_name) },
          { label: t("fields.quantity"), cell: (l) => fmt.amount(l.quantity), amount: true },
          { label: t("fields.batchNo"), cell: (l) => (l.batch_id ? (l.batch_no ?? t("noBatch")) : t("firstExpiryFirst")), ltr: true },
          { label: t("fields.expireDate"), cell: (l) => (l.expire_date ? fmt.date(l.expire_date) : "") },
          { label: t("fields.description"), cell: (l) => l.description ?? "" },
          { label: t("fields.loss"), cell: (l) => fmt.sysMoney(l.loss), amount: true },
        ]}
      />
      <DocTimeline module={WD.disposals} recordId={d.id} />
    </>
  );
}
