import { Alert, Anchor } from "@mantine/core";
import { IconArchive } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { financialYearsQuery } from "../../shared/api/settings";

/** The financial year the user works in, when it is archived (SPEC §4); null otherwise. */
export function useArchivedYear() {
  const years = useQuery({ ...financialYearsQuery, meta: { silent: true } });
  const active = years.data?.find((y) => y.is_active);
  return active?.archived ? active : null;
}

/** The warning the layout shows above every screen while the active year is archived. */
export function ArchivedYearBanner() {
  const { t } = useTranslation("settings");
  const year = useArchivedYear();
  if (!year) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconArchive size={18} />}
      mb="md"
      title={t("financialYear.bannerTitle", { name: year.name })}
      data-testid="archived-year-banner"
    >
      {t("financialYear.bannerText")}{" "}
      {/* The alert's own text colour, underlined: the theme's link colour is too light on the orange ground. */}
      <Anchor component={Link} to="/settings/financial-year" size="sm" c="inherit" underline="always">
        {t("financialYear.bannerLink")}
      </Anchor>
    </Alert>
  );
}
