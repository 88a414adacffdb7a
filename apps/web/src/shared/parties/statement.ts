import Decimal from "decimal.js";
import type { StatementLine } from "../api/parties";

export interface StatementSection {
  currency_id: number;
  currency_name: string;
  lines: (StatementLine & { running: string })[];
  debit: string;
  credit: string;
  closing: string;
}

const dec = (v: string | null | undefined) => {
  try {
    return new Decimal(v || "0");
  } catch {
    return new Decimal(0);
  }
};

/**
 * Splits a statement by currency and carries a running balance (debit minus credit) through
 * each section, in exact decimals. A balance the server sent wins over the computed one.
 */
export function statementSections(lines: readonly StatementLine[]): StatementSection[] {
  const byCurrency = new Map<number, StatementSection>();
  const running = new Map<number, Decimal>();
  for (const line of lines) {
    let section = byCurrency.get(line.currency_id);
    if (!section) {
      section = {
        currency_id: line.currency_id,
        currency_name: line.currency_name ?? "",
        lines: [],
        debit: "0",
        credit: "0",
        closing: "0",
      };
      byCurrency.set(line.currency_id, section);
    }
    const next = (running.get(line.currency_id) ?? new Decimal(0)).plus(dec(line.debit)).minus(dec(line.credit));
    const value = line.balance !== undefined && line.balance !== null && line.balance !== "" ? dec(line.balance) : next;
    running.set(line.currency_id, value);
    section.lines.push({ ...line, running: value.toFixed() });
    section.debit = dec(section.debit).plus(dec(line.debit)).toFixed();
    section.credit = dec(section.credit).plus(dec(line.credit)).toFixed();
    section.closing = value.toFixed();
  }
  return [...byCurrency.values()].sort((a, b) => a.currency_id - b.currency_id);
}
