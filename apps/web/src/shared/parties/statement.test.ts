import { describe, expect, it } from "vitest";
import { statementSections } from "./statement";

describe("statementSections", () => {
  it("keeps a running balance per currency in exact decimals", () => {
    const sections = statementSections([
      { date: "2026-01-01", currency_id: 1, currency_name: "IQD", debit: "1000.1", credit: "0" },
      { date: "2026-01-02", currency_id: 2, currency_name: "USD", debit: "0.1", credit: "0" },
      { date: "2026-01-03", currency_id: 1, currency_name: "IQD", debit: "0", credit: "400.05" },
      { date: "2026-01-04", currency_id: 2, currency_name: "USD", debit: "0.2", credit: "0" },
    ]);
    expect(sections.map((s) => s.currency_name)).toEqual(["IQD", "USD"]);
    expect(sections[0]?.lines.map((l) => l.running)).toEqual(["1000.1", "600.05"]);
    expect(sections[1]?.closing).toBe("0.3");
    expect(sections[0]?.debit).toBe("1000.1");
    expect(sections[0]?.credit).toBe("400.05");
  });

  it("prefers the balance the server computed", () => {
    const [s] = statementSections([{ date: "2026-01-01", currency_id: 1, debit: "5", credit: "0", balance: "105" }]);
    expect(s?.closing).toBe("105");
  });
});
