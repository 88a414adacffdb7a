import { Button, Group, Stack } from "@mantine/core";
import { IconEdit, IconPrinter } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { PageHeader } from "../PageHeader";
import { DocPrintCopy } from "./DocPrintCopy";
import { DocSheet, type SheetContent, usePrintSheet } from "./DocSheet";

/**
 * A document's view page: its title, Back to its list (not when opened in a tab of its own), Print
 * (the sheet on A4), Edit when the page says the user may, then the document's own actions, and the
 * sheet itself with its badges. `above` stands between the header and the sheet (warnings).
 * `testPrefix` names the sheet's and Print's test ids (`{prefix}-sheet`, `{prefix}-print`). The
 * browser's own print (Ctrl+P) prints the same A4 document as Print (`DocPrintCopy`).
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
  children?: ReactNode;
}) {
  const { t } = useTranslation("common");
  const params = useParams();
  const navigate = useNavigate();
  const printSheet = usePrintSheet();
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
            <Button
              variant="light"
              leftSection={<IconPrinter size={16} />}
              onClick={() => printSheet(sheet)}
              data-testid={`${testPrefix}-print`}
            >
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
      {above ? (
        <Stack gap="md">
          {above}
          {body}
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
