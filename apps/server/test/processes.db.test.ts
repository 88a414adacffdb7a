// Three processes of the product on one PostgreSQL, as behind a load balancer: purchases, sales
// and income vouchers posted through all three at once; one is killed with SIGKILL in the middle.
// Nothing acknowledged may be lost or doubled, and the books and the stock must still agree.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { stockInconsistencies } from "../src/modules/stock/stock.fixture.js";
import { freePort } from "../src/platform/free-port.js";
import { createTestDatabase } from "./harness.js";
import { type ProductProcess, request, signIn, startProduct } from "./processes.js";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
const running: ProductProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const p of running) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  await Promise.all(running.map((p) => p.exited));
  await db.drop();
});

const created = async (port: number, token: string, url: string, body: unknown) => {
  const res = await request(port, token, "POST", url, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

describe("three processes on one PostgreSQL", () => {
  it("lose and double nothing acknowledged when one is killed under write load", async () => {
    const processes = await Promise.all([0, 1, 2].map(async () => startProduct(db.url, await freePort())));
    running.push(...processes);
    const tokens = await Promise.all(processes.map((p) => signIn(p.port)));
    const [a] = processes;
    const units = (await request(a!.port, tokens[0]!, "GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
    const piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
    const item = (
      await created(a!.port, tokens[0]!, "/api/items", {
        item_name: "Tea 100 g",
        item_units: [{ unit_fk: piece, quantity: "1", price: "1500", is_base: true }],
      })
    ).item_id;
    const supplier = (await created(a!.port, tokens[0]!, "/api/suppliers", { consumer_name: "Tea House" })).consumer_id;
    const customer = (await created(a!.port, tokens[0]!, "/api/customers", { consumer_name: "Corner Shop" })).consumer_id;
    const till = (await created(a!.port, tokens[0]!, "/api/cashes", { account_name: "Till", cash_type: 1, currency_id: 1 })).account_id;
    const type = (await created(a!.port, tokens[0]!, "/api/income_types", { type_name: "Rent" })).type_id;

    const purchase = async (port: number, token: string, quantity: string) => {
      const p = await created(port, token, "/api/purchases", {
        consumer_id: supplier,
        date: "2026-11-20 09:00",
        inventory_id: 1,
        currency_id: 1,
        discount_type: "amount",
        payment_type: "On Account",
        lines: [{ item_id: item, unit_id: piece, quantity, unit_price: "600" }],
      });
      const done = await request(port, token, "POST", `/api/purchases/${p.id}/complete`);
      if (done.status !== 200) throw new Error(`purchase complete: ${done.status} ${JSON.stringify(done.body)}`);
      return p.id as number;
    };
    const sale = async (port: number, token: string) => {
      const s = await created(port, token, "/api/sales", {
        date: "2026-11-21 10:00",
        consumer_fk: customer,
        inventory_fk: 1,
        currency_id: 1,
        rate: "1",
        discount_type: "invoice",
        invoice_discount_type: "amount",
        invoice_discount: "0",
        payment_type: "Cash",
        account_fk: till,
        paid_amount: "1500",
        lines: [{ item_fk: item, unit_fk: piece, quantity: "1" }],
      });
      const done = await request(port, token, "POST", `/api/sales/${s.id}/complete`);
      if (done.status !== 200) throw new Error(`sale complete: ${done.status} ${JSON.stringify(done.body)}`);
      return s.id as number;
    };
    const income = async (port: number, token: string) =>
      (
        await created(port, token, "/api/incomes", {
          type_id: type,
          account_id: till,
          currency_id: 1,
          amount: "1000",
          payment_time: "10:00",
        })
      ).id as number;
    // Enough stock that no sale runs short.
    await purchase(a!.port, tokens[0]!, "1000");

    const acked = { purchases: [] as number[], sales: [] as number[], incomes: [] as number[] };
    const stopped = new Set<number>();
    let failure: unknown = null;
    const writer = (i: number, kind: keyof typeof acked) => async () => {
      const { port } = processes[i]!;
      const token = tokens[i]!;
      while (!stopped.has(i)) {
        try {
          const id =
            kind === "purchases"
              ? await purchase(port, token, "2")
              : kind === "sales"
                ? await sale(port, token)
                : await income(port, token);
          acked[kind].push(id);
        } catch (e) {
          // The killed process's writers fail: their last request was never acknowledged.
          if (!stopped.has(i)) failure ??= e;
          return;
        }
      }
    };
    const kinds = ["purchases", "sales", "incomes"] as const;
    const writers = [0, 1, 2].flatMap((i) => kinds.map((k) => writer(i, k)()));
    const total = () => acked.purchases.length + acked.sales.length + acked.incomes.length;
    const waitFor = async (n: number) => {
      while (total() < n) {
        if (failure) throw new Error(`a write failed: ${failure}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await waitFor(30);
    const victim = processes[2]!;
    stopped.add(2);
    victim.child.kill("SIGKILL");
    expect(await victim.exited).toBeNull();
    // The two others carry on.
    await waitFor(total() + 15);
    stopped.add(0);
    stopped.add(1);
    await Promise.all(writers);
    if (failure) throw new Error(`a write failed: ${failure}`);
    for (const k of kinds) expect(acked[k].length, k).toBeGreaterThanOrEqual(5);

    const database = await openDatabase({ url: db.url, max: 2 });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const one = async (q: string, params: unknown[] = []) => (await client.query(q, params)).rows[0] as Record<string, number | string>;
      // Every acknowledged document is there once, complete and posted.
      for (const [table, source, ids] of [
        ["purchases", "purchase", acked.purchases],
        ["sales", "sale", acked.sales],
      ] as const) {
        expect(new Set(ids).size).toBe(ids.length);
        const row = await one(
          `select count(*)::int as n, count(*) filter (where status = 'complete')::int as complete,
                  (select count(distinct source_id)::int from journal_entries where source_type = $2 and source_id = any($1)) as posted
             from ${table} where id = any($1)`,
          [ids, source],
        );
        expect(row, table).toEqual({ n: ids.length, complete: ids.length, posted: ids.length });
      }
      const incomes = await one(
        `select count(*)::int as n, (select count(distinct source_id)::int from journal_entries where source_type = 'incomes' and source_id = any($1)) as posted
           from incomes where id = any($1)`,
        [acked.incomes],
      );
      expect(incomes).toEqual({ n: acked.incomes.length, posted: acked.incomes.length });
      // Nothing doubled: beyond the acknowledged documents, at most the one each of the killed
      // process's writers had in flight (saved, its answer lost with the process).
      const all = await one(
        "select (select count(*)::int from purchases) - 1 as purchases, (select count(*)::int from sales) as sales, (select count(*)::int from incomes) as incomes",
      );
      for (const k of kinds) {
        expect(Number(all[k]) - acked[k].length, k).toBeGreaterThanOrEqual(0);
        expect(Number(all[k]) - acked[k].length, k).toBeLessThanOrEqual(1);
      }
      // Sale receipt numbers stay unique across the processes.
      expect(await one("select count(*)::int - count(distinct (outlet_fk, number))::int as dup from sales")).toEqual({ dup: 0 });
      // The books balance and the stock agrees with its movements.
      const tb = await one("select sum(sys_debit)::text as d, sum(sys_credit)::text as c from journal_lines");
      expect(tb.d).toBe(tb.c);
      expect(await stockInconsistencies(database.db)).toEqual([]);
      const onHand = await one("select sum(qty)::text as q from stock_balances where item_fk = $1", [item]);
      const bought = await one(
        "select coalesce(sum(l.quantity), 0)::text as q from purchase_lines l join purchases p on p.id = l.purchase_fk where p.status = 'complete'",
      );
      const sold = await one(
        "select coalesce(sum(l.quantity), 0)::text as q from sale_lines l join sales s on s.id = l.sale_fk where s.status = 'complete'",
      );
      expect(Number(onHand.q)).toBe(Number(bought.q) - Number(sold.q));
    } finally {
      await client.end();
      await database.close();
    }
    for (const p of processes.slice(0, 2)) p.child.kill("SIGTERM");
    expect(await Promise.all(processes.slice(0, 2).map((p) => p.exited))).toEqual([0, 0]);
  }, 120_000);
});
