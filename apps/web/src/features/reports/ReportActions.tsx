import { Button, Group } from "@mantine/core";
import { IconFileSpreadsheet, IconPrinter } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A report's header actions: print and export to Excel, after any actions of the report's own. */
export function ReportActions({ onPrint, onExport, children }: { onPrint: () => void; onExport: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      {children}
      <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={onPrint} data-testid="report-print">
        {t("table:print")}
      </Button>
      <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={onExport} data-testid="export-open">
        {t("table:exportExcel")}
      </Button>
    </Group>
  );
}
