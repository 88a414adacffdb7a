import { describe, expect, it } from "vitest";
import { transferLines } from "../cash/transfer.ledger.js";
import { expenseLines, incomeLines } from "../expenses/money-doc.ledger.js";
import { openingLines } from "../opening-balances/opening.ledger.js";
import { customerReceiptLines, supplierPaymentLines } from "../parties/consumer-transaction.ledger.js";
import { atCarryingValue, type JournalLineRow, type RuleLine, reversalLines, toJournalLines } from "./journal.js";
import { convert, D } from "./money.js";

// Accounts of a small chart: id → currency (system currency IQD = 1).
const IQD_CASH = { account_id: 10, currency_id: 1 };
const USD_CASH = { account_id: 11, currency_id: 2 };
const EXPENSE = { account_id: 20, currency_id: 1 };
const INCOME = { account_id: 21, currency_id: 1 };
const RECV_IQD = { account_id: 30, currency_id: 1 };
const RECV_USD = { account_id: 31, currency_id: 2 };
const PAY_IQD = { account_id: 40, currency_id: 1 };
const EQUITY = { account_id: 50, currency_id: 1 };
const EXCHANGE = { account_id: 99, currency_id: 1 };
const ALL = [IQD_CASH, USD_CASH, EXPENSE, INCOME, RECV_IQD, RECV_USD, PAY_IQD, EQUITY, EXCHANGE];
const currencyOf = (id: number) => ALL.find((a) => a.account_id === id)!.currency_id;

const journal = (lines: RuleLine[], system = 1) => toJournalLines(lines, currencyOf, system, EXCHANGE);
const line = (rows: JournalLineRow[], id: number) => rows.find((r) => r.account_id === id);
const balanced = (rows: JournalLineRow[]) =>
  expect(rows.reduce((s, r) => s.plus(r.sys_debit), D(0)).toFixed()).toBe(rows.reduce((s, r) => s.plus(r.sys_credit), D(0)).toFixed());

describe("conversion", () => {
  it("rounds foreign amounts to 3 decimals, half up", () => {
    expect(convert("1000000", 1, 2, "1310").toFixed()).toBe("763.359");
    expect(convert("10", 1, 2, "1310").toFixed()).toBe("0.008");
    expect(convert("100.5", 2, 1, "1310").toFixed()).toBe("131655");
    expect(convert("7", 1, 1, "1310").toFixed()).toBe("7");
  });
});

describe("toJournalLines", () => {
  it("converts USD lines to the system currency at the line's rate", () => {
    const rows = journal([
      { account_id: USD_CASH.account_id, debit: "100", rate: "1310" },
      { account_id: INCOME.account_id, credit: "131000", rate: "1310" },
    ]);
    expect(line(rows, USD_CASH.account_id)).toMatchObject({ debit: "100", sys_debit: "131000", rate: "1310" });
    expect(line(rows, INCOME.account_id)).toMatchObject({ credit: "131000", sys_credit: "131000", rate: "1" });
    expect(rows).toHaveLength(2);
  });

  it("books a loss to exchange differences as a debit", () => {
    const rows = journal([
      { account_id: EXPENSE.account_id, debit: "10" },
      { account_id: USD_CASH.account_id, credit: "0.008", rate: "1310" },
    ]);
    expect(line(rows, USD_CASH.account_id)?.sys_credit).toBe("10.48");
    expect(line(rows, EXCHANGE.account_id)).toMatchObject({ debit: "0.48", credit: "0", sys_debit: "0.48", sys_credit: "0" });
    balanced(rows);
  });

  it("in a USD system currency divides IQD by the rate", () => {
    const rows = journal(
      [
        { account_id: IQD_CASH.account_id, debit: "131000", rate: "1310" },
        { account_id: USD_CASH.account_id, credit: "100", rate: "1310" },
      ],
      2,
    );
    expect(line(rows, IQD_CASH.account_id)?.sys_debit).toBe("100");
    expect(line(rows, USD_CASH.account_id)?.sys_credit).toBe("100");
    // The exchange-difference account is in IQD, not the system currency: a valuation-only line.
    expect(rows).toHaveLength(2);
  });

  it("skips zero lines and refuses negative amounts", () => {
    expect(journal([{ account_id: IQD_CASH.account_id, debit: "0" }])).toEqual([]);
    expect(() => journal([{ account_id: IQD_CASH.account_id, debit: "-1" }])).toThrow();
  });

  it("a reversal swaps every side and keeps the figures", () => {
    const rows = journal([
      { account_id: USD_CASH.account_id, debit: "1.5", rate: "1300" },
      { account_id: INCOME.account_id, credit: "1950" },
    ]);
    const rev = reversalLines(rows);
    expect(rev[0]).toMatchObject({ debit: "0", credit: "1.5", sys_debit: "0", sys_credit: "1950" });
    expect(rev[1]).toMatchObject({ debit: "1950", credit: "0" });
  });
});

describe("expense and income rules", () => {
  it("expense of USD 100 at the out-rate 1310 from an IQD cash: 131,000 IQD on both sides", () => {
    const rows = journal(expenseLines({ type: EXPENSE, cash: IQD_CASH, currency_id: 2, amount: "100", rate: "1310" }));
    expect(line(rows, EXPENSE.account_id)).toMatchObject({ debit: "131000", sys_debit: "131000" });
    expect(line(rows, IQD_CASH.account_id)).toMatchObject({ credit: "131000", sys_credit: "131000" });
    expect(rows).toHaveLength(2);
  });

  it("expense of 250,000 IQD from a USD cash at 1310: USD 190.840 out, 0.4 IQD exchange loss", () => {
    const rows = journal(expenseLines({ type: EXPENSE, cash: USD_CASH, currency_id: 1, amount: "250000", rate: "1310" }));
    expect(line(rows, USD_CASH.account_id)).toMatchObject({ credit: "190.84", sys_credit: "250000.4" });
    expect(line(rows, EXPENSE.account_id)).toMatchObject({ debit: "250000", sys_debit: "250000" });
    expect(line(rows, EXCHANGE.account_id)).toMatchObject({ debit: "0.4", sys_debit: "0.4" });
    balanced(rows);
  });

  it("income of USD 100 at the in-rate 1300 into a USD cash: 130,000 IQD income", () => {
    const rows = journal(incomeLines({ type: INCOME, cash: USD_CASH, currency_id: 2, amount: "100", rate: "1300" }));
    expect(line(rows, USD_CASH.account_id)).toMatchObject({ debit: "100", sys_debit: "130000" });
    expect(line(rows, INCOME.account_id)).toMatchObject({ credit: "130000", sys_credit: "130000" });
    balanced(rows);
  });
});

describe("transfer rule", () => {
  it("1,000,000 IQD to a USD cash at 1310: USD 763.359 in, 0.29 IQD exchange gain", () => {
    const rows = journal(transferLines({ from: IQD_CASH, to: USD_CASH, amount: "1000000", foreign_amount: "763.359", rate: "1310" }));
    expect(line(rows, USD_CASH.account_id)).toMatchObject({ debit: "763.359", sys_debit: "1000000.29" });
    expect(line(rows, IQD_CASH.account_id)).toMatchObject({ credit: "1000000", sys_credit: "1000000" });
    expect(line(rows, EXCHANGE.account_id)).toMatchObject({ credit: "0.29", sys_credit: "0.29" });
    balanced(rows);
  });

  it("USD 500 to an IQD cash at 1300: 650,000 IQD, nothing to book", () => {
    const rows = journal(transferLines({ from: USD_CASH, to: IQD_CASH, amount: "500", foreign_amount: "650000", rate: "1300" }));
    expect(rows).toHaveLength(2);
    expect(line(rows, IQD_CASH.account_id)).toMatchObject({ debit: "650000", sys_debit: "650000" });
    expect(line(rows, USD_CASH.account_id)).toMatchObject({ credit: "500", sys_credit: "650000" });
  });
});

describe("customer and supplier rules", () => {
  it("a customer pays USD 500 into an IQD cash at the in-rate 1305: 652,500 IQD in, USD receivable down 500", () => {
    const rows = journal(customerReceiptLines({ party: RECV_USD, cash: IQD_CASH, amount: "500", rate: "1305" }));
    expect(line(rows, IQD_CASH.account_id)).toMatchObject({ debit: "652500", sys_debit: "652500" });
    expect(line(rows, RECV_USD.account_id)).toMatchObject({ credit: "500", sys_credit: "652500" });
    expect(rows).toHaveLength(2);
  });

  it("paying a supplier 1,000,000 IQD from a USD cash at the out-rate 1320: USD 757.576 out, 0.32 loss", () => {
    const rows = journal(supplierPaymentLines({ party: PAY_IQD, cash: USD_CASH, amount: "1000000", rate: "1320" }));
    expect(line(rows, USD_CASH.account_id)).toMatchObject({ credit: "757.576", sys_credit: "1000000.32" });
    expect(line(rows, PAY_IQD.account_id)).toMatchObject({ debit: "1000000", sys_debit: "1000000" });
    expect(line(rows, EXCHANGE.account_id)).toMatchObject({ debit: "0.32" });
    balanced(rows);
  });
});

describe("opening balance rule", () => {
  it("cash and suppliers at the out-rate, customers at the in-rate, against opening equity: 6,220,000 IQD credit", () => {
    const rows = journal(
      openingLines({
        equity: EQUITY,
        rate: "1310",
        in_rate: "1300",
        cashes: [
          { account: IQD_CASH, amount: "5000000" },
          { account: USD_CASH, amount: "1000" },
        ],
        customers: [
          { account: RECV_USD, amount: "200" },
          { account: RECV_IQD, amount: "-50000" },
        ],
        suppliers: [{ account: PAY_IQD, amount: "300000" }],
      }),
    );
    expect(line(rows, USD_CASH.account_id)).toMatchObject({ debit: "1000", sys_debit: "1310000" });
    // 200 USD × 1,300 (in-rate) = 260,000
    expect(line(rows, RECV_USD.account_id)).toMatchObject({ debit: "200", sys_debit: "260000", rate: "1300" });
    expect(line(rows, RECV_IQD.account_id)).toMatchObject({ credit: "50000" });
    expect(line(rows, PAY_IQD.account_id)).toMatchObject({ credit: "300000" });
    // 5,000,000 + 1,310,000 + 260,000 − 50,000 − 300,000
    expect(line(rows, EQUITY.account_id)).toMatchObject({ credit: "6220000", sys_credit: "6220000" });
    expect(line(rows, EXCHANGE.account_id)).toBeUndefined();
    balanced(rows);
  });
});

describe("carrying value of foreign-currency accounts", () => {
  // 200 USD bought for 280,000 IQD (100 at 1,300 and 100 at 1,500): 1,400 IQD a dollar.
  const held = new Map([[USD_CASH.account_id, { balance: "200", sys_balance: "280000" }]]);
  const carry = (rows: JournalLineRow[], carrying = held) => atCarryingValue(rows, carrying, 1, EXCHANGE);

  it("an expense of 50 USD at 1,460 leaves the till at 1,400: 70,000, and 3,000 is a realized gain", () => {
    const rows = carry(journal(expenseLines({ type: EXPENSE, cash: USD_CASH, currency_id: 2, amount: "50", rate: "1460" })));
    expect(line(rows, EXPENSE.account_id)).toMatchObject({ debit: "73000", sys_debit: "73000" });
    expect(line(rows, USD_CASH.account_id)).toMatchObject({ credit: "50", sys_credit: "70000", sys_debit: "0" });
    expect(line(rows, EXCHANGE.account_id)).toMatchObject({ credit: "3000", sys_credit: "3000" });
    balanced(rows);
  });

  it("emptying the account takes all its system-currency value: 200 USD at 1,380 is a 4,000 loss", () => {
    const to = IQD_CASH;
    const rows = carry(journal(transferLines({ from: USD_CASH, to, amount: "200", foreign_amount: "276000", rate: "1380" })));
    expect(line(rows, USD_CASH.account_id)).toMatchObject({ credit: "200", sys_credit: "280000" });
    expect(line(rows, IQD_CASH.account_id)).toMatchObject({ debit: "276000", sys_debit: "276000" });
    expect(line(rows, EXCHANGE.account_id)).toMatchObject({ debit: "4000", sys_debit: "4000" });
    balanced(rows);
  });

  it("an odd carrying rate rounds to 4 decimals: 1 USD of 3 USD carried at 4,000 IQD is 1,333.3333", () => {
    const rows = carry(
      journal(expenseLines({ type: EXPENSE, cash: USD_CASH, currency_id: 2, amount: "1", rate: "1300" })),
      new Map([[USD_CASH.account_id, { balance: "3", sys_balance: "4000" }]]),
    );
    // 4,000 × 1 ÷ 3 = 1,333.33333… → 1,333.3333; expense 1,300; loss 33.3333
    expect(line(rows, USD_CASH.account_id)).toMatchObject({ sys_credit: "1333.3333" });
    expect(line(rows, EXCHANGE.account_id)).toMatchObject({ debit: "33.3333", sys_debit: "33.3333" });
    balanced(rows);
  });

  it("money coming in, and a customer who owes nothing yet, stay at the document's rate", () => {
    const income = journal(incomeLines({ type: INCOME, cash: USD_CASH, currency_id: 2, amount: "10", rate: "1320" }));
    expect(carry(income)).toEqual(income);
    const receipt = journal(customerReceiptLines({ party: RECV_USD, cash: USD_CASH, amount: "10", rate: "1320" }));
    // The receivable has no balance: the customer paying in advance owes at the receipt's rate.
    const rows = carry(receipt);
    expect(line(rows, RECV_USD.account_id)).toMatchObject({ credit: "10", sys_credit: "13200" });
  });

  it("a receipt clearing a USD receivable opened at 1,300 and paid at 1,320 realizes a 2,000 gain", () => {
    const rows = atCarryingValue(
      journal(customerReceiptLines({ party: RECV_USD, cash: USD_CASH, amount: "100", rate: "1320" })),
      new Map([
        [RECV_USD.account_id, { balance: "100", sys_balance: "130000" }],
        [USD_CASH.account_id, { balance: "0", sys_balance: "0" }],
      ]),
      1,
      EXCHANGE,
    );
    expect(line(rows, USD_CASH.account_id)).toMatchObject({ debit: "100", sys_debit: "132000" });
    expect(line(rows, RECV_USD.account_id)).toMatchObject({ credit: "100", sys_credit: "130000" });
    expect(line(rows, EXCHANGE.account_id)).toMatchObject({ credit: "2000", sys_credit: "2000" });
    balanced(rows);
  });

  it("a line crossing zero: the balance leaves at its value, the rest at the document's rate", () => {
    // A supplier we owe 100 USD carried at 130,000; we pay 150 USD at 1,450: 100 clear the debt
    // at 130,000, the other 50 are an advance at 1,450 (72,500).
    const PAY_USD = { account_id: 41, currency_id: 2 };
    const rows = atCarryingValue(
      toJournalLines(
        supplierPaymentLines({ party: PAY_USD, cash: IQD_CASH, amount: "150", rate: "1450" }),
        (id) => (id === PAY_USD.account_id ? 2 : currencyOf(id)),
        1,
        EXCHANGE,
      ),
      new Map([[PAY_USD.account_id, { balance: "-100", sys_balance: "-130000" }]]),
      1,
      EXCHANGE,
    );
    expect(line(rows, PAY_USD.account_id)).toMatchObject({ debit: "150", sys_debit: "202500" });
    expect(line(rows, IQD_CASH.account_id)).toMatchObject({ credit: "217500", sys_credit: "217500" });
    // 217,500 paid for what was carried at 202,500: a 15,000 loss
    expect(line(rows, EXCHANGE.account_id)).toMatchObject({ debit: "15000", sys_debit: "15000" });
    balanced(rows);
  });
});
