import { describe, expect, it } from "vitest";
import { toJournalLines } from "../ledger/journal.js";
import { closingEntryLines, drawerDifference } from "./closing.rule.js";

const IQD = 1;
const USD = 2;
const OVER_SHORT = 90;

describe("drawer closing rule", () => {
  it("is counted less expected", () => {
    expect(drawerDifference({ expected: "125000", counted: "124750" }).toFixed()).toBe("-250");
  });

  it("posts a short IQD drawer to over/short and an over USD drawer from it, balanced in the system currency", () => {
    const lines = closingEntryLines(
      [
        { currency_id: IQD, account_id: 10, expected: "125000", counted: "124750", rate: "1480" },
        { currency_id: USD, account_id: 11, expected: "40", counted: "42", rate: "1480" },
      ],
      OVER_SHORT,
      IQD,
    );
    expect(lines.map((l) => [l.account_id, String(l.debit ?? 0), String(l.credit ?? 0)])).toEqual([
      [OVER_SHORT, "250", "0"],
      [10, "0", "250"],
      [11, "2", "0"],
      [OVER_SHORT, "0", "2960"],
    ]);
    const rows = toJournalLines(lines, (id) => (id === 11 ? USD : IQD), IQD, { account_id: 45, currency_id: IQD });
    const sd = rows.reduce((s, r) => s + Number(r.sys_debit), 0);
    const sc = rows.reduce((s, r) => s + Number(r.sys_credit), 0);
    expect(sd).toBe(3210);
    expect(sc).toBe(3210);
    expect(rows.some((r) => r.account_id === 45)).toBe(false);
  });

  it("posts nothing when the count agrees", () => {
    expect(
      closingEntryLines([{ currency_id: IQD, account_id: 10, expected: "5000", counted: "5000.000", rate: "1" }], OVER_SHORT, IQD),
    ).toEqual([]);
  });
});
