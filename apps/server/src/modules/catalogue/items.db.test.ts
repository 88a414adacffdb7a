import { isValidEan13, MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { stockIn } from "../stock/stock.in.js";
import { itemSearch, itemSearchOrder } from "./barcodes.js";
import { multipart, PNG } from "./multipart.fixture.js";

let t: TestApp;
let piece: number;
let box: number;
let carton: number;
beforeAll(async () => {
  t = await createTestApp();
  const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
  const id = (n: string) => units.find((u) => u.unit_name === n)!.unit_id;
  piece = id("Piece");
  box = id("Box");
  carton = id("Carton");
});
afterAll(() => t.close());

const item = (name: string, extra: Record<string, unknown> = {}) => ({
  item_name: name,
  item_units: [
    { unit_fk: piece, quantity: "1", price: "250", is_base: true },
    { unit_fk: box, quantity: "12", price: "2750.50", is_default: true },
  ],
  ...extra,
});

describe("items", () => {
  it("stores every item field with a base and a packet unit and a generated EAN-13", async () => {
    const cat = await t.api("POST", "/api/categories", { body: { category_name: "Medicine" } });
    const brand = await t.api("POST", "/api/brands", { body: { brand_name: "Pioneer" } });
    const res = await t.api("POST", "/api/items", {
      body: item("Paracetamol 500", {
        item_code: "P-500",
        category_fk: cat.body.data.category_id,
        brand_fk: brand.body.data.brand_id,
        made_in_fk: 1,
        scientific_name: "Acetaminophen",
        direction_of_use: "One tablet every 6 hours",
        side_effect: "Rare",
        shortage_alert: 20,
        expire_alert: 30,
        has_expire: true,
        has_batch_number: true,
        sale_price_editable: true,
        has_revenue_tax: true,
        revenue_tax_percent: "5",
        profit_percent: "12.5",
        description: "<p>pain</p>",
        is_active_online: false,
        generate_barcode: true,
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MSG.added);
    const d = res.body.data;
    expect(d).toMatchObject({
      item_name: "Paracetamol 500",
      item_code: "P-500",
      category_name: "Medicine",
      brand_name: "Pioneer",
      made_in: "Afghanistan",
      scientific_name: "Acetaminophen",
      shortage_alert: 20,
      expire_alert: 30,
      has_expire: true,
      has_batch_number: true,
      sale_price_editable: true,
      has_revenue_tax: true,
      revenue_tax_percent: "5.00",
      profit_percent: "12.50",
      is_active_online: false,
      sale_price: "250.00",
      base_unit: piece,
      default_unit: box,
    });
    expect(d.item_units).toHaveLength(2);
    expect(d.item_units[0]).toMatchObject({ unit_fk: piece, quantity: "1.0000", price: "250.00", is_base: true, is_default: false });
    expect(d.item_units[1]).toMatchObject({ unit_fk: box, quantity: "12.0000", price: "2750.50", is_base: false, is_default: true });
    expect(isValidEan13(d.item_units[0].barcode)).toBe(true);
    expect(d.all_barcodes).toEqual([d.item_units[0].barcode]);
  });

  it("generates valid, unused EAN-13 codes on demand", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const r = await t.api("GET", "/api/items/generate_barcode");
      expect(isValidEan13(r.body.data.barcode)).toBe(true);
      codes.add(r.body.data.barcode);
    }
    expect(codes.size).toBe(5);
  });

  it("keeps several barcodes per item, unique across items", async () => {
    const a = await t.api("POST", "/api/items", {
      body: item("Water 1L", {
        barcodes: ["6291041500213", "111222"],
        item_units: [{ unit_fk: piece, quantity: "1", price: "500", barcode: "999001" }],
      }),
    });
    expect(a.status).toBe(201);
    expect(a.body.data.barcodes).toEqual(["6291041500213", "111222"]);
    expect(a.body.data.all_barcodes).toEqual(["999001", "6291041500213", "111222"]);
    const b = await t.api("POST", "/api/items", { body: item("Water 2L", { barcodes: ["111222"] }) });
    expect(b.status).toBe(422);
    expect(b.body.errors["barcodes.0"]).toEqual(["The barcode has already been taken."]);
    const twice = await t.api("POST", "/api/items", {
      body: item("Water 3L", { item_units: [{ unit_fk: piece, quantity: "1", price: "1", barcode: "555" }], barcodes: ["555"] }),
    });
    expect(twice.body.errors["barcodes.0"]).toEqual(["The barcode 555 is repeated."]);
    const dupName = await t.api("POST", "/api/items", { body: item("water 1l") });
    expect(dupName.body.errors.item_name).toEqual(["The item name has already been taken."]);
  });

  it("unit rules: at least one unit, base quantity 1, no repeated unit, SPEC's texts", async () => {
    const none = await t.api("POST", "/api/items", { body: { item_name: "Nothing", item_units: [] } });
    expect(none.status).toBe(422);
    expect(none.body.errors.item_units).toEqual([MSG.atLeastOneUnit]);
    const missing = await t.api("POST", "/api/items", { body: { item_name: "Nothing" } });
    expect(missing.body.errors.item_units).toEqual([MSG.atLeastOneUnit]);
    const baseQty = await t.api("POST", "/api/items", {
      body: { item_name: "Bad base", item_units: [{ unit_fk: piece, quantity: "2", price: "1", is_base: true }] },
    });
    expect(baseQty.body.errors["item_units.0.quantity"]).toEqual(["The base unit quantity must be 1."]);
    const repeated = await t.api("POST", "/api/items", {
      body: {
        item_name: "Repeated",
        item_units: [
          { unit_fk: piece, quantity: "1", price: "1" },
          { unit_fk: piece, quantity: "6", price: "5" },
        ],
      },
    });
    expect(repeated.body.errors["item_units.1.unit_fk"]).toEqual(["The unit is repeated."]);
    const price = await t.api("POST", "/api/items", {
      body: { item_name: "Price", item_units: [{ unit_fk: piece, quantity: "1", price: "1.005" }] },
    });
    expect(price.body.errors["item_units.0.price"]).toEqual(["must be a number with at most 2 decimals"]);
    const single = await t.api("POST", "/api/items", {
      body: { item_name: "Single", item_units: [{ unit_fk: piece, quantity: "1", price: "3" }] },
    });
    expect(single.body.data.item_units[0]).toMatchObject({ is_base: true, is_default: true });
  });

  it("the default unit, the base unit and the last unit cannot be deleted", async () => {
    const res = await t.api("POST", "/api/items", {
      body: {
        item_name: "Juice",
        item_units: [
          { unit_fk: piece, quantity: "1", price: "750", is_base: true },
          { unit_fk: box, quantity: "6", price: "4000", is_default: true },
          { unit_fk: carton, quantity: "24", price: "15000" },
        ],
      },
    });
    const id = res.body.data.item_id;
    const [base, def, extra] = res.body.data.item_units as { item_unit_id: number }[];
    for (const u of [base!, def!]) {
      const r = await t.api("DELETE", `/api/items/${id}/units/${u.item_unit_id}`);
      expect(r.status).toBe(422);
      expect(r.body.message).toBe(MSG.cannotDeleteUnit);
    }
    const ok = await t.api("DELETE", `/api/items/${id}/units/${extra!.item_unit_id}`);
    expect(ok.body.message).toBe(MSG.deleted);
    expect(ok.body.data.item_units).toHaveLength(2);

    // Through an update that leaves out the default unit.
    const units = ok.body.data.item_units as { item_unit_id: number; unit_fk: number; quantity: string; price: string }[];
    const drop = await t.api("PATCH", `/api/items/${id}`, { body: { item_name: "Juice", item_units: [units[0]] } });
    expect(drop.status).toBe(422);
    expect(drop.body.errors.item_units).toEqual([MSG.cannotDeleteUnit]);

    // The last unit: a one-unit item keeps its unit.
    const one = await t.api("POST", "/api/items", {
      body: { item_name: "Lonely", item_units: [{ unit_fk: piece, quantity: "1", price: "1" }] },
    });
    const lone = one.body.data.item_units[0].item_unit_id;
    const r = await t.api("DELETE", `/api/items/${one.body.data.item_id}/units/${lone}`);
    expect(r.body.message).toBe(MSG.cannotDeleteUnit);
  });

  it("updates units: moves the default, changes prices, adds a unit; the base unit stays", async () => {
    const res = await t.api("POST", "/api/items", { body: item("Soap") });
    const id = res.body.data.item_id;
    const [base, pack] = res.body.data.item_units;
    const upd = await t.api("POST", `/api/items/${id}`, {
      body: {
        _method: "PATCH",
        item_name: "Soap bar",
        item_units: [
          { item_unit_id: base.item_unit_id, unit_fk: piece, quantity: "1", price: "300", is_default: true },
          { item_unit_id: pack.item_unit_id, unit_fk: box, quantity: "10", price: "2900" },
          { unit_fk: carton, quantity: "100", price: "28000", barcode: "٧٧٧٠٠١" },
        ],
      },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe(MSG.updated);
    expect(upd.body.data.item_name).toBe("Soap bar");
    expect(
      upd.body.data.item_units.map((u: { price: string; is_default: boolean; is_base: boolean }) => [u.price, u.is_base, u.is_default]),
    ).toEqual([
      ["300.00", true, true],
      ["2900.00", false, false],
      ["28000.00", false, false],
    ]);
    expect(upd.body.data.item_units[2].barcode).toBe("777001");
    const moveBase = await t.api("PATCH", `/api/items/${id}`, {
      body: {
        item_name: "Soap bar",
        item_units: [
          { item_unit_id: base.item_unit_id, unit_fk: piece, quantity: "1", price: "300" },
          { item_unit_id: pack.item_unit_id, unit_fk: box, quantity: "1", price: "2900", is_base: true },
        ],
      },
    });
    expect(moveBase.body.errors["item_units.1.is_base"]).toEqual(["The base unit cannot be changed."]);
  });

  it("images: stored by content through multipart, checked with SPEC's texts", async () => {
    const form = multipart({
      item_name: "Shampoo",
      item_units: JSON.stringify([{ unit_fk: piece, quantity: "1", price: "3500" }]),
      has_expire: "1",
      category_fk: "",
      image: { file: PNG, name: "a.png", type: "image/png" },
    });
    const res = await t.api("POST", "/api/items", { body: form.body, headers: form.headers });
    expect(res.status).toBe(201);
    expect(res.body.data.has_expire).toBe(true);
    expect(res.body.data.images).toHaveLength(1);
    const img = await t.app.inject({ method: "GET", url: res.body.data.images[0].url });
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/png");

    const bad = multipart({
      item_name: "Conditioner",
      item_units: JSON.stringify([{ unit_fk: piece, quantity: "1", price: "1" }]),
      image: { file: Buffer.from("GIF89a not allowed"), name: "a.png", type: "image/png" },
    });
    const r = await t.api("POST", "/api/items", { body: bad.body, headers: bad.headers });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(MSG.fileTypeNotAllowed);
    const big = multipart({
      item_name: "Conditioner",
      item_units: JSON.stringify([{ unit_fk: piece, quantity: "1", price: "1" }]),
      image: { file: Buffer.concat([PNG, Buffer.alloc(2_097_152)]), name: "a.png", type: "image/png" },
    });
    const r2 = await t.api("POST", "/api/items", { body: big.body, headers: big.headers });
    expect(r2.status).toBe(422);
    expect(r2.body.message).toBe(MSG.fileTooLarge);

    // An image uploaded first through /api/images, then named in the item.
    const up = multipart({ image: { file: PNG, name: "b.png", type: "image/png" } });
    const stored = await t.api("POST", "/api/images", { body: up.body, headers: up.headers });
    const upd = await t.api("PATCH", `/api/items/${res.body.data.item_id}`, {
      body: {
        item_name: "Shampoo",
        item_units: [{ item_unit_id: res.body.data.item_units[0].item_unit_id, unit_fk: piece, quantity: "1", price: "3500" }],
        images: [res.body.data.images[0].file, stored.body.data.file],
      },
    });
    expect(upd.body.data.images.map((i: { file: string }) => i.file)).toEqual([res.body.data.images[0].file, stored.body.data.file]);
  });

  it("items/list and the index list find by name, code or any barcode; letter variants and Arabic-Indic digits match", async () => {
    const chair = await t.api("POST", "/api/items", {
      body: { item_name: "کرسی پلاستیک", item_units: [{ unit_fk: piece, quantity: "1", price: "15000", barcode: "6260001234567" }] },
    });
    expect(chair.status).toBe(201);
    const byArabic = await t.api("GET", `/api/items/list?search=${encodeURIComponent("كرسي")}`);
    expect(byArabic.body.message.map((r: { item_name: string }) => r.item_name)).toEqual(["کرسی پلاستیک"]);
    expect(byArabic.body.message[0].item_units[0]).toMatchObject({ price: "15000.00", barcode: "6260001234567" });

    const digits = "٦٢٦٠٠٠١٢٣٤٥٦٧";
    const byDigits = await t.api("GET", `/api/items/list?search=${encodeURIComponent(digits)}`);
    expect(byDigits.body.message.map((r: { item_id: number }) => r.item_id)).toEqual([chair.body.data.item_id]);
    const persian = await t.api("GET", `/api/items?search=${encodeURIComponent("۶۲۶۰۰۰۱۲۳۴۵۶۷")}`);
    expect(persian.body.data.data.map((r: { item_id: number }) => r.item_id)).toEqual([chair.body.data.item_id]);

    const hamza = await t.api("POST", "/api/items", {
      body: { item_name: "أدوية مسكنة", item_units: [{ unit_fk: piece, quantity: "1", price: "1" }] },
    });
    expect(hamza.status).toBe(201);
    const plain = await t.api("GET", `/api/items?search=${encodeURIComponent("ادويه")}`);
    expect(plain.body.data.data.map((r: { item_name: string }) => r.item_name)).toEqual(["أدوية مسكنة"]);

    const byCode = await t.api("GET", "/api/items/list?search=P-500");
    expect(byCode.body.message.map((r: { item_name: string }) => r.item_name)).toEqual(["Paracetamol 500"]);
    // The code without case and by its beginning, in the index list and the dropdown alike.
    for (const term of ["p-500", "P-5", "p-"]) {
      const found = await t.api("GET", `/api/items/list?search=${term}`);
      expect(found.body.message.map((r: { item_name: string }) => r.item_name)).toContain("Paracetamol 500");
      const listed = await t.api("GET", `/api/items?search=${term}`);
      expect(listed.body.data.data[0].item_name).toBe("Paracetamol 500");
    }
    expect((await t.api("GET", "/api/items/list?search=500-P")).body.message).toHaveLength(0);
    const byCase = await t.api("GET", "/api/items/list?search=paracet");
    expect(byCase.body.message).toHaveLength(1);
    const extra = await t.api("GET", "/api/items/list?search=111222");
    expect(extra.body.message.map((r: { item_name: string }) => r.item_name)).toEqual(["Water 1L"]);
  });

  it("items/list pages for infinite scroll; list_with_expire checks the inventory", async () => {
    const p1 = await t.api("GET", "/api/items/list?per_page=2&page=1");
    const p2 = await t.api("GET", "/api/items/list?per_page=2&page=2");
    expect(p1.body.message).toHaveLength(2);
    expect(p1.body.has_more).toBe(true);
    expect(p2.body.current_page).toBe(2);
    expect(p1.body.message[0].item_id).not.toBe(p2.body.message[0].item_id);
    // The batches in stock in the inventory: none until goods come in.
    expect((await t.api("GET", "/api/items/list_with_expire/1?search=parac")).body.message).toEqual([]);
    const para = (await t.api("GET", "/api/items/list?search=P-500")).body.message[0].item_id;
    await t.database.db.transaction((tx) =>
      stockIn({ tx, user: null, now: new Date(), ip: null }, { type: "test", id: 1 }, [
        { item_id: para, inventory_id: 1, quantity: "25", batch_no: "L7", expire_date: "2099-01-31", unit_cost: "100" },
      ]),
    );
    const exp = await t.api("GET", "/api/items/list_with_expire/1?search=parac");
    expect(exp.body.message).toHaveLength(1);
    expect(exp.body.message[0]).toMatchObject({
      item_name: "Paracetamol 500",
      has_expire: true,
      expire_alert: 30,
      batch_no: "L7",
      expire_date: "2099-01-31",
      qty: "25.0000",
    });
    expect(exp.body.message[0].days_to_expiry).toBeGreaterThan(20000);
    expect(exp.body.message[0].units.map((u: { quantity: string }) => u.quantity)).toEqual(["25.0000", "2.0833"]);
    expect((await t.api("GET", "/api/items/list_with_expire/999")).status).toBe(404);
    expect((await t.api("GET", "/api/items/list_with_expire/abc")).body.message).toBe(MSG.idInvalid);
  });

  it("show, activate online, delete, index list columns and permissions", async () => {
    const res = await t.api("POST", "/api/items", { body: item("Tissue") });
    const id = res.body.data.item_id;
    const act = await t.api("POST", `/api/items/${id}/activate`, { body: { is_active_online: false } });
    expect(act.body.data.is_active_online).toBe(false);
    const list = await t.api("GET", `/api/items?filter[item_id]=${id}`);
    expect(list.body.data.data[0]).toMatchObject({ item_name: "Tissue", base_unit: "Piece", default_unit: "Box", sale_price: "250.00" });
    const reader = await t.userWith(["items/index"]);
    expect((await t.api("GET", "/api/items", { token: reader.token })).status).toBe(200);
    expect((await t.api("POST", "/api/items", { token: reader.token, body: item("No") })).status).toBe(403);
    expect((await t.api("GET", "/api/items/list", { token: reader.token })).status).toBe(200);
    const seller = await t.userWith(["pos_sales/store"]);
    expect((await t.api("GET", "/api/items/list", { token: seller.token })).status).toBe(200);
    expect((await t.api("DELETE", `/api/items/${id}`)).body.message).toBe(MSG.deleted);
    expect((await t.api("GET", `/api/items/${id}`)).status).toBe(404);
  });

  describe("search anywhere in the name", () => {
    const one = (name: string, extra: Record<string, unknown> = {}) => ({
      item_name: name,
      item_units: [{ unit_fk: piece, quantity: "1", price: "1" }],
      ...extra,
    });
    const dropdown = async (term: string) => {
      const res = await t.api("GET", `/api/items/list?per_page=100&search=${encodeURIComponent(term)}`);
      expect(res.status).toBe(200);
      return res.body.message.map((r: { item_name: string }) => r.item_name) as string[];
    };
    const index = async (term: string, query = "") => {
      const res = await t.api("GET", `/api/items?per_page=100&search=${encodeURIComponent(term)}${query}`);
      expect(res.status).toBe(200);
      return res.body.data.data.map((r: { item_name: string }) => r.item_name) as string[];
    };

    beforeAll(async () => {
      const bodies = [
        one("Amoxicillin 500 mg caps"),
        one("500 Plus Syrup"),
        one("Vitamin C", { item_code: "500" }),
        one("Zinc 100% natural"),
        one("Zinc 1000 tabs"),
        one("Cream_base 20g"),
        one("Creamybase 20g"),
        one("Quinine 300 tabs"),
        one("Tranquil syrup"),
        one("میز کرسی چوبی سفید"),
        one("Gauze 7777 roll"),
        one("Bandage", { barcodes: ["7777"] }),
      ];
      for (const body of bodies) expect((await t.api("POST", "/api/items", { body })).status).toBe(201);
    });

    it("finds a word in the middle of a Latin name, case folded, through both lists", async () => {
      expect(await dropdown("amox")).toEqual(["Amoxicillin 500 mg caps"]);
      expect(await dropdown("CILLIN")).toEqual(["Amoxicillin 500 mg caps"]);
      expect(await index("xicil")).toEqual(["Amoxicillin 500 mg caps"]);
      expect(await dropdown("mg")).toEqual([]);
    });

    it("finds a word in the middle of an Arabic-script name whatever the letter variants", async () => {
      // Arabic kaf and ya find the Kurdish-spelled کرسی, at the start of one name and in the middle of another.
      expect(await dropdown("كرسي")).toEqual(["کرسی پلاستیک", "میز کرسی چوبی سفید"]);
      expect(await dropdown("چوبي")).toEqual(["میز کرسی چوبی سفید"]);
      expect(await index("سفيد")).toEqual(["میز کرسی چوبی سفید"]);
      expect(await dropdown("كرسي چوبی")).toEqual(["میز کرسی چوبی سفید"]);
      expect(await dropdown("ادوية")).toEqual(["أدوية مسكنة"]);
      expect(await dropdown("مسكنه")).toEqual(["أدوية مسكنة"]);
    });

    it("every word of a multi-word term must appear, in any order", async () => {
      expect(await dropdown("caps 500")).toEqual(["Amoxicillin 500 mg caps"]);
      expect(await dropdown("  500   caps ")).toEqual(["Amoxicillin 500 mg caps"]);
      expect(await index("amox caps")).toEqual(["Amoxicillin 500 mg caps"]);
      expect(await dropdown("caps 600")).toEqual([]);
      expect(await dropdown("zinc tabs")).toEqual(["Zinc 1000 tabs"]);
    });

    it("Arabic-Indic and Persian digits in the term match ASCII digits in the name", async () => {
      expect(await dropdown("caps ٥٠٠")).toEqual(["Amoxicillin 500 mg caps"]);
      expect(await dropdown("۷۷۷۷ roll")).toEqual(["Gauze 7777 roll"]);
    });

    it("takes % and _ in the term literally", async () => {
      expect(await dropdown("100%")).toEqual(["Zinc 100% natural"]);
      expect(await dropdown("m_b")).toEqual(["Cream_base 20g"]);
      expect(await dropdown("am_base")).toEqual(["Cream_base 20g"]);
      expect(await dropdown("%")).toEqual([]);
      expect(await dropdown("_")).toEqual([]);
      expect(await index("%00")).toEqual([]);
    });

    it("one- and two-letter terms match the start of the name only", async () => {
      expect(await dropdown("q")).toEqual(["Quinine 300 tabs"]);
      expect(await dropdown("Qu")).toEqual(["Quinine 300 tabs"]);
      expect(await index("qu")).toEqual(["Quinine 300 tabs"]);
      // From three letters on, the middle of a name counts too.
      expect(await dropdown("qui")).toEqual(["Quinine 300 tabs", "Tranquil syrup"]);
    });

    it("ranks the exact code or barcode first, then names starting with the term, then names containing it", async () => {
      const ranked = ["Vitamin C", "500 Plus Syrup", "Amoxicillin 500 mg caps", "Paracetamol 500"];
      expect(await dropdown("500")).toEqual(ranked);
      expect(await dropdown("٥٠٠")).toEqual(ranked);
      expect(await index("500")).toEqual(ranked);
      expect(await dropdown("7777")).toEqual(["Bandage", "Gauze 7777 roll"]);
      expect(await dropdown("syrup")).toEqual(["500 Plus Syrup", "Tranquil syrup"]);
      // A sort the caller names wins over the ranking.
      expect(await index("500", "&sortColumn=item_name&sortDir=asc")).toEqual([
        "500 Plus Syrup",
        "Amoxicillin 500 mg caps",
        "Paracetamol 500",
        "Vitamin C",
      ]);
      // Infinite scroll pages follow the ranking.
      const page = (n: number) => t.api("GET", `/api/items/list?per_page=2&page=${n}&search=500`);
      const [p1, p2] = [await page(1), await page(2)];
      expect(p1.body.has_more).toBe(true);
      expect([...p1.body.message, ...p2.body.message].map((r: { item_name: string }) => r.item_name)).toEqual(ranked);
      expect(p1.body.message[0]).not.toHaveProperty("__pos");
    });

    it("a word of three letters or more is looked up in the trigram index", async () => {
      const plan = async (term: string) =>
        t.database.db.transaction(async (tx) => {
          // With sequential scans priced out the planner must show which index can answer.
          await tx.execute(sql`set local enable_seqscan = off`);
          const res = await tx.execute<{ "QUERY PLAN": string }>(sql`explain select i.item_id from items i where ${itemSearch(term)}`);
          return res.rows.map((r) => r["QUERY PLAN"]).join("\n");
        });
      // The b-tree cannot answer `like '%word%'`, so this holds on every engine and data size.
      expect(await plan("amox")).toMatch(
        /Bitmap Index Scan on items_search_name_trgm_idx[^\n]*\n\s+Index Cond: \(search_name ~~ '%amox%'::text\)/,
      );
      expect(await plan("caps ٥٠٠")).toContain("Bitmap Index Scan on items_search_name_trgm_idx");
      // A one-letter term stays a prefix match (which index answers it is the planner's choice).
      const short = await plan("q");
      expect(short).toContain("~~ 'q%'::text");
      expect(short).not.toContain("'%q%'");
    });
  });
});

describe("a searched page of items", () => {
  it("is the slice of every item found, in itemSearchOrder, on every page of the list and the dropdown", async () => {
    const made: string[] = [];
    const add = async (name: string, extra: Record<string, unknown> = {}) => {
      const res = await t.api("POST", "/api/items", { body: item(name, extra) });
      expect(res.status).toBe(201);
      made.push(name);
    };
    // Each rank several times over: the exact code, codes and names starting with the term, names
    // and scientific names holding it; no code, accents, hamza, Kurdish letters.
    await add("Rankzz base", { item_code: "RK" });
    for (const [i, n] of ["Rk apple", "rk Banana", "RK café", "Rkéclair", "أرك rk", "rk كرسی", "Zeta rk"].entries())
      await add(`${n} ${i}`, i % 2 ? { item_code: `RK${i}` } : {});
    for (let i = 0; i < 5; i++) await add(`Other ${i}`, { item_code: `rk-${i}` });
    for (let i = 0; i < 4; i++) await add(`Tablet ${i}`, { scientific_name: `Rkmycin ${i}` });
    await add("Mid rkx word", { item_code: null });
    for (const term of ["rk", "r", "RK", "rkm", "rkx", "rkmycin 2", "caf", "كرس", "ارك"]) {
      const all = await t.database.db.execute<{ item_id: number }>(
        sql`select i.item_id from items i where ${itemSearch(term)} order by ${itemSearchOrder(term)}`,
      );
      const want = all.rows.map((r) => r.item_id);
      expect(want.length, term).toBeGreaterThan(0);
      const listPages: number[] = [];
      const dropdownPages: number[] = [];
      for (let page = 1; page <= Math.ceil(want.length / 3) + 1; page++) {
        const q = `per_page=3&page=${page}&search=${encodeURIComponent(term)}`;
        const list = await t.api("GET", `/api/items?${q}`);
        expect(list.status).toBe(200);
        listPages.push(...list.body.data.data.map((r: { item_id: number }) => r.item_id));
        const dropdown = await t.api("GET", `/api/items/list?${q}`);
        expect(dropdown.status).toBe(200);
        dropdownPages.push(...dropdown.body.message.map((r: { item_id: number }) => r.item_id));
        expect(
          Object.keys(list.body.data.data[0] ?? {}).filter((k) => k.startsWith("__")),
          term,
        ).toEqual([]);
      }
      expect(listPages, term).toEqual(want);
      expect(dropdownPages, term).toEqual(want);
    }
  });
});
