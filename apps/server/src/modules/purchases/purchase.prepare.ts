import { MSG, PURCHASE_MSG, type PurchaseChargeInput, type PurchaseInput, type PurchaseLineInput } from "@app/contracts";
import type { DbOrTx } from "../../db/client.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { assertYearOpen } from "../../platform/periods.js";
import { assertCashCovers, cashAccount } from "../cash/cashes.js";
import { assertInventoryAccess } from "../catalogue/inventories.js";
import { itemsWithUnits } from "../catalogue/item-units.js";
import { docDate } from "../ledger/dates.js";
import { documentRate } from "../ledger/document-rate.js";
import type { AccountInfo } from "../ledger/journal.js";
import { systemCurrency } from "../ledger/ledger.js";
import { assertFiguresFit, assertLinesFit } from "../ledger/limits.js";
import { convert, D } from "../ledger/money.js";
import { consumerAccounts } from "../parties/consumers.js";
import { paymentStatus, purchaseFigures } from "./purchase.ledger.js";

/** Checks the lines against the catalogue: each item exists, its unit is one of the item's, an expiring item has its expiry. */
export async function checkLines(
  tx: DbOrTx,
  lines: { item_id: number; unit_id: number; expire_date?: string | null }[],
  field = "lines",
  requireExpiry = true,
) {
  const items = await itemsWithUnits(
    tx,
    lines.map((l) => l.item_id),
  );
  const errors: Record<string, string[]> = {};
  const bases: string[] = [];
  lines.forEach((l, i) => {
    const it = items.get(l.item_id);
    if (!it) {
      errors[`${field}.${i}.item_id`] = [PURCHASE_MSG.itemInvalid];
      bases.push("1");
      return;
    }
    const u = it.units.get(l.unit_id);
    if (!u) errors[`${field}.${i}.unit_id`] = [PURCHASE_MSG.unitInvalid];
    if (requireExpiry && it.has_expire && !l.expire_date) errors[`${field}.${i}.expire_date`] = [PURCHASE_MSG.expiryRequired];
    bases.push(u?.quantity ?? "1");
  });
  if (Object.keys(errors).length) throw new HttpError(422, Object.values(errors)[0]![0]!, errors);
  return { items, bases };
}

async function prepareCharge(ctx: Ctx, c: PurchaseChargeInput, i: number, date: Date, confirmed: boolean | undefined) {
  // A charge paid in cash needs no supplier; one named is still checked.
  const accountsOf = c.consumer_id
    ? await consumerAccounts(ctx.tx, "supplier", c.consumer_id).catch((err) => {
        if (err instanceof HttpError) throw new HttpError(422, err.message, { [`charges.${i}.consumer_id`]: [err.message] });
        throw err;
      })
    : null;
  const cash = c.payment_type === "Cash" && c.account_id ? await cashAccount(ctx.tx, c.account_id, `charges.${i}.account_id`) : null;
  if (!cash && !accountsOf) throw new HttpError(422, MSG.chooseFromList, { [`charges.${i}.consumer_id`]: [MSG.chooseFromList] });
  // A charge in the system currency paid from a till of the other currency: at the day's out-rate, not at rate 1.
  const rate = await documentRate(ctx.tx, {
    currency_id: c.currency_id,
    rate: cash && cash.currency_id !== c.currency_id && c.currency_id === (await systemCurrency(ctx.tx)) ? null : c.rate,
    date,
    kind: "out",
    confirmed,
    field: `charges.${i}.rate`,
  });
  const creditor: AccountInfo = cash ?? { account_id: accountsOf![c.currency_id]!, currency_id: c.currency_id };
  return {
    row: {
      kind: c.kind,
      consumer_fk: c.consumer_id ?? null,
      payment_type: c.payment_type,
      account_fk: cash?.account_id ?? null,
      currency_id: c.currency_id,
      rate,
      amount: D(c.amount).toFixed(),
      note: c.note ?? null,
    },
    creditor,
    cash,
  };
}

/**
 * The cash the charges paid in cash take out of their accounts, each in its account's currency,
 * checked against what the accounts hold now: refused at save, naming the account and what it
 * holds, rather than at apply cost with a bare "No Enough Balance".
 */
export async function assertChargesCovered(ctx: Ctx, charges: Awaited<ReturnType<typeof prepareCharge>>[]) {
  await assertCashCovers(
    ctx.tx,
    charges.flatMap((c, i) =>
      c.cash
        ? [
            {
              account: c.cash,
              amount: convert(c.row.amount, c.row.currency_id, c.cash.currency_id, c.row.rate),
              field: `charges.${i}.account_id`,
            },
          ]
        : [],
    ),
  );
}

/** Reads and checks a purchase as sent: supplier, inventory, rate, lines, charges and figures. */
export async function prepare(ctx: Ctx, input: PurchaseInput) {
  const sys = await systemCurrency(ctx.tx);
  const supplierAccounts = await consumerAccounts(ctx.tx, "supplier", input.consumer_id);
  await assertInventoryAccess(ctx, input.inventory_id);
  const date = docDate(input.date, ctx.now);
  // A draft too is dated inside an open financial year: it would not complete otherwise.
  await assertYearOpen(ctx.tx, date);
  const rate = await documentRate(ctx.tx, {
    currency_id: input.currency_id,
    rate: input.rate,
    date,
    kind: "out",
    confirmed: input.confirmed,
  });
  const { bases } = await checkLines(ctx.tx, input.lines);
  const figures = purchaseFigures(
    {
      currency_id: input.currency_id,
      rate,
      discount_type: input.discount_type,
      discount: input.discount ?? "0",
      lines: input.lines.map((l, i) => ({
        quantity: l.quantity,
        bonus: l.bonus ?? "0",
        unit_price: l.unit_price,
        unit_base_qty: bases[i]!,
      })),
    },
    sys,
  );
  assertLinesFit(
    input.lines.map((l, i) => ({
      baseQuantity: D(l.quantity)
        .plus(l.bonus ?? 0)
        .mul(bases[i]!),
      amounts: [convert(figures.lines[i]!.line_total, input.currency_id, sys, rate)],
    })),
    { field: "total", amounts: [convert(figures.subtotal, input.currency_id, sys, rate)] },
  );
  if (figures.total.isNeg())
    throw new HttpError(422, "The discount may not be greater than the total.", {
      discount: ["The discount may not be greater than the total."],
    });
  const paid = D(input.paid_amount ?? (input.payment_type === "Cash" ? figures.total : 0));
  if (paid.gt(figures.total)) throw new HttpError(422, PURCHASE_MSG.paidTooMuch, { paid_amount: [PURCHASE_MSG.paidTooMuch] });
  const cash = input.account_id && (paid.gt(0) || input.payment_type === "Cash") ? await cashAccount(ctx.tx, input.account_id) : null;
  // Paid from a till of the other currency for a purchase in the system currency (whose figures
  // need no rate): the money leaves the till at the day's out-rate, not at rate 1.
  const docRate =
    cash && cash.currency_id !== input.currency_id && input.currency_id === sys
      ? await documentRate(ctx.tx, { currency_id: cash.currency_id, rate: null, date, kind: "out", confirmed: undefined })
      : rate;
  const charges = [];
  for (const [i, c] of input.charges.entries()) charges.push(await prepareCharge(ctx, c, i, date, input.confirmed));
  const chargeValues = charges.map((c) => convert(c.row.amount, c.row.currency_id, sys, c.row.rate));
  assertFiguresFit([
    ...chargeValues.map((value, i) => ({ field: `charges.${i}.amount`, value, kind: "amount" as const })),
    { field: "charges", value: chargeValues.reduce((s, v) => s.plus(v), D(0)), kind: "amount" },
  ]);
  return {
    sys,
    row: {
      consumer_fk: input.consumer_id,
      reference_no: input.reference_no ?? null,
      date,
      inventory_fk: input.inventory_id,
      currency_id: input.currency_id,
      rate: docRate,
      payment_type: input.payment_type,
      account_fk: cash?.account_id ?? null,
      discount_type: input.discount_type,
      discount: D(input.discount ?? 0).toFixed(),
      discount_amount: figures.discount_amount.toFixed(),
      subtotal: figures.subtotal.toFixed(),
      total: figures.total.toFixed(),
      paid_amount: paid.toFixed(),
      payment_status: paymentStatus(figures.total, paid),
      note: input.note ?? null,
    },
    lines: input.lines.map((l: PurchaseLineInput, i) => ({
      item_fk: l.item_id,
      unit_fk: l.unit_id,
      unit_base_qty: bases[i]!,
      quantity: l.quantity,
      bonus: l.bonus ?? "0",
      unit_price: l.unit_price,
      line_total: figures.lines[i]!.line_total.toFixed(),
      batch_no: l.batch_no || null,
      expire_date: l.expire_date || null,
      description: l.description ?? null,
      unit_cost: figures.lines[i]!.unit_cost.toFixed(),
      position: i,
    })),
    charges,
    supplier: { account_id: supplierAccounts[input.currency_id]!, currency_id: input.currency_id },
    cash,
  };
}
