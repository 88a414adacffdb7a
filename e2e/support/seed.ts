import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { adminToken, call, createUser, unique } from "./api";
import { seededFile } from "./env";
import { placeShopOrder, shopCustomer } from "./shop";

/** A valid EAN-13 starting with 0, different on every call: the kind of code a spreadsheet turns into a number. */
export function ean13WithLeadingZero(): string {
  const body = `0${String(Math.floor(Math.random() * 1e11)).padStart(11, "0")}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A POST as `token`'s user that answers the row it made (the answer's `data`). */
export const poster =
  (token: string) =>
  <T>(path: string, body: unknown): Promise<T> =>
    call<{ data: T }>(path, { method: "POST", token, body }).then((r) => r.data);

/** The ids of the Piece and the Box, two of the units every shop starts with. */
export async function pieceAndBox(token: string): Promise<{ piece: number; box: number }> {
  const units = (await call<{ message: { unit_id: number; unit_name: string }[] }>("units/list", { token })).message;
  const id = (name: string) => units.find((x) => x.unit_name === name)!.unit_id;
  return { piece: id("Piece"), box: id("Box") };
}

/** An item's units when it is sold by the piece alone, at `price`. */
export const pieceOnly = (piece: number, price: string) => [{ unit_fk: piece, quantity: "1", price, is_base: true, is_default: true }];

/**
 * An item's units when it is sold by the piece (its base unit) and by the box of ten, the box
 * offered first; each with its barcode when one is given.
 */
export function pieceAndBoxOfTen(
  units: { piece: number; box: number },
  prices: { piece: string; box: string },
  barcodes: { piece?: string; box?: string } = {},
) {
  return [
    { unit_fk: units.piece, quantity: "1", price: prices.piece, is_base: true, ...(barcodes.piece ? { barcode: barcodes.piece } : {}) },
    { unit_fk: units.box, quantity: "10", price: prices.box, is_default: true, ...(barcodes.box ? { barcode: barcodes.box } : {}) },
  ];
}

/** A new item (`fields` as the items screen sends them): its id. */
export async function createItem(token: string, fields: { item_name: string; item_units: unknown[] } & Record<string, unknown>) {
  return (await poster(token)<{ item_id: number }>("items", fields)).item_id;
}

/** `quantity` of `unit` of the item at `unitCost` each, in the first inventory's opening stock. */
export async function openingStock(token: string, item: number, unit: number, quantity: string, unitCost: string) {
  await poster(token)("inventory_opening_balances", {
    inventory_id: 1,
    lines: [{ item_id: item, unit_id: unit, quantity, unit_cost: unitCost }],
  });
}

/**
 * A purchase into the first inventory, in IQD on the supplier's account unless `fields` says
 * otherwise, completed: its goods are in stock and the supplier is owed.
 */
export async function completedPurchase<T extends { id: number } = { id: number }>(token: string, fields: Record<string, unknown>) {
  const post = poster(token);
  const purchase = await post<T>("purchases", { inventory_id: 1, currency_id: 1, payment_type: "On Account", ...fields });
  await post(`purchases/${purchase.id}/complete`, {});
  return purchase;
}

/**
 * A sale from the first inventory, in IQD on the customer's account unless `fields` says
 * otherwise, completed: its goods have left the stock.
 */
export async function completedSale<T extends { id: number } = { id: number }>(token: string, fields: Record<string, unknown>) {
  const post = poster(token);
  const sale = await post<T>("sales", { inventory_fk: 1, currency_id: 1, payment_type: "On Account", ...fields });
  await post(`sales/${sale.id}/complete`, {});
  return sale;
}

export interface SeededRows {
  customerId: number;
  supplierId: number;
  /** A record to open a screen's `:id` with, by the screen's list path (documents with view and upsert screens). */
  byPath: Record<string, number>;
}

/** One row or more in every list the product has, through the API, so screens are checked full, not empty. */
export async function seedEveryList(token: string): Promise<SeededRows> {
  const u = unique();
  const post = poster(token);

  await post("roles", { role_name: `Cashier ${u}`, permissions: ["users/index", "expenses/index"] });
  await createUser(token, { user_name: `clerk${u}`, user_full_name: `Clerk ${u}` });
  await post("user_pins", { name: `Till ${u}`, pin: "482613" });
  await post("cities", { city_name: `Erbil ${u}` });
  await post("brands", { brand_name: `Brand ${u}` });
  await post("units", { unit_name: `Carton ${u}` });
  const category = await post<{ category_id: number }>("categories", { category_name: `Medicines ${u}`, category_code: `MED-${u}` });
  await post("categories", { category_name: `Tablets ${u}`, parent_id: category.category_id });
  const units = await call<{ message: { unit_id: number }[] }>("units/list", { token });
  const unit = units.message[0]?.unit_id;
  const itemIds: number[] = [];
  for (const [name, barcode] of [
    [`Paracetamol ${u}`, ean13WithLeadingZero()],
    [`Amoxicillin ${u}`, null],
  ] as const) {
    const item = await post<{ item_id: number }>("items", {
      item_name: name,
      category_fk: category.category_id,
      has_expire: true,
      is_active_online: true,
      item_units: [{ unit_fk: unit, quantity: "1", price: "2500", barcode, is_base: true, is_default: true }],
      generate_barcode: barcode === null,
    });
    itemIds.push(item.item_id);
  }
  // Stock in the first inventory and a transfer of some of it, for the warehouse screens.
  const inventories = await call<{ message: { inventory_id: number; inventory_name: string }[] }>("inventories/list", { token });
  const main = inventories.message.find((i) => i.inventory_name === "Main Inventory")!.inventory_id;
  const branch = await post<{ inventory_id: number }>("inventories", { inventory_name: `Branch ${u}` });
  await post("inventory_opening_balances", {
    inventory_id: main,
    lines: itemIds.map((item_id) => ({
      item_id,
      unit_id: unit,
      quantity: "40",
      unit_cost: "1500",
      batch_no: `B-${u}`,
      expire_date: "2099-12-31",
    })),
  });
  await post("stock_transfers", {
    from_inventory_id: main,
    to_inventory_id: branch.inventory_id,
    items: [{ item_id: itemIds[0], unit_id: unit, quantity: "5" }],
  });
  await post("pricing_profiles", { profile_name: `Wholesale ${u}`, discount_percentage: "5", apply_on: "sale_price" });
  const today = new Date().toISOString().slice(0, 10);
  await post("promotions", {
    title: `Medicine week ${u}`,
    customer_rule: "all",
    product_rule: "category",
    category_fk: category.category_id,
    amount_rule_type: "quantity",
    rule_value: "10",
    reward_type: "get_free",
    reward_value: "1",
    start_date: today,
    end_date: today,
  });
  // The mobile app's settings: a cancellation reason and a home section of the two items.
  await post("order_cancellation_messages", { message: `Out of stock ${u}` });
  await post("mobile_app_sections", { title: `Pharmacy picks ${u}`, source: "items", item_ids: itemIds });
  await post("item_pricings", {
    apply_on: "category",
    category_fk: category.category_id,
    amount_type: "percent",
    amount: "2",
    direction: "up",
  });

  const iqd = await post<{ account_id: number }>("cashes", { account_name: `Till IQD ${u}`, cash_type: 1, currency_id: 1 });
  const usd = await post<{ account_id: number }>("cashes", {
    account_name: `Bank USD ${u}`,
    cash_type: 2,
    currency_id: 2,
    bank_name: "RT Bank",
  });
  const incomeType = await post<{ type_id: number }>("income_types", { type_name: `Rent received ${u}` });
  const expenseType = await post<{ type_id: number }>("expense_types", { type_name: `Electricity ${u}` });
  await post("incomes", {
    type_id: incomeType.type_id,
    account_id: iqd.account_id,
    currency_id: 1,
    amount: "500000",
    payment_time: "09:30",
  });
  await post("incomes", { type_id: incomeType.type_id, account_id: usd.account_id, currency_id: 2, amount: "400", payment_time: "10:00" });
  await post("expenses", {
    type_id: expenseType.type_id,
    account_id: iqd.account_id,
    currency_id: 1,
    amount: "25000",
    payment_time: "11:15",
  });
  await post("cash_transactions", { from_account_id: usd.account_id, to_account_id: iqd.account_id, amount: "50" });
  await post("exchange_revaluations", { date: new Date().toISOString().slice(0, 10), rate: "1437.5", account_ids: [usd.account_id] });

  const customer = await post<{ consumer_id: number }>("customers", { consumer_name: `Al-Noor Pharmacy ${u}`, mobile: "07501112233" });
  const supplier = await post<{ consumer_id: number }>("suppliers", { consumer_name: `Kurdistan Medical ${u}`, mobile: "07701234567" });
  // The customer given an account in the mobile app, for the online customers' list.
  await post("online_customers", { consumer_id: customer.consumer_id });
  await post("customer_transactions", { consumer_id: customer.consumer_id, account_id: iqd.account_id, currency_id: 1, amount: "75000" });
  await post("supplier_transactions", { consumer_id: supplier.consumer_id, account_id: iqd.account_id, currency_id: 1, amount: "30000" });
  const purchases = await seedPurchases(token, u, supplier.consumer_id, itemIds[0]!, unit);
  const sales = await seedSales(token, u, customer.consumer_id, itemIds[1]!, unit, iqd.account_id);
  const saleReturns = await seedSaleReturn(token, customer.consumer_id, itemIds[0]!, unit);
  await seedExpiringItem(token, `Eye drops ${u}`, [{ batch_no: `ED${u}`, days: 10, quantity: "6" }]);
  // A recalculation run, for its history (after everything else: nothing for it to correct).
  await post("recalculations", {});
  await seedOnlineOrder(token, u);
  return {
    customerId: customer.consumer_id,
    supplierId: supplier.consumer_id,
    // The till with lines: its general ledger.
    byPath: {
      ...(await seedWarehouseDocs(token, u)),
      ...purchases,
      ...sales,
      ...(await seedQuotationsAndTransfers(token, customer.consumer_id, itemIds[0]!, unit)),
      ...saleReturns,
      "/accounting/general-ledger": iqd.account_id,
      // A drawer closing (the counted cash agrees with the books): its Z report.
      "/sales/closing-drawer": (await post<{ id: number }>("closing_drawers", { counted_iqd: "0", counted_usd: "0" })).id,
      // A POS receipt after it, in the open drawer.
      "/sales/pos-sales": await seedPosSale(token, itemIds[0]!, unit),
      // An offline sale whose till showed another total: kept for a manager's review.
      "/sales/pos-reviews": await seedPosReview(token, itemIds[0]!, unit),
    },
  };
}

/** An order placed through the shop app: the order history's row and the board's card. */
async function seedOnlineOrder(token: string, u: string) {
  const units = await pieceAndBox(token);
  const item = await createItem(token, { item_name: `Online ${u}`, is_active_online: true, item_units: pieceOnly(units.piece, "1000") });
  await openingStock(token, item, units.piece, "5", "500");
  const shopper = await shopCustomer(`0771${String(Date.now()).slice(-7)}`);
  await placeShopOrder(shopper, [{ item_id: item, quantity: "1" }]);
}

/**
 * `seedEveryList` once for the whole run, whichever worker asks first: the others wait for its
 * rows (a file beside the run's state, removed by the teardown) instead of seeding again.
 */
export async function seededOnce(): Promise<SeededRows> {
  const file = seededFile();
  const lock = `${file}.lock`;
  let mine = true;
  try {
    writeFileSync(lock, String(process.pid), { flag: "wx" });
  } catch {
    mine = false;
  }
  const publish = (answer: { rows: SeededRows } | { error: string }) => {
    writeFileSync(`${file}.tmp`, JSON.stringify(answer));
    renameSync(`${file}.tmp`, file);
  };
  if (mine) {
    try {
      const rows = await seedEveryList(await adminToken());
      publish({ rows });
      return rows;
    } catch (e) {
      publish({ error: String(e) });
      throw e;
    }
  }
  const until = Date.now() + 180_000;
  while (!existsSync(file)) {
    if (Date.now() > until) throw new Error(`another worker began seeding every list (${lock}) and never finished`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const answer = JSON.parse(readFileSync(file, "utf8")) as { rows: SeededRows } | { error: string };
  if ("error" in answer) throw new Error(`seeding every list failed in another worker: ${answer.error}`);
  return answer.rows;
}

/** A complete sale paid in cash, and a salesman's complete sale on account with his commission. */
async function seedSales(token: string, u: string, customer: number, item: number, unit: number | undefined, till: number) {
  const post = poster(token);
  const fields = {
    user_name: `salesman${u}`,
    user_full_name: `Salesman ${u}`,
    is_salesman: true,
    sale_man_name: `Hawre ${u}`,
    commission_type: "revenue_commission",
    sale_man_commission_percentage: "2",
  };
  const salesman = await createUser(token, fields);
  const line = { item_fk: item, unit_fk: unit, quantity: "2" };
  const sale = await completedSale(token, { consumer_fk: customer, payment_type: "Cash", account_fk: till, lines: [line] });
  const bySalesman = await post<{ id: number }>("salesman_sales", {
    consumer_fk: customer,
    salesman_fk: salesman.user_id,
    inventory_fk: 1,
    currency_id: 1,
    payment_type: "On Account",
    lines: [line],
  });
  await post(`salesman_sales/${bySalesman.id}/complete`, {});
  return { "/sales/sales": sale.id, "/sales/salesman-sales": bySalesman.id };
}

/** A POS sale of one unit paid with a note of 10,000 IQD in cash (the admin's own drawer); `fields` add to it. */
async function posSale<T>(token: string, item: number, unit: number | undefined, fields: Record<string, unknown> = {}): Promise<T> {
  const res = await call<{ data: T }>("pos_sales", {
    method: "POST",
    token,
    headers: { "idempotency-key": crypto.randomUUID() },
    body: {
      client_created_at: new Date().toISOString(),
      ...fields,
      lines: [{ item_fk: item, unit_fk: unit, quantity: "1" }],
      payments: [{ method: "cash", currency_id: 1, amount: "10000" }],
    },
  });
  return res.data;
}

/** A POS sale of one unit paid in IQD cash (the admin's own drawer), a note of 10,000 for a bill under it. */
async function seedPosSale(token: string, item: number, unit: number | undefined): Promise<number> {
  return (await posSale<{ id: number }>(token, item, unit)).id;
}

/** An offline POS sale the server cannot book as it stands (the till showed 1 IQD): its review's id. */
async function seedPosReview(token: string, item: number, unit: number | undefined): Promise<number> {
  return (await posSale<{ review_id: number }>(token, item, unit, { offline: true, client_total: "1" })).review_id;
}

/** A complete purchase with a transport charge applied, and a return from it. */
async function seedPurchases(token: string, u: string, supplier: number, item: number, unit: number | undefined) {
  const post = poster(token);
  const purchase = await completedPurchase<{ id: number; lines: { line_id: number }[] }>(token, {
    consumer_id: supplier,
    reference_no: `INV-${u}`,
    discount_type: "amount",
    lines: [
      { item_id: item, unit_id: unit, quantity: "40", bonus: "4", unit_price: "1750", batch_no: `B-${u}`, expire_date: "2030-01-31" },
    ],
    charges: [{ kind: "transport", consumer_id: supplier, payment_type: "On Account", currency_id: 1, amount: "14000" }],
  });
  await post(`purchases/${purchase.id}/apply_cost`, {});
  const purchaseReturn = await post<{ id: number }>("purchase_returns", {
    purchase_id: purchase.id,
    consumer_id: supplier,
    inventory_id: 1,
    currency_id: 1,
    payment_type: "On Account",
    lines: [{ purchase_line_id: purchase.lines[0]!.line_id, item_id: item, unit_id: unit, quantity: "2", unit_price: "1750" }],
  });
  // A purchase order, ordered and received in part: its view, its form and its receiving.
  const order = await post<{ id: number; lines: { line_id: number }[] }>("purchase_orders", {
    consumer_id: supplier,
    inventory_id: 1,
    currency_id: 1,
    expected_date: "2099-12-31",
    lines: [{ item_id: item, unit_id: unit, quantity: "20", unit_price: "1700" }],
  });
  await post(`purchase_orders/${order.id}/order`, {});
  await post(`purchase_orders/${order.id}/receive`, {
    lines: [{ order_line_id: order.lines[0]!.line_id, quantity: "5", batch_no: `PO-${u}`, expire_date: "2030-06-30" }],
  });
  return { "/purchases/purchases": purchase.id, "/purchases/purchase-return": purchaseReturn.id, "/purchases/purchase-orders": order.id };
}

/** A quotation, a sale transfer sent to the customer on consignment and a return of part of it. */
async function seedQuotationsAndTransfers(token: string, customer: number, item: number, unit: number | undefined) {
  const post = poster(token);
  const lines = [{ item_fk: item, unit_fk: unit, quantity: "3" }];
  const quotation = await post<{ id: number }>("quotations", {
    consumer_fk: customer,
    valid_until: "2099-12-31",
    currency_id: 1,
    discount_type: "item",
    lines,
  });
  const transfer = await post<{ id: number }>("sale_transfers", { consumer_fk: customer, inventory_fk: 1, currency_id: 1, lines });
  await post(`sale_transfers/${transfer.id}/send`, {});
  const back = await post<{ id: number }>("sale_transfer_returns", {
    consumer_fk: customer,
    sale_transfer_fk: transfer.id,
    inventory_fk: 1,
    lines: [{ item_fk: item, unit_fk: unit, quantity: "1" }],
  });
  return { "/sales/sale-quotations": quotation.id, "/sales/sale-transfers": transfer.id, "/sales/sale-transfer-return": back.id };
}

/** A complete sale on the customer's account and a return of part of it. */
async function seedSaleReturn(token: string, customer: number, item: number, unit: number | undefined) {
  const post = poster(token);
  const sale = await completedSale<{ id: number; lines: { line_id: number }[] }>(token, {
    consumer_fk: customer,
    lines: [{ item_fk: item, unit_fk: unit, quantity: "3" }],
  });
  const saleReturn = await post<{ id: number }>("sale_returns", {
    sale_fk: sale.id,
    inventory_fk: 1,
    received_type: "On Account",
    lines: [{ sale_line_fk: sale.lines[0]!.line_id, quantity: "1" }],
  });
  return { "/sales/sale-returns": saleReturn.id };
}

/** Opening stock, a completed count and a draft write-off of one item, for the warehouse documents' screens. */
async function seedWarehouseDocs(token: string, u: string): Promise<Record<string, number>> {
  const post = poster(token);
  const { unit, inventory } = await firstUnitAndInventory(token);
  const item = await post<{ item_id: number }>("items", {
    item_name: `Gauze roll ${u}`,
    item_units: [{ unit_fk: unit, quantity: "1", price: "1500", is_base: true, is_default: true }],
  });
  const opening = await post<{ id: number }>("inventory_opening_balances", {
    inventory_id: inventory,
    lines: [{ item_id: item.item_id, unit_id: unit, quantity: "20", unit_cost: "1000" }],
  });
  const count = await post<{ id: number; lines: { batch_id: number }[] }>("inventory_adjustments", {
    inventory_id: inventory,
    lines: [{ item_id: item.item_id, counted_qty: "19" }],
  });
  await post(`inventory_adjustments/${count.id}/complete`, {});
  const disposal = await post<{ id: number }>("asset_disposals", {
    inventory_id: inventory,
    disposal_type: "destruct",
    lines: [{ item_id: item.item_id, unit_id: unit, quantity: "1" }],
  });
  return {
    "/settings/opening-balance/inventory-opening-balance": opening.id,
    "/warehouse/inventory-adjustment": count.id,
    "/warehouse/destructed-assets": disposal.id,
  };
}

/** The first unit and the first inventory the product lists. */
async function firstUnitAndInventory(token: string) {
  const unit = (await call<{ message: { unit_id: number }[] }>("units/list", { token })).message[0]?.unit_id;
  const inventory = (await call<{ message: { inventory_id: number }[] }>("inventories/list", { token })).message[0]?.inventory_id;
  return { unit, inventory };
}

/** A day `days` from today, `YYYY-MM-DD` (a day either way of the business's day is no matter here). */
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An item with an expiry and an alert of 30 days, brought in by opening stock in batches expiring `days` from today. */
export async function seedExpiringItem(token: string, name: string, batches: { batch_no: string; days: number; quantity: string }[]) {
  const post = poster(token);
  const { unit, inventory } = await firstUnitAndInventory(token);
  const item = await post<{ item_id: number }>("items", {
    item_name: name,
    has_expire: true,
    expire_alert: 30,
    item_units: [{ unit_fk: unit, quantity: "1", price: "2500", is_base: true, is_default: true }],
  });
  await post("inventory_opening_balances", {
    inventory_id: inventory,
    lines: batches.map((b) => ({
      item_id: item.item_id,
      unit_id: unit,
      quantity: b.quantity,
      unit_cost: "1200",
      batch_no: b.batch_no,
      expire_date: dayFrom(b.days),
    })),
  });
  return item.item_id;
}
