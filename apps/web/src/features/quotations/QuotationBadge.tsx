import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { QuotationState } from "./quotations.queries";

const COLORS: Record<QuotationState, string> = { open: "blue", converted: "green", expired: "gray" };

/** A quotation's state: open, converted to a sale, or expired (open past its validity). */
export function QuotationBadge({ state }: { state: QuotationState }) {
  const { t } = useTranslation("quotations");
  return (
    <Badge variant="light" color={COLORS[state]} data-testid="quotation-status">
      {t(`status.${state}`)}
    </Badge>
  );
}
