import type { TestApp } from "../../../test/harness.js";

/**
 * Creates an item sold by the piece (its base unit) and by the box of `perBox` pieces (10 unless
 * given; its default unit) at these sale prices, with any other fields given; answers its id.
 */
export async function pieceAndBoxItem(
  t: TestApp,
  units: { piece: number; box: number },
  name: string,
  prices: { piece: string; box: string; perBox?: string },
  extra: Record<string, unknown> = {},
): Promise<number> {
  const res = await t.api("POST", "/api/items", {
    body: {
      item_name: name,
      item_units: [
        { unit_fk: units.piece, quantity: "1", price: prices.piece, is_base: true },
        { unit_fk: units.box, quantity: prices.perBox ?? "10", price: prices.box, is_default: true },
      ],
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(`/api/items: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.item_id;
}
