import { MSG } from "@app/contracts";
import type Decimal from "decimal.js";
import { HttpError } from "../../platform/errors.js";
import { D } from "./money.js";

/**
 * The largest amount (in the system currency) or quantity (in base units) one document may carry:
 * the journal and the stock ledger keep 16 digits before the point. A number each field accepts
 * (15 digits) may still make a line, its base quantity or the document's total beyond that.
 */
export const MAX_DOCUMENT_FIGURE = D("1e15");

/** Refuses, on the field that carries it, a figure the books cannot hold (422, never a database error). */
export function assertFiguresFit(figures: { field: string; value: Decimal; kind: "amount" | "quantity" }[]) {
  const errors: Record<string, string[]> = {};
  for (const f of figures)
    if (f.value.abs().gte(MAX_DOCUMENT_FIGURE) && !errors[f.field])
      errors[f.field] = [f.kind === "amount" ? MSG.amountTooLarge : MSG.quantityTooLarge];
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(422, first[0]!, errors);
}

/**
 * A document's lines and total against what the books hold: each line's quantity in base units
 * (on `lines.i.quantity`) and its amounts in the system currency (on `lines.i.{amountField}`),
 * then the total's amounts (on `total.field`).
 */
export function assertLinesFit(
  lines: { baseQuantity: Decimal; amounts: Decimal[] }[],
  total: { field: string; amounts: Decimal[] },
  amountField: "quantity" | "unit_price" = "unit_price",
) {
  assertFiguresFit([
    ...lines.flatMap((l, i) => [
      { field: `lines.${i}.quantity`, value: l.baseQuantity, kind: "quantity" as const },
      ...l.amounts.map((value) => ({ field: `lines.${i}.${amountField}`, value, kind: "amount" as const })),
    ]),
    ...total.amounts.map((value) => ({ field: total.field, value, kind: "amount" as const })),
  ]);
}
