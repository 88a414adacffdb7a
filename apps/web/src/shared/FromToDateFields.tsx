import { SimpleGrid } from "@mantine/core";
import type { ReactNode } from "react";
import { DateField } from "./DateField";

/** The head of a transfer's form, in one row: where it goes from, where to, and its day. */
export function FromToDateFields({
  from,
  to,
  dateLabel,
  date,
  onDate,
  dateError,
}: {
  from: ReactNode;
  to: ReactNode;
  dateLabel: string;
  date: string;
  onDate: (day: string) => void;
  dateError: string | undefined;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {from}
      {to}
      <DateField label={dateLabel} withAsterisk value={date || null} onChange={(v) => onDate(v ?? "")} error={dateError} />
    </SimpleGrid>
  );
}
