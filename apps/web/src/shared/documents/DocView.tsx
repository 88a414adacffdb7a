import { Button, Group, Stack } from "@mantine/core";
import { IconEdit, IconPrinter } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { recordPrint, timelineKey } from "../api/auditLog";
import { PageHeader } from "../PageHeader";
import { DocPrintCopy } from "./DocPrintCopy";
import { DocSheet, type SheetContent, usePrintSheet } from "./DocSheet";
import { DocTimeline } from "./DocTimeline";

/**
 * A document's view page: its title, Back to its list (not when opened in a tab of its own), Print
 * (the sheet on A4), Edit when the page says the user may, then the document's own actions, and the
 * sheet itself with its badges. `above` stands between the header and the sheet (warnings).
 * `testPrefix` names the sheet's and Print's test ids (`{prefix}-sheet`, `{prefix}-print`). The
 * browser's own print (Ctrl+P) prints the same A4 document as Print (`DocPrintCopy`). With `audit`
 * (the document's module in the audit log and its id) the sheet is followed by the document's
 * timeline, and Print is recorded in it.
 */
export function DocView({
  sheet,
  testPrefix,
  backTo,
  editTo,
  printLabel,
  actions,
  badges,
  above,
  audit,
  children,
}: {
  sheet: SheetContent;
  testPrefix: string;
  backTo: string;
  /** Where Edit goes; absent or false when the document may not be edited by this user. */
  editTo?: string | false;
  /** The print button's words where they are not "Print" (a Z report). */
  printLabel?: string;
  actions?: ReactNode;
  badges?: ReactNode;
  above?: ReactNode;
  /** The document in the audit log: its module (its endpoint) and id. */
  audit?: { module: string; recordId: number };
  children?: ReactNode;
}) {
  const { t } = useTranslation("common");
  const params = useParams();
  const navigate = useNavigate();
  const printSheet = usePrintSheet();
  const queryClient = useQueryClient();
  const print = () => {
    printSheet(sheet);
    if (!audit) return;
    // The print is recorded after the fact: a failure to record it stops no print.
    recordPrint(audit.module, audit.recordId)
      .then(() => queryClient.invalidateQueries({ queryKey: timelineKey(audit.module, audit.recordId) }))
      .catch(() => undefined);
  };
  const body = (
    <DocSheet sheet={sheet} testId={`${testPrefix}-sheet`} badges={badges}>
      {children}
    </DocSheet>
  );
  return (
    <>
      <PageHeader
        title={sheet.title}
        actions={
          <Group>
            {params.newTab !== "1" && (
              <Button variant="default" onClick={() => void navigate(backTo)}>
                {t("back")}
              </Button>
            )}
            <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={print} data-testid={`${testPrefix}-print`}>
              {printLabel ?? t("print")}
            </Button>
            {editTo && (
              <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => void navigate(editTo)}>
                {t("edit")}
              </Button>
            )}
            {actions}
          </Group>
        }
      />
      {above || audit ? (
        <Stack gap="md">
          {above}
          {body}
          {audit && <DocTimeline module={audit.module} recordId={audit.recordId} />}
        </Stack>
      ) : (
        body
      )}
      <DocPrintCopy sheet={sheet} />
    </>
  );
}

/** The currency of a document as its sheet shows it: the name, with the rate when it is not the system currency. */
export function currencyShown(
  doc: { currency_id: number; currency_name: string; rate: string },
  systemCurrency: number,
  rateLabel: string,
  rate: (v: string) => string,
): string {
  return doc.currency_id === systemCurrency ? doc.currency_name : `${doc.currency_name} (${rateLabel} ${rate(doc.rate)})`;
}
