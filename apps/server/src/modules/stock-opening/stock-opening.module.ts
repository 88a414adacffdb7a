import { type InventoryOpeningBalanceInput, ZInventoryOpeningBalance } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import type { Ctx } from "../../platform/context.js";
import { registerCrud } from "../../platform/crud.js";
import { notFound } from "../../platform/errors.js";
import { docLineItem, zDecimal } from "../../platform/openapi.js";
import { assertInventoryAccess } from "../catalogue/inventories.js";
import { warehouseDocHead, warehouseDocList, warehouseDocShown } from "../disposals/warehouse-docs.js";
import { checkLines } from "../disposals/warehouse-lines.js";
import { docDate } from "../ledger/dates.js";
import { accountByKey, lockAccounts, lockForPosting, post, reverse } from "../ledger/ledger.js";
import { assertFiguresFit } from "../ledger/limits.js";
import { D } from "../ledger/money.js";
import { nextNumber } from "../numbering/numbering.js";
import { stockIn } from "../stock/stock.in.js";
import { stockAccounts } from "../stock/stock.js";
import { stockInLines } from "../stock/stock.ledger.js";
import { assertNotProtected, reverseStock } from "../stock/stock.reverse.js";
import { inventoryOpeningBalanceLines, inventoryOpeningBalances } from "./stock-opening.tables.js";

export const SOURCE_OPENING_STOCK = "inventory_opening_balance";
const source = (id: number) => ({ type: SOURCE_OPENING_STOCK, id });

const DOC = { table: "inventory_opening_balances", lines: "inventory_opening_balance_lines", linesFk: "opening_fk" };

const openingList = warehouseDocList(DOC, { total_value: { expr: sql`d.total_value`, sum: true } }, { amountColumn: "total_value" });

async function show(ctx: Ctx, id: number) {
  const head = await warehouseDocHead(ctx, DOC, id);
  if (!head) return undefined;
  const lines = await ctx.tx.execute(sql`
    select l.id, l.item_fk as item_id, it.item_name, l.unit_fk as unit_id, un.unit_name, l.quantity, l.unit_cost,
           round(l.quantity * l.unit_cost, 4) as value, l.batch_no, to_char(l.expire_date, 'YYYY-MM-DD') as expire_date
      from inventory_opening_balance_lines l join items it on it.item_id = l.item_fk join units un on un.unit_id = l.unit_fk
     where l.opening_fk = ${id} order by l.id`);
  return { ...head, lines: lines.rows };
}

const ZOpeningStock = warehouseDocShown(inventoryOpeningBalances, {
  id: z.number().int(),
  ...docLineItem,
  unit_cost: zDecimal,
  value: zDecimal,
  batch_no: z.string().nullable(),
  expire_date: z.string().nullable(),
});

/**
 * Writes the lines, brings the goods in at their cost and posts Dr inventory / Cr opening-balance
 * equity. Locks: the two accounts (and those of the entry it replaces) first, the stock rows in
 * stockIn, the number counter last.
 */
async function save(ctx: Ctx, input: InventoryOpeningBalanceInput, id?: number) {
  await assertInventoryAccess(ctx, input.inventory_id);
  await checkLines(ctx, input.lines, { expiryRequired: true });
  const values = input.lines.map((l) => D(l.quantity).mul(l.unit_cost));
  assertFiguresFit([
    ...values.map((value, i) => ({ field: `lines.${i}.unit_cost`, value, kind: "amount" as const })),
    { field: "total_value", value: values.reduce((s, v) => s.plus(v), D(0)), kind: "amount" },
  ]);
  const date = docDate(input.date, ctx.now);
  const acc = await stockAccounts(ctx.tx);
  const equity = await accountByKey(ctx.tx, "opening_equity");
  if (id) {
    await lockForPosting(ctx, { reversing: source(id) });
    await assertNotProtected(ctx, source(id));
  }
  await lockAccounts(ctx, [acc.inventory, equity.account_id]);
  const row = { inventory_fk: input.inventory_id, date, note: input.note ?? null };
  let docId = id;
  if (docId) {
    await reverseStock(ctx, source(docId), { date });
    await reverse(ctx, source(docId));
    await ctx.tx.delete(inventoryOpeningBalanceLines).where(eq(inventoryOpeningBalanceLines.opening_fk, docId));
    await ctx.tx
      .update(inventoryOpeningBalances)
      .set({ ...row, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
      .where(eq(inventoryOpeningBalances.id, docId));
  } else {
    const [inserted] = await ctx.tx
      .insert(inventoryOpeningBalances)
      .values({ ...row, created_by: ctx.user?.user_id ?? null })
      .returning({ id: inventoryOpeningBalances.id });
    docId = inserted!.id;
  }
  const lines = await ctx.tx
    .insert(inventoryOpeningBalanceLines)
    .values(
      input.lines.map((l) => ({
        opening_fk: docId,
        item_fk: l.item_id,
        unit_fk: l.unit_id,
        quantity: l.quantity,
        unit_cost: l.unit_cost,
        batch_no: l.batch_no?.trim() || null,
        expire_date: l.expire_date ?? null,
      })),
    )
    .returning({ id: inventoryOpeningBalanceLines.id });
  const moved = await stockIn(
    ctx,
    source(docId),
    input.lines.map((l, i) => ({
      line_id: lines[i]!.id,
      item_id: l.item_id,
      inventory_id: input.inventory_id,
      unit_id: l.unit_id,
      quantity: l.quantity,
      batch_no: l.batch_no,
      expire_date: l.expire_date,
      unit_cost: l.unit_cost,
    })),
    { date },
  );
  const rule = stockInLines(acc, moved.value, equity.account_id);
  if (rule.length) await post(ctx, { date, source: source(docId), description: "Opening stock", lines: rule });
  const set: Partial<typeof inventoryOpeningBalances.$inferInsert> = { total_value: moved.value };
  if (!id) set.number = await nextNumber(ctx, "inventory_opening_balances", "OST");
  await ctx.tx.update(inventoryOpeningBalances).set(set).where(eq(inventoryOpeningBalances.id, docId));
  return docId;
}

export const stockOpeningModule: AppModule = {
  name: "inventory_opening_balances",
  register(app: FastifyInstance) {
    registerCrud(app, {
      endpoint: "inventory_opening_balances",
      section: "inventory_opening_balances",
      list: openingList,
      row: ZOpeningStock,
      show,
      create: { schema: ZInventoryOpeningBalance, run: async (ctx, input) => ({ id: await save(ctx, input) }) },
      update: {
        schema: ZInventoryOpeningBalance,
        run: async (ctx, id, input) => {
          await save(ctx, input, id);
        },
      },
      remove: async (ctx, id) => {
        const [row] = await ctx.tx
          .select({ id: inventoryOpeningBalances.id })
          .from(inventoryOpeningBalances)
          .where(eq(inventoryOpeningBalances.id, id));
        if (!row) throw notFound();
        await lockForPosting(ctx, { reversing: source(id) });
        await assertNotProtected(ctx, source(id));
        await reverseStock(ctx, source(id));
        await reverse(ctx, source(id));
        await ctx.tx.delete(inventoryOpeningBalances).where(eq(inventoryOpeningBalances.id, id));
      },
    });
  },
};
