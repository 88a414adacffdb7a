import { type ModifySalePriceInput, PURCHASE_MSG } from "@app/contracts";
import { eq, inArray } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { itemUnits } from "../catalogue/catalogue.tables.js";
import { itemsWithUnits } from "../catalogue/item-units.js";
import { markUnitsChanged } from "../catalogue/items.js";
import { systemCurrency } from "../ledger/ledger.js";
import { D, round4 } from "../ledger/money.js";
import { linesOf, stored } from "./purchase.posting.js";
import { purchases } from "./purchases.tables.js";

/** Modify sale price: per line the cost and net price, and every unit of the item with its sale price. */
export async function salePrices(ctx: Ctx, id: number) {
  const p = await stored(ctx, id);
  const [doc] = await ctx.tx.select({ subtotal: purchases.subtotal, total: purchases.total }).from(purchases).where(eq(purchases.id, id));
  const share = D(doc!.subtotal).isZero() ? D(1) : D(doc!.total).div(doc!.subtotal);
  const lines = await linesOf(ctx.tx, id);
  const items = await itemsWithUnits(
    ctx.tx,
    lines.map((l) => l.item_fk),
  );
  const prices = new Map(
    (
      await ctx.tx
        .select({ id: itemUnits.item_unit_id, price: itemUnits.price, is_default: itemUnits.is_default, is_base: itemUnits.is_base })
        .from(itemUnits)
        .where(
          inArray(
            itemUnits.item_fk,
            lines.map((l) => l.item_fk),
          ),
        )
    ).map((r) => [r.id, r]),
  );
  return {
    id,
    number: p.number,
    currency_id: await systemCurrency(ctx.tx),
    lines: lines.map((l) => {
      const it = items.get(l.item_fk)!;
      const lineUnit = it.units.get(l.unit_fk);
      const qty = D(l.quantity);
      return {
        line_id: l.line_id,
        item_id: l.item_fk,
        item_name: it.item_name,
        unit_name: lineUnit?.unit_name ?? "",
        /** Cost of one base unit, system currency. */
        unit_cost: D(l.unit_cost).toFixed(),
        /** Cost of one of the line's unit, system currency. */
        line_unit_cost: round4(D(l.unit_cost).mul(l.unit_base_qty)).toFixed(),
        /** Net price of one of the line's unit in the purchase's currency: its share of the total after the discount, bonus units free. */
        net_price: qty.plus(l.bonus).isZero() ? "0" : round4(D(l.line_total).mul(share).div(qty.plus(l.bonus))).toFixed(),
        last_sale_price: prices.get(lineUnit?.item_unit_id ?? 0)?.price ?? "0",
        units: [...it.units.entries()]
          .map(([unit_id, u]) => ({
            item_unit_id: u.item_unit_id,
            unit_id,
            unit_name: u.unit_name,
            quantity: u.quantity,
            price: prices.get(u.item_unit_id)?.price ?? "0",
            is_base: prices.get(u.item_unit_id)?.is_base ?? false,
            is_default: prices.get(u.item_unit_id)?.is_default ?? false,
          }))
          .sort((a, b) => D(a.quantity).cmp(b.quantity)),
      };
    }),
  };
}

/** Writes new sale prices of the purchase's items' units; answers the prices before and after for the audit. */
export async function modifySalePrices(ctx: Ctx, id: number, input: ModifySalePriceInput) {
  await stored(ctx, id);
  const lines = await linesOf(ctx.tx, id);
  const itemIds = new Set(lines.map((l) => l.item_fk));
  const ids = input.prices.map((p) => p.item_unit_id);
  const units = await ctx.tx
    .select({ id: itemUnits.item_unit_id, item_fk: itemUnits.item_fk, price: itemUnits.price })
    .from(itemUnits)
    .where(inArray(itemUnits.item_unit_id, ids));
  const byId = new Map(units.map((u) => [u.id, u]));
  const errors: Record<string, string[]> = {};
  input.prices.forEach((p, i) => {
    const u = byId.get(p.item_unit_id);
    if (!u || !itemIds.has(u.item_fk)) errors[`prices.${i}.item_unit_id`] = [PURCHASE_MSG.unitInvalid];
  });
  if (Object.keys(errors).length) throw new HttpError(422, PURCHASE_MSG.unitInvalid, errors);
  const before: Record<string, string> = {};
  const after: Record<string, string> = {};
  for (const p of [...input.prices].sort((a, b) => a.item_unit_id - b.item_unit_id)) {
    before[p.item_unit_id] = byId.get(p.item_unit_id)!.price;
    after[p.item_unit_id] = D(p.price).toFixed(2);
    await ctx.tx.update(itemUnits).set({ price: after[p.item_unit_id] }).where(eq(itemUnits.item_unit_id, p.item_unit_id));
  }
  await markUnitsChanged(
    ctx,
    input.prices.map((p) => p.item_unit_id),
  );
  return { before, after };
}
