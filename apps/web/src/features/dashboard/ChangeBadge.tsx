import { Badge, VisuallyHidden } from "@mantine/core";
import { IconArrowDownLeft, IconArrowDownRight, IconArrowUpLeft, IconArrowUpRight, IconMinus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { isRtl } from "../../app/i18n";
import { changeView } from "./changeBadge";

const TONE_COLOR = { good: "teal", bad: "red", neutral: "gray" } as const;

/**
 * A card's per cent change against the previous period: green when it is good news, red when it is
 * not, its arrow pointing the way the page reads (up and to the end of the line, mirrored right to
 * left). Screen readers hear it as a sentence.
 */
export function ChangeBadge({ changePct, upIsGood = true, testId }: { changePct: string | null; upIsGood?: boolean; testId?: string }) {
  const { t, i18n } = useTranslation("dashboard");
  const view = changeView(changePct, upIsGood);
  if (!view) return null;
  const rtl = isRtl(i18n.language);
  const Arrow =
    view.direction === "flat"
      ? IconMinus
      : view.direction === "up"
        ? rtl
          ? IconArrowUpLeft
          : IconArrowUpRight
        : rtl
          ? IconArrowDownLeft
          : IconArrowDownRight;
  return (
    <Badge
      color={TONE_COLOR[view.tone]}
      variant="light"
      radius="sm"
      leftSection={<Arrow size={14} stroke={2} aria-hidden="true" />}
      data-testid={testId}
      data-direction={view.direction}
      data-tone={view.tone}
    >
      <span className="amount" aria-hidden="true">
        {view.text}
      </span>
      <VisuallyHidden>{t(`change.${view.direction}`, { value: view.text })}</VisuallyHidden>
    </Badge>
  );
}
