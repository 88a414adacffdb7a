import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** "Active" or "Inactive" as a small badge in a list row. */
export function ActiveBadge({ on }: { on: boolean }) {
  const { t } = useTranslation("common");
  return (
    <Badge variant="light" color={on ? "teal" : "gray"}>
      {on ? t("status.active") : t("status.inactive")}
    </Badge>
  );
}
