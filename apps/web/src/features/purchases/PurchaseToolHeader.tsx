import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PATHS } from "../../shared/api/purchases";
import { PageHeader } from "../../shared/PageHeader";

/** The header of a screen run on one purchase (apply cost, modify sale price): its title with the purchase's number, Back to the purchase, and the screen's own action. */
export function PurchaseToolHeader(props: {
  title: string;
  number: string | null;
  description: string;
  purchaseId: number;
  children: ReactNode;
}) {
  const { t } = useTranslation("purchases");
  const navigate = useNavigate();
  return (
    <PageHeader
      title={`${props.title} ${props.number ?? ""}`}
      description={props.description}
      actions={
        <Group>
          <Button variant="default" onClick={() => void navigate(PATHS.view(props.purchaseId))}>
            {t("actions.back")}
          </Button>
          {props.children}
        </Group>
      }
    />
  );
}
