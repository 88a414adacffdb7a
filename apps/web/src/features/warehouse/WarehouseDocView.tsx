import { Button, Group, Text } from "@mantine/core";
import { IconArrowBack } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { PageHeader } from "../../shared/PageHeader";
import { docQuery, ROUTES, WD } from "./warehouseDocs.queries";

type Section = keyof typeof WD;

/** The warehouse document of the address (`view/{id}`) in `section`. */
export function useWarehouseDoc<R>(section: Section) {
  const id = Number(useParams().id);
  return useQuery(docQuery<R>(WD[section], id));
}

/** The page while a warehouse document loads, or when there is none. */
export function WarehouseDocMissing({ pending }: { pending: boolean }) {
  const { t } = useTranslation("warehousedocs");
  return pending ? <PageLoader /> : <Text>{t("notFound")}</Text>;
}

/**
 * A warehouse document's header: its kind's title (`{section}.title`) with its number, Back to
 * its list and, when the page gives them (`children`, even none for now), the document's actions beside it.
 */
export function WarehouseDocHeader({ section, doc, children }: { section: Section; doc: { number: string | null }; children?: ReactNode }) {
  const { t } = useTranslation("warehousedocs");
  const back = (
    <Button component={Link} to={ROUTES[section]} variant="default" leftSection={<IconArrowBack size={16} />}>
      {t("backToList")}
    </Button>
  );
  return (
    <PageHeader
      title={`${t(`${section}.title`)} ${doc.number ?? ""}`}
      actions={
        children === undefined ? (
          back
        ) : (
          <Group>
            {back}
            {children}
          </Group>
        )
      }
    />
  );
}
