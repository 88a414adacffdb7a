import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { parseBusinessTime } from "../../platform/business-time.js";
import { assertYearOpen } from "../../platform/periods.js";
import { multipart, PNG } from "../catalogue/multipart.fixture.js";
import { rateAt } from "./currency-rates.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const year = new Date().getFullYear();

describe("currency rates", () => {
  it("stores rates, past-dated rates, and answers the rate in force at a date", async () => {
    const now = await t.api("POST", "/api/currency_rates", { body: { rate: "1480.5", in_rate: "1475" } });
    expect(now.status).toBe(201);
    expect(now.body.data).toMatchObject({ rate: "1480.5000", in_rate: "1475.0000" });

    const past = await t.api("POST", "/api/currency_rates/store_past_date", {
      body: { rate: "1300", in_rate: "1295.25", date: `${year}-01-10 09:30:00` },
    });
    expect(past.status).toBe(201);
    expect(past.body.message).toMatchObject({ rate: "1300.0000", in_rate: "1295.2500" });
    const older = await t.api("POST", "/api/currency_rates/store_past_date", {
      body: { rate: "1250", date: `${year - 1}-06-01 00:00:00` },
    });
    expect(older.body.message).toMatchObject({ rate: "1250.0000", in_rate: "1250.0000" });

    const show = await t.api("GET", `/api/currency_rates/show/${past.body.message.rate_id}`);
    expect(show.body.data).toMatchObject({ rate_id: past.body.message.rate_id, rate: "1300.0000", in_rate: "1295.2500" });
    // The time is the business's wall-clock time (TIME_ZONE), shown back as written.
    expect(show.body.data.date).toBe(`${year}-01-10 09:30:00`);

    const at = async (d: Date) => (await rateAt(t.app.db, d))?.rate;
    const local = (text: string) => parseBusinessTime(text)!;
    expect(await at(local(`${year}-01-10 09:29:59`))).toBe("1250.0000");
    expect(await at(local(`${year}-01-10 09:30:00`))).toBe("1300.0000");
    expect(await at(local(`${year - 1}-06-01 00:00:00`))).toBe("1250.0000");
    expect(await at(new Date(year - 5, 0, 1))).toBeUndefined();
    expect(await at(new Date(Date.now() + 60_000))).toBe("1480.5000");

    const last = await t.api("GET", "/api/currency_rates/last_rate");
    expect(last.body.data).toMatchObject({ rate: "1480.5000", in_rate: "1475.0000", rate_id: now.body.data.rate_id });

    const history = await t.api("GET", "/api/currency_rates?sortColumn=date&sortDir=desc");
    expect(history.body.data.data.map((r: { rate: string }) => r.rate).slice(0, 1)).toEqual(["1480.5000"]);
    expect(history.body.data.total).toBe(4);
    const between = await t.api("GET", `/api/currency_rates?filter[date_between]=${year}-01-01,${year}-01-31`);
    expect(between.body.data.data.map((r: { rate: string }) => r.rate)).toContain("1300.0000");
  });

  it("validates the past-dated rate", async () => {
    const fmt = await t.api("POST", "/api/currency_rates/store_past_date", { body: { rate: "1300", date: "10/01/2024" } });
    expect(fmt.status).toBe(422);
    expect(fmt.body.errors.date).toEqual(["The date does not match the format YYYY-MM-DD hh:mm:ss."]);
    const future = await t.api("POST", "/api/currency_rates/store_past_date", {
      body: { rate: "1300", date: `${year + 1}-12-31 10:00:00` },
    });
    expect(future.body.errors.date).toEqual(["The date must be a date before or equal to now."]);
    const bad = await t.api("POST", "/api/currency_rates/store_past_date", { body: { rate: "0", date: `${year}-01-01 10:00:00` } });
    expect(bad.body.errors.rate).toEqual(["must be greater than 0"]);
    const feb = await t.api("POST", "/api/currency_rates/store_past_date", { body: { rate: "1", date: `${year}-02-30 10:00:00` } });
    expect(feb.body.errors.date).toEqual(["The date is not a valid date."]);
    const clerk = await t.userWith(["currency_rates/index"]);
    expect(
      (
        await t.api("POST", "/api/currency_rates/store_past_date", {
          token: clerk.token,
          body: { rate: "1", date: `${year}-01-01 10:00:00` },
        })
      ).status,
    ).toBe(403);
    expect((await t.api("GET", "/api/currency_rates/show/1", { token: clerk.token })).status).toBe(200);
    expect((await t.api("GET", "/api/currencies/list", { token: clerk.token })).body.message).toEqual([
      { currency_id: 1, currency_name: "IQD", symbol: "IQD" },
      { currency_id: 2, currency_name: "USD", symbol: "$" },
    ]);
  });
});

describe("system configuration and profile", () => {
  it("shows and updates every setting; default inventory and account are required", async () => {
    const show = await t.api("GET", "/api/system_settings/show/1");
    expect(show.status).toBe(200);
    expect(show.body.data).toMatchObject({
      currency_fk: 1,
      currency: { currency_id: 1, currency_name: "IQD" },
      default_inventory_fk: 1,
      default_inventory_name: "Main Inventory",
      default_account_name: "Main Cash",
      cashier_login_option: "Name",
      accounting_option: "Together",
      allow_negative_stock: false,
      pagination_default: 10,
    });
    const account = show.body.data.default_account_fk;
    const body = {
      _method: "PATCH",
      currency_fk: 2,
      default_inventory_fk: 1,
      default_account_fk: account,
      cashier_login_option: "Code",
      accounting_option: "Separated",
      allow_negative_stock: true,
      out_of_stock_min_qty: "2.5",
      online_order_accepted_minutes: 45,
      pagination_default: 50,
      pagination_options: "10,50,100",
    };
    const upd = await t.api("POST", "/api/system_settings_update/1", { body });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe(MSG.updated);
    expect(upd.body.data).toMatchObject({
      currency_fk: 2,
      currency: { currency_name: "USD" },
      cashier_login_option: "Code",
      accounting_option: "Separated",
      allow_negative_stock: true,
      out_of_stock_min_qty: "2.5000",
      online_order_accepted_minutes: 45,
      pagination_default: 50,
      pagination_options: "10,50,100",
    });
    const cfg = await t.api("GET", "/api/system_config");
    expect(cfg.body.data).toMatchObject({ currency_fk: 2, cashier_login_option: "Code", pagination_default: 50 });

    const noInv = await t.api("PATCH", "/api/system_settings_update/1", { body: { ...body, default_inventory_fk: "" } });
    expect(noInv.status).toBe(422);
    expect(noInv.body.errors.default_inventory_fk).toEqual([MSG.mustHaveDefaultInventory]);
    const noAcc = await t.api("PATCH", "/api/system_settings_update/1", { body: { ...body, default_account_fk: undefined } });
    expect(noAcc.body.errors.default_account_fk).toEqual([MSG.mustHaveDefaultAccount]);
    const badOption = await t.api("PATCH", "/api/system_settings_update/1", {
      body: { ...body, cashier_login_option: "Pin", accounting_option: "Mixed" },
    });
    expect(badOption.body.errors.cashier_login_option).toEqual(["must be Name or Code"]);
    expect(badOption.body.errors.accounting_option).toEqual(["must be Together or Separated"]);
    const badPage = await t.api("PATCH", "/api/system_settings_update/1", { body: { ...body, pagination_default: 25 } });
    expect(badPage.body.errors.pagination_default).toEqual(["The pagination default must be one of the pagination options."]);
    const group = await t.app.db.execute<{ id: number }>(sql`select account_id as id from accounts where is_group limit 1`);
    const groupAcc = await t.api("PATCH", "/api/system_settings_update/1", { body: { ...body, default_account_fk: group.rows[0]!.id } });
    expect(groupAcc.body.errors.default_account_fk).toEqual(["The selected default account is invalid."]);
    expect((await t.api("GET", "/api/system_settings/show/2")).status).toBe(404);

    const viewer = await t.userWith(["system_settings/show"]);
    expect((await t.api("GET", "/api/system_settings/show/1", { token: viewer.token })).status).toBe(200);
    expect((await t.api("PATCH", "/api/system_settings_update/1", { token: viewer.token, body })).status).toBe(403);
  });

  it("keeps how many decimals IQD amounts show: 0 unless set, 0 to 3 whole", async () => {
    const show = await t.api("GET", "/api/system_settings/show/1");
    expect((await t.api("GET", "/api/system_config")).body.data.iqd_decimals).toBe(show.body.data.iqd_decimals);
    const fresh = await t.app.db.execute<{ d: number }>(sql`select column_default::text as d from information_schema.columns
      where table_name = 'system_config' and column_name = 'iqd_decimals'`);
    expect(fresh.rows[0]!.d).toBe("0");
    const body = {
      _method: "PATCH",
      default_inventory_fk: show.body.data.default_inventory_fk,
      default_account_fk: show.body.data.default_account_fk,
    };
    const before = (await t.api("GET", "/api/system_settings/show/1")).body.data.iqd_decimals;
    for (const bad of [4, -1, "1.5", "two"]) {
      const r = await t.api("PATCH", "/api/system_settings_update/1", { body: { ...body, iqd_decimals: bad } });
      expect(r.status).toBe(422);
      expect(r.body.errors.iqd_decimals).toEqual([bad === "1.5" ? "must be an integer" : "must be between 0 and 3"]);
    }
    expect((await t.api("GET", "/api/system_settings/show/1")).body.data.iqd_decimals).toBe(before);

    const three = await t.api("PATCH", "/api/system_settings_update/1", { body: { ...body, iqd_decimals: "3" } });
    expect(three.status).toBe(200);
    expect(three.body.data.iqd_decimals).toBe(3);
    expect((await t.api("GET", "/api/system_config")).body.data.iqd_decimals).toBe(3);
    // Left out, it stays as set.
    await t.api("PATCH", "/api/system_settings_update/1", { body });
    expect((await t.api("GET", "/api/system_config")).body.data.iqd_decimals).toBe(3);
    await t.api("PATCH", "/api/system_settings_update/1", { body: { ...body, iqd_decimals: 0 } });
    expect((await t.api("GET", "/api/system_config")).body.data.iqd_decimals).toBe(0);
  });

  it("updates the shop profile with a logo, header and footer", async () => {
    const form = multipart({
      _method: "PATCH",
      shop_name: "Zhian Pharmacy",
      receipt_header: "Erbil, 60m street",
      receipt_footer: "Thank you",
      shop_logo: { file: PNG, name: "logo.png", type: "image/png" },
    });
    const upd = await t.api("POST", "/api/system_profiles_update/1", { body: form.body, headers: form.headers });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ shop_name: "Zhian Pharmacy", receipt_header: "Erbil, 60m street", receipt_footer: "Thank you" });
    expect(upd.body.data.shop_logo_url).toMatch(/^\/images\/[0-9a-f-]{36}\.png$/);
    const logo = await t.app.inject({ method: "GET", url: upd.body.data.shop_logo_url });
    expect(logo.statusCode).toBe(200);
    const show = await t.api("GET", "/api/system_profiles/show/1");
    expect(show.body.data.shop_name).toBe("Zhian Pharmacy");
    const keep = await t.api("PATCH", "/api/system_profiles_update/1", { body: { shop_name: "Zhian", receipt_footer: "Bye" } });
    expect(keep.body.data).toMatchObject({
      shop_name: "Zhian",
      shop_logo: upd.body.data.shop_logo,
      receipt_header: null,
      receipt_footer: "Bye",
    });
    const badLogo = multipart({ shop_name: "X", shop_logo: { file: Buffer.from("<svg/>"), name: "a.svg" } });
    const bad = await t.api("POST", "/api/system_profiles_update/1", { body: badLogo.body, headers: badLogo.headers });
    expect(bad.body.message).toBe(MSG.fileTypeNotAllowed);
    const noName = await t.api("PATCH", "/api/system_profiles_update/1", { body: { shop_name: "" } });
    expect(noName.body.errors.shop_name).toEqual(["The shop name field is required."]);
  });
});

describe("financial years", () => {
  it("creates, activates one at a time, archives; an archived year refuses documents", async () => {
    const list = await t.api("GET", "/api/financial_years");
    expect(list.body.data.data).toEqual([
      expect.objectContaining({ name: String(year), start_date: `${year}-01-01`, end_date: `${year}-12-31`, is_active: true }),
    ]);

    const prev = await t.api("POST", "/api/financial_years", {
      body: { name: String(year - 1), start_date: `${year - 1}-01-01`, end_date: `${year - 1}-12-31` },
    });
    expect(prev.status).toBe(201);
    expect(prev.body.data).toMatchObject({ is_active: false, archived: false, end_date: `${year - 1}-12-31` });
    const overlap = await t.api("POST", "/api/financial_years", {
      body: { name: "X", start_date: `${year - 1}-12-01`, end_date: `${year - 1}-12-20` },
    });
    expect(overlap.status).toBe(422);
    expect(overlap.body.errors.start_date).toEqual([`The financial year overlaps the year ${year - 1}.`]);
    const order = await t.api("POST", "/api/financial_years", {
      body: { name: "Y", start_date: `${year + 1}-02-01`, end_date: `${year + 1}-01-01` },
    });
    expect(order.body.errors.end_date).toEqual([MSG.endDateAfterStart]);

    const id = prev.body.data.id;
    const act = await t.api("POST", `/api/financial_years/${id}/activate`);
    expect(act.body.data.is_active).toBe(true);
    const dd = await t.api("GET", "/api/financial_years/list");
    expect(dd.body.message.filter((y: { is_active: boolean }) => y.is_active).map((y: { id: number }) => y.id)).toEqual([id]);

    await expect(assertYearOpen(t.app.db, new Date(Date.UTC(year - 1, 5, 1)))).resolves.toBeUndefined();
    const arch = await t.api("POST", `/api/financial_years/${id}/archive`);
    expect(arch.body.data.archived).toBe(true);
    await expect(assertYearOpen(t.app.db, new Date(Date.UTC(year - 1, 5, 1)))).rejects.toMatchObject({
      statusCode: 422,
      message: MSG.archivedYear,
    });
    await expect(assertYearOpen(t.app.db, new Date(Date.UTC(year, 0, 1)))).resolves.toBeUndefined();

    // A rate dated inside the archived year is a change to that year's history.
    const rate = await t.api("POST", "/api/currency_rates/store_past_date", { body: { rate: "1200", date: `${year - 1}-03-01 12:00:00` } });
    expect(rate.status).toBe(422);
    expect(rate.body.message).toBe(MSG.archivedYear);
    const edit = await t.api("PATCH", `/api/financial_years/${id}`, {
      body: { name: "renamed", start_date: `${year - 1}-01-01`, end_date: `${year - 1}-12-31` },
    });
    expect(edit.body.message).toBe(MSG.archivedYear);
    expect((await t.api("DELETE", `/api/financial_years/${id}`)).body.message).toBe(MSG.archivedYear);

    const open = await t.api("POST", `/api/financial_years/${id}/archive`, { body: { archived: false } });
    expect(open.body.data.archived).toBe(false);
    await expect(assertYearOpen(t.app.db, new Date(Date.UTC(year - 1, 5, 1)))).resolves.toBeUndefined();

    const cur = list.body.data.data[0].id;
    expect((await t.api("DELETE", `/api/financial_years/${id}`)).body.errors.id).toEqual(["The active financial year cannot be deleted."]);
    await t.api("POST", `/api/financial_years/${cur}/activate`);
    expect((await t.api("DELETE", `/api/financial_years/${id}`)).body.message).toBe(MSG.deleted);
    const keeper = await t.userWith(["financial_years/index", "financial_years/store"]);
    expect((await t.api("POST", `/api/financial_years/${cur}/archive`, { token: keeper.token })).status).toBe(403);
  });
});
