import { VISIBLE_PAGE_NUMBERS } from "@app/contracts";
import { ActionIcon, Group } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** The window of page numbers around the current page, at most VISIBLE_PAGE_NUMBERS wide (SPEC §9). */
export function visiblePages(current: number, last: number, width: number = VISIBLE_PAGE_NUMBERS): number[] {
  if (last <= 0) return [];
  const count = Math.min(width, last);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, last - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function Pager({ page, lastPage, onChange }: { page: number; lastPage: number; onChange: (p: number) => void }) {
  const { t } = useTranslation("table");
  if (lastPage <= 1) return null;
  const nav = (p: number, label: string, icon: React.ReactNode) => (
    <ActionIcon variant="default" size="md" disabled={p < 1 || p > lastPage || p === page} onClick={() => onChange(p)} aria-label={label}>
      {icon}
    </ActionIcon>
  );
  return (
    <Group gap={4} wrap="nowrap" data-testid="pager" aria-label={t("pagination")}>
      {nav(1, t("firstPage"), <IconChevronsLeft size={16} className="flip-rtl" />)}
      {nav(page - 1, t("previousPage"), <IconChevronLeft size={16} className="flip-rtl" />)}
      {visiblePages(page, lastPage).map((p) => (
        <ActionIcon
          key={p}
          variant={p === page ? "filled" : "default"}
          size="md"
          w="auto"
          miw={30}
          px={6}
          onClick={() => onChange(p)}
          aria-current={p === page ? "page" : undefined}
          aria-label={t("page", { page: p })}
        >
          {p}
        </ActionIcon>
      ))}
      {nav(page + 1, t("nextPage"), <IconChevronRight size={16} className="flip-rtl" />)}
      {nav(lastPage, t("lastPage"), <IconChevronsRight size={16} className="flip-rtl" />)}
    </Group>
  );
}
