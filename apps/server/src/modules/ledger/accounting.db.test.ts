import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { statementDescription, statementDescriptionSql } from "../parties/statement-texts.js";

let t: TestApp;
let iqdCash: number;
let usdCash: number;
const today = new Date().toISOString().slice(0, 10);

const created = async (url: string, body: unknown) => {
  const res = await t.api("POST", url, { body });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const trialBalance = async (query = "") => {
  const res = await t.api("GET", `/api/financial_reports/trial_balance?per_page=1000${query}`);
  expect(res.status).toBe(200);
  return res.body.data;
};
const expectTrialBalanceZero = async () => {
  const tb = await trialBalance();
  expect(tb.footer.debit).toBe(tb.footer.credit);
  expect(tb.footer.balance_debit).toBe(tb.footer.balance_credit);
  // The opening balance entered on its screen shows in the Opening columns, the rest as movement.
  const raw = await t.database.db.execute<{ d: string; c: string }>(
    sql`select coalesce(sum(l.sys_debit),0)::text d, coalesce(sum(l.sys_credit),0)::text c
          from journal_lines l join journal_entries e on e.entry_id = l.entry_id where e.source_type <> 'opening_balance'`,
  );
  expect(tb.footer.opening_debit).toBe(tb.footer.opening_credit);
  expect(Number(raw.rows[0]!.d)).toBe(Number(raw.rows[0]!.c));
  expect(Number(tb.footer.debit)).toBe(Number(raw.rows[0]!.d));
};
const balanceOf = async (id: number) => (await t.api("GET", `/api/cash_balance_show?account_id=${id}`)).body.data.balance as string;

beforeAll(async () => {
  t = await createTestApp();
  iqdCash = (await created("/api/cashes", { account_name: "Safe IQD", cash_type: 1, currency_id: 1 })).account_id;
  usdCash = (
    await created("/api/cashes", { account_name: "Bank USD", cash_type: 2, currency_id: 2, bank_name: "RT Bank", account_no: "001" })
  ).account_id;
});
afterAll(() => t?.close());

describe("cash and banks", () => {
  it("lists the seeded main cash and new accounts with their ledger balances", async () => {
    const list = await t.api("GET", "/api/cashes/list");
    expect(list.status).toBe(200);
    const names = list.body.message.map((a: { account_name: string }) => a.account_name);
    expect(names).toEqual(expect.arrayContaining(["Main Cash", "Safe IQD", "Bank USD"]));
    // The seeded account says which it is, so the web can show it in the user's language.
    expect(list.body.message.find((a: { account_name: string }) => a.account_name === "Main Cash").system_key).toBe("main_cash");
    expect(list.body.message.find((a: { account_name: string }) => a.account_name === "Safe IQD").system_key).toBeNull();
    const bank = list.body.message.find((a: { account_id: number }) => a.account_id === usdCash);
    expect(bank.currency).toEqual({ currency_id: 2, currency_name: "USD" });
    const page = await t.api("GET", "/api/cashes?filter[cash_type]=2");
    expect(page.body.data.data.map((r: { account_id: number }) => r.account_id)).toEqual([usdCash]);
    expect(await balanceOf(usdCash)).toBe("0");
  });

  it("refuses a payment that would overdraw, with the currency's text", async () => {
    const type = await created("/api/expense_types", { type_name: "Rent" });
    const res = await t.api("POST", "/api/expenses", {
      body: { type_id: type.type_id, account_id: usdCash, currency_id: 2, amount: "10", payment_time: "10:00" },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(MSG.noEnoughBalanceUsd);
    const iqd = await t.api("POST", "/api/expenses", {
      body: { type_id: type.type_id, account_id: iqdCash, currency_id: 1, amount: "10", payment_time: "10:00" },
    });
    expect(iqd.body.message).toBe(MSG.noEnoughBalanceIqd);
    await expectTrialBalanceZero();
  });
});

describe("incomes and expenses", () => {
  let incomeType: number;
  let expenseType: number;
  it("records an income in USD at a custom in-rate into the USD bank", async () => {
    incomeType = (await created("/api/income_types", { type_name: "Commission" })).type_id;
    const inc = await created("/api/incomes", {
      type_id: incomeType,
      account_id: usdCash,
      currency_id: 2,
      rate: "1450",
      amount: "200",
      date: today,
      payment_time: "09:30",
      reference_no: "R-1",
      note: "first",
    });
    expect(inc).toMatchObject({
      number: `INC-${String(inc.id).padStart(6, "0")}`,
      rate: "1450.0000",
      amount: "200.000",
      cash_amount: "200.000",
    });
    expect(await balanceOf(usdCash)).toBe("200.0000");
    const tb = await trialBalance();
    const income = tb.data.find((r: { account_name: string }) => r.account_name === "Commission");
    expect(income.credit).toBe("290000.0000");
    const usd = await trialBalance("&currency_id=2&rate=1450");
    expect(usd.footer.debit).toBe("200");
    expect(usd.footer.credit).toBe("200");
    await expectTrialBalanceZero();
  });

  it("validates with SPEC's texts", async () => {
    expenseType = (await created("/api/expense_types", { type_name: "Fuel" })).type_id;
    const base = { type_id: expenseType, account_id: usdCash, currency_id: 2, amount: "5", payment_time: "10:00" };
    const long = await t.api("POST", "/api/expenses", { body: { ...base, note: "x".repeat(141), reference_no: "y".repeat(141) } });
    expect(long.status).toBe(422);
    expect(long.body.errors.note).toEqual([MSG.maxChars140]);
    expect(long.body.errors.reference_no).toEqual([MSG.maxChars140]);
    const noTime = await t.api("POST", "/api/expenses", { body: { ...base, payment_time: undefined } });
    expect(noTime.body.errors.payment_time).toEqual([MSG.paymentTimeRequired]);
    const small = await t.api("POST", "/api/expenses", { body: { ...base, amount: "0.5" } });
    expect(small.body.errors.amount).toEqual(["must be at least 1"]);
  });

  it("checks an attachment by content", async () => {
    const boundary = "----x";
    const parts = [
      ["type_id", String(expenseType)],
      ["account_id", String(usdCash)],
      ["currency_id", "2"],
      ["amount", "5"],
      ["payment_time", "11:00"],
    ]
      .map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join("");
    const body = Buffer.concat([
      Buffer.from(
        `${parts}--${boundary}\r\ncontent-disposition: form-data; name="attachment"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`,
      ),
      Buffer.from("not an image"),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.api("POST", "/api/expenses", { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(MSG.fileTypeNotAllowed);
  });

  it("an expense at the out-rate; changing it reverses and reposts; deleting reverses", async () => {
    const exp = await created("/api/expenses", {
      type_id: expenseType,
      account_id: usdCash,
      currency_id: 1,
      amount: "14500",
      rate: "1450",
      payment_time: "12:00",
    });
    expect(exp.cash_amount).toBe("10.000");
    expect(await balanceOf(usdCash)).toBe("190.0000");
    const upd = await t.api("POST", `/api/expenses/${exp.id}`, {
      body: {
        _method: "PATCH",
        type_id: expenseType,
        account_id: usdCash,
        currency_id: 2,
        amount: "50",
        rate: "1450",
        payment_time: "12:00",
      },
    });
    expect(upd.status).toBe(200);
    expect(await balanceOf(usdCash)).toBe("150.0000");
    const entries = await t.database.db.execute<{ n: number; rev: number }>(
      sql`select count(*)::int n, count(reversal_of)::int rev from journal_entries where source_type = 'expenses' and source_id = ${exp.id}`,
    );
    expect(entries.rows[0]).toEqual({ n: 3, rev: 1 });
    expect((await t.api("DELETE", `/api/expenses/${exp.id}`)).status).toBe(200);
    expect(await balanceOf(usdCash)).toBe("200.0000");
    await expectTrialBalanceZero();
  });

  it("cannot delete an income whose money was spent", async () => {
    const list = await t.api("GET", "/api/incomes");
    const id = list.body.data.data[0].id;
    const spend = await created("/api/expenses", {
      type_id: expenseType,
      account_id: usdCash,
      currency_id: 2,
      amount: "150",
      rate: "1450",
      payment_time: "13:00",
    });
    const del = await t.api("DELETE", `/api/incomes/${id}`);
    expect(del.status).toBe(422);
    expect(del.body.message).toBe(MSG.noEnoughBalanceUsd);
    expect((await t.api("DELETE", `/api/expenses/${spend.id}`)).status).toBe(200);
    await expectTrialBalanceZero();
  });
});

describe("transfers", () => {
  it("From Account and To Account must be different", async () => {
    const res = await t.api("POST", "/api/cash_transactions", { body: { from_account_id: usdCash, to_account_id: usdCash, amount: "1" } });
    expect(res.status).toBe(422);
    expect(res.body.errors.to_account_id).toEqual([MSG.accountsMustDiffer]);
  });

  it("USD to IQD converts at the in-rate; IQD to USD at the out-rate with the rounding in exchange differences", async () => {
    const a = await created("/api/cash_transactions", {
      from_account_id: usdCash,
      to_account_id: iqdCash,
      amount: "100",
      rate_in: "1440",
      rate_out: "1460",
    });
    expect(a).toMatchObject({ rate: "1440.0000", foreign_amount: "144000.000" });
    expect(await balanceOf(iqdCash)).toBe("144000.0000");
    const b = await created("/api/cash_transactions", {
      from_account_id: iqdCash,
      to_account_id: usdCash,
      amount: "10000",
      rate_in: "1300",
      rate_out: "1310",
    });
    expect(b.foreign_amount).toBe("7.634");
    const ex = await t.database.db.execute<{ c: string }>(
      sql`select l.sys_credit::text c from journal_lines l join journal_entries e on e.entry_id = l.entry_id join accounts a on a.account_id = l.account_id
           where e.source_type = 'cash_transaction' and e.source_id = ${b.transaction_id} and a.system_key = 'exchange_diff'`,
    );
    // 7.634 × 1310 = 10,000.54: a gain of 0.54 IQD
    expect(ex.rows[0]?.c).toBe("0.5400");
    await expectTrialBalanceZero();
  });
});

describe("customers, suppliers and their transactions", () => {
  let customer: number;
  let supplier: number;
  it("has a default walk-in customer and keeps every field", async () => {
    const all = await t.api("GET", "/api/customers/list?show_all=1");
    expect(all.body.message.some((c: { is_default: boolean }) => c.is_default)).toBe(true);
    const profile = await created("/api/pricing_profiles", { profile_name: "Wholesale", discount_percentage: "5", apply_on: "sale_price" });
    const c = await created("/api/customers", {
      consumer_name: "Ahmed Stores",
      code: "C1",
      mobile: "0750 111 2233",
      office_phone: "066",
      allowed_debit_amount: "1000000",
      pricing_profile_fk: profile.profile_id,
      pending_amount: "0",
      overdue_days: 30,
      overdue_type: "custom",
      balance_status: "positive",
    });
    customer = c.consumer_id;
    expect(c).toMatchObject({
      mobile: "+9647501112233",
      office_phone: "066",
      overdue_type: "custom",
      balance_status: "positive",
      overdue_days: 30,
      pricing_profile_fk: profile.profile_id,
    });
    const without = await t.api("GET", "/api/customers/list_without_default");
    expect(without.body.message.map((x: { consumer_id: number }) => x.consumer_id)).toEqual([customer]);
    supplier = (await created("/api/suppliers", { consumer_name: "Baghdad Pharma" })).consumer_id;
    const accs = await t.api("GET", "/api/suppliers/suppliers_accounts_list");
    expect(
      accs.body.message
        .filter((a: { consumer_id: number }) => a.consumer_id === supplier)
        .map((a: { currency: { currency_name: string } }) => a.currency.currency_name),
    ).toEqual(["IQD", "USD"]);
  });

  it("a customer or supplier must be chosen from the list", async () => {
    const res = await t.api("POST", "/api/customer_transactions", { body: { account_id: iqdCash, currency_id: 1, amount: "5" } });
    expect(res.body.errors.consumer_id).toEqual([MSG.chooseFromList]);
    const wrong = await t.api("POST", "/api/customer_transactions", {
      body: { consumer_id: supplier, account_id: iqdCash, currency_id: 1, amount: "5" },
    });
    expect(wrong.body.message).toBe(MSG.chooseFromList);
    const none = await t.api("GET", "/api/customer_transactions/statement");
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(MSG.selectItemForTransactions);
  });

  it("opening balances, receipts and payments; statements with running balances per currency", async () => {
    const ob = await t.api("POST", "/api/opening_balance_update/1", {
      body: {
        rate: "1400",
        customers: [{ consumer_id: customer, currency_id: 2, amount: "300" }],
        suppliers: [{ consumer_id: supplier, currency_id: 1, amount: "500000" }],
      },
    });
    expect(ob.status).toBe(200);
    // Saving again replaces the entry instead of adding to it.
    const again = await t.api("POST", "/api/opening_balance_update/1", {
      body: {
        rate: "1400",
        customers: [{ consumer_id: customer, currency_id: 2, amount: "400" }],
        suppliers: [{ consumer_id: supplier, currency_id: 1, amount: "500000" }],
      },
    });
    expect(again.status).toBe(200);
    expect((await t.api("GET", "/api/opening_balance_show/1")).body.data.payload.customers[0].amount).toBe("400");
    await created("/api/customer_transactions", {
      consumer_id: customer,
      account_id: iqdCash,
      currency_id: 2,
      amount: "100",
      rate: "1450",
    });
    await created("/api/supplier_transactions", { consumer_id: supplier, account_id: iqdCash, currency_id: 1, amount: "200000" });
    const st = await t.api("GET", `/api/customer_transactions/statement?consumer_id=${customer}&sortColumn=date&sortDir=asc`);
    expect(st.status).toBe(200);
    expect(st.body.data.data.map((r: { balance: string }) => Number(r.balance))).toEqual([300, 0, 400, 300]);
    // The statement's lines in the reader's language, the export's too.
    const described = async (lang: string) =>
      (
        await t.api("GET", `/api/customer_transactions/statement?consumer_id=${customer}&sortColumn=date&sortDir=asc`, {
          headers: { "accept-language": lang },
        })
      ).body.data.data.map((r: { description: string }) => r.description);
    const english = await described("en");
    expect(english).toEqual(["Opening balance", "Reversal: Opening balance", "Opening balance", expect.stringMatching(/^Receipt from /)]);
    const name = english[3].slice("Receipt from ".length);
    expect(await described("ar-IQ,ar;q=0.9")).toEqual(["رصيد افتتاحي", "عكس: رصيد افتتاحي", "رصيد افتتاحي", `قبض من ${name}`]);
    expect((await described("ckb"))[3]).toBe(`وەرگرتن لە ${name}`);
    // The SQL reads every stored form as the function does.
    for (const text of [
      "Reversal: Apply cost: Purchase PU-7 from Ali",
      "Purchase return to Ali",
      "Reversal: Payment to Walk-in Customer",
      "Note",
    ])
      for (const lang of ["ar", "ckb"] as const) {
        const [row] = (await t.database.db.execute<{ d: string }>(sql`select ${statementDescriptionSql(sql`${text}::text`, lang)} as d`))
          .rows;
        expect(row!.d).toBe(statementDescription(text, lang));
      }
    const rep = await t.api("GET", "/api/reports/customer_statements");
    const row = rep.body.data.data.find((r: { consumer_id: number }) => r.consumer_id === customer);
    expect(row.balance_usd).toBe("300.0000");
    const sup = await t.api("GET", "/api/reports/supplier_statements");
    expect(sup.body.data.footer.balance_iqd).toBe("300000.0000");
    const control = await t.database.db.execute<{ b: string }>(sql`
      select coalesce(sum(b.sys_debit - b.sys_credit),0)::text b from account_balances b join accounts a on a.account_id = b.account_id
       where a.parent_id = (select account_id from accounts where system_key = 'receivables')`);
    expect(Number(rep.body.data.footer.balance)).toBe(Number(control.rows[0]!.b));
    await expectTrialBalanceZero();
  });
});

describe("reports", () => {
  it("income statement and date filters", async () => {
    const is = await t.api("GET", "/api/financial_reports/income_statement?filter[date_filter]=THIS_YEAR");
    expect(is.status).toBe(200);
    expect(Number(is.body.data.footer.net_profit)).toBe(Number(is.body.data.footer.income) - Number(is.body.data.footer.expense));
    const old = await t.api(
      "GET",
      "/api/financial_reports/trial_balance?filter[date_filter]=DATE_PERIOD&filter[date_between]=2001-01-01,2001-12-31",
    );
    expect(old.body.data.total).toBe(0);
    const bad = await t.api(
      "GET",
      "/api/financial_reports/trial_balance?filter[date_filter]=DATE_PERIOD&filter[date_between]=2001-12-31,2001-01-01",
    );
    expect(bad.body.message).toBe(MSG.endDateAfterStart);
    const xlsx = await t.api("GET", "/api/financial_reports/trial_balance/export?headers=code,account_name,debit,credit");
    expect(xlsx.status).toBe(200);
    expect(xlsx.raw.subarray(0, 2).toString()).toBe("PK");
  });

  it("every route answers 403 without its permission", async () => {
    const u = await t.userWith(["customers/index"]);
    for (const url of ["/api/financial_reports/trial_balance", "/api/cashes", "/api/expenses", "/api/opening_balance_show/1"]) {
      expect((await t.api("GET", url, { token: u.token })).status).toBe(403);
    }
    expect((await t.api("GET", "/api/customers", { token: u.token })).status).toBe(200);
  });
});

describe("the database guards the journal", () => {
  it("refuses an unbalanced entry at commit", async () => {
    const acc = await t.database.db.execute<{ account_id: number }>(sql`select account_id from accounts where system_key = 'main_cash'`);
    const id = acc.rows[0]!.account_id;
    await expect(
      t.database.db.transaction(async (tx) => {
        const e = await tx.execute<{ entry_id: number }>(
          sql`insert into journal_entries (date, source_type, source_id) values (now(), 'test', 1) returning entry_id`,
        );
        await tx.execute(
          sql`insert into journal_lines (entry_id, account_id, debit, sys_debit) values (${e.rows[0]!.entry_id}, ${id}, 5, 5)`,
        );
      }),
    ).rejects.toThrow();
    const left = await t.database.db.execute(sql`select 1 from journal_entries where source_type = 'test'`);
    expect(left.rows).toHaveLength(0);
  });

  it("refuses to change or delete journal rows", async () => {
    await expect(t.database.db.execute(sql`update journal_lines set debit = debit + 1`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from journal_entries`)).rejects.toThrow();
  });

  it("refuses postings into an archived financial year", async () => {
    await t.database.db.execute(
      sql`insert into financial_years (name, start_date, end_date, archived) values ('old', '2001-01-01', '2002-01-01', true)`,
    );
    const type = (await t.api("GET", "/api/income_types/list")).body.message[0].type_id;
    const res = await t.api("POST", "/api/incomes", {
      body: { type_id: type, account_id: iqdCash, currency_id: 1, amount: "5", date: "2001-05-01", payment_time: "10:00" },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(MSG.archivedYear);
    await expectTrialBalanceZero();
  });
});
