import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { balanceRanges } from "./reports.js";

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const t0 = Date.parse("2022-01-01T00:00:00Z");
/** Every day from 2022-01-01 on, 3 years. */
const ALL = Array.from({ length: 3 * 366 }, (_, i) => iso(t0 + i * DAY));

/** How many times each day is counted by the ranges, from 2022-01-01 on. */
function counts(from: string | undefined, to: string) {
  const r = balanceRanges(from, to);
  const n = new Map<string, number>();
  const add = (d: string) => n.set(d, (n.get(d) ?? 0) + 1);
  for (const d of ALL) {
    if (r.months && (r.months.first === undefined || d >= r.months.first) && d < r.months.end) add(d);
    for (const [a, b] of r.days) if ((a === undefined || d >= a) && d <= b) add(d);
  }
  return { r, n };
}

describe("balanceRanges", () => {
  it("splits a period into whole months and the partial months at either end", () => {
    expect(balanceRanges("2024-01-01", "2024-12-31")).toEqual({ months: { first: "2024-01-01", end: "2025-01-01" }, days: [] });
    expect(balanceRanges("2024-01-15", "2024-03-10")).toEqual({
      months: { first: "2024-02-01", end: "2024-03-01" },
      days: [
        ["2024-01-15", "2024-01-31"],
        ["2024-03-01", "2024-03-10"],
      ],
    });
    expect(balanceRanges("2024-02-03", "2024-02-29")).toEqual({ days: [["2024-02-03", "2024-02-29"]] });
    expect(balanceRanges("2024-02-03", "2024-03-30")).toEqual({
      days: [["2024-02-03", "2024-03-30"]],
    });
    expect(balanceRanges(undefined, "2024-05-31")).toEqual({ months: { first: undefined, end: "2024-06-01" }, days: [] });
    expect(balanceRanges(undefined, "2024-05-30")).toEqual({
      months: { first: undefined, end: "2024-05-01" },
      days: [["2024-05-01", "2024-05-30"]],
    });
  });

  it("counts every day of the period exactly once and no other day", () => {
    fc.assert(
      fc.property(fc.option(fc.nat(ALL.length - 1), { nil: undefined }), fc.nat(ALL.length - 1), (a, b) => {
        const to = ALL[b]!;
        const from = a === undefined ? undefined : ALL[Math.min(a, b)];
        const { r, n } = counts(from, to);
        const wrong = ALL.filter((d) => (n.get(d) ?? 0) !== ((from === undefined || d >= from) && d <= to ? 1 : 0));
        expect(wrong).toEqual([]);
        if (r.months) {
          for (const m of [r.months.first, r.months.end]) if (m !== undefined) expect(m.endsWith("-01")).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
