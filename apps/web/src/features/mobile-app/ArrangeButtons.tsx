import { ActionIcon, Group, Text } from "@mantine/core";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** A row's place in the arrangement, with buttons that move it one place up or down (saved at once). */
export function ArrangeButtons(props: { place: number; canMove: boolean; busy: boolean; onMove: (step: -1 | 1) => void; testId: string }) {
  const { t } = useTranslation("mobileapp");
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" w={24} ta="center">
        {props.place}
      </Text>
      {props.canMove && (
        <>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t("moveUp")}
            disabled={props.busy}
            onClick={() => props.onMove(-1)}
            data-testid={`${props.testId}-up`}
          >
            <IconArrowUp size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t("moveDown")}
            disabled={props.busy}
            onClick={() => props.onMove(1)}
            data-testid={`${props.testId}-down`}
          >
            <IconArrowDown size={14} />
          </ActionIcon>
        </>
      )}
    </Group>
  );
}
