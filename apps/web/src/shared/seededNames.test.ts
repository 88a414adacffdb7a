import { BASIC_UNIT_LABELS, BASIC_UNITS, SEEDED_WALKIN_CUSTOMER_NAME, SYSTEM_ACCOUNTS } from "@app/contracts";
import { describe, expect, it } from "vitest";
import i18n from "../app/i18n";
import {
  accountLabel,
  countryLabel,
  countryOptions,
  inventoryDescriptionLabel,
  inventoryLabel,
  journalDescription,
  outletLabel,
  partyLabel,
  seededNames,
  unitLabel,
} from "./seededNames";

const tIn = (lang: string) => (key: string, options?: Record<string, unknown>) => i18n.getFixedT(lang)(key, options);
const ar = tIn("ar");
const ckb = tIn("ckb");
const en = tIn("en");

describe("system account names", () => {
  it("shows a system account under its seeded name in the user's language", () => {
    expect(accountLabel(ar, "Assets", "assets")).toBe("الأصول");
    expect(accountLabel(ar, "Cash and Banks", "cash_and_banks")).toBe("النقد والمصارف");
    expect(accountLabel(ar, "Main Cash", "main_cash")).toBe("الصندوق الرئيسي");
    expect(accountLabel(ckb, "Main Cash", "main_cash")).toBe("سندوقی سەرەکی");
    expect(accountLabel(en, "Income", "income")).toBe("Income");
  });

  it("shows the stored name of a renamed system account", () => {
    expect(accountLabel(ar, "Erbil Cash", "main_cash")).toBe("Erbil Cash");
    // A seeded name on another key is a rename too.
    expect(accountLabel(ar, "Assets", "main_cash")).toBe("Assets");
  });

  it("shows the stored name of an account without a key or with an unknown key", () => {
    expect(accountLabel(ar, "Safe IQD", null)).toBe("Safe IQD");
    expect(accountLabel(ar, "Assets", undefined)).toBe("Assets");
    expect(accountLabel(ar, "Assets", "no_such_key")).toBe("Assets");
    expect(accountLabel(ar, "Assets", "toString")).toBe("Assets");
    expect(accountLabel(ar, null, "assets")).toBe("");
  });

  it.each(["en", "ar", "ckb"])("every system account has a %s name", (lang) => {
    for (const a of SYSTEM_ACCOUNTS) {
      expect(i18n.exists(`seeded:accounts.${a.key}`, { lng: lang })).toBe(true);
      const shown = accountLabel(tIn(lang), a.name, a.key);
      if (lang === "en") expect(shown).toBe(a.name);
      else expect(shown).not.toBe(a.name);
    }
  });
});

describe("seeded outlet, inventory and units", () => {
  it("translates the seeded names and keeps any other", () => {
    expect(outletLabel(ar, "Main Outlet")).toBe("الفرع الرئيسي");
    expect(outletLabel(ar, "Erbil Branch")).toBe("Erbil Branch");
    expect(inventoryLabel(ckb, "Main Inventory")).toBe("کۆگای سەرەکی");
    expect(inventoryLabel(ckb, "Back Store")).toBe("Back Store");
    expect(inventoryLabel(ar, null)).toBe("");
    // A customer's consignment location, named by the server in English when goods are first sent.
    expect(inventoryLabel(ar, "Consignment: Shifa Pharmacy #12")).toBe("أمانة لدى Shifa Pharmacy #12");
    expect(inventoryLabel(ckb, "Consignment: Walk-in Customer #1")).toBe("ئەمانەت لای کڕیاری نەقد #1");
    expect(inventoryLabel(en, "Consignment: Shifa Pharmacy #12")).toBe("Consignment: Shifa Pharmacy #12");
    expect(inventoryLabel(ar, "Consignment: no number")).toBe("Consignment: no number");
    expect(unitLabel(ar, "Piece")).toBe("قطعة");
    expect(unitLabel(ar, "Sack")).toBe("Sack");
    expect(unitLabel(en, "Kg")).toBe("Kg");
  });

  it.each(["en", "ar", "ckb"])("every basic unit has a %s name", (lang) => {
    for (const u of BASIC_UNITS) expect(i18n.exists(`seeded:units.${u}`, { lng: lang })).toBe(true);
  });

  it.each(["ar", "ckb"] as const)("the %s unit names a sheet may use on import are the ones the screens show", (lang) => {
    for (const u of BASIC_UNITS) expect(BASIC_UNIT_LABELS[lang][u]).toBe(unitLabel(tIn(lang), u));
  });
});

describe("country names", () => {
  it("shows a country in Arabic and Kurdish through its ISO code", () => {
    expect(countryLabel("ar", "Iraq")).toBe("العراق");
    expect(countryLabel("ckb", "Iraq")).toBe("عێراق");
    expect(countryLabel("ar", "Germany")).toBe("ألمانيا");
  });

  it("keeps the stored name in English, for an unknown name and for nothing", () => {
    expect(countryLabel("en", "Czech Republic")).toBe("Czech Republic");
    expect(countryLabel("ar", "Atlantis")).toBe("Atlantis");
    expect(countryLabel("ar", null)).toBe("");
    expect(countryLabel("not a language tag!", "Iraq")).toBe("Iraq");
  });

  it("sorts the choices by the label shown", () => {
    const rows = [
      { country_id: 1, country_name: "Iraq" },
      { country_id: 2, country_name: "Germany" },
      { country_id: 3, country_name: "Egypt" },
      { country_id: 4, country_name: "Jordan" },
    ];
    expect(countryOptions("en", rows).map((o) => o.label)).toEqual(["Egypt", "Germany", "Iraq", "Jordan"]);
    expect(countryOptions("ar", rows).map((o) => o.label)).toEqual(["الأردن", "العراق", "ألمانيا", "مصر"]);
    expect(countryOptions("ar", rows).map((o) => o.value)).toEqual(["4", "1", "2", "3"]);
    expect(seededNames(ar, "ar").country("Iraq")).toBe("العراق");
  });
});

describe("the walk-in customer", () => {
  it("shows under its seeded name in the user's language, and a renamed one as it was named", () => {
    expect(partyLabel(ar, SEEDED_WALKIN_CUSTOMER_NAME)).toBe("زبون نقدي");
    expect(partyLabel(ckb, SEEDED_WALKIN_CUSTOMER_NAME)).toBe("کڕیاری نەقد");
    expect(partyLabel(en, SEEDED_WALKIN_CUSTOMER_NAME)).toBe(SEEDED_WALKIN_CUSTOMER_NAME);
    expect(partyLabel(ar, "Ahmed Store")).toBe("Ahmed Store");
    expect(partyLabel(ar, null)).toBe("");
    expect(seededNames(ar, "ar").party(SEEDED_WALKIN_CUSTOMER_NAME)).toBe("زبون نقدي");
  });
});

describe("journal descriptions", () => {
  it("reads a sale return by its number in each language, and one stored before returns were numbered", () => {
    expect(journalDescription(ar, "Sale return SRT-000004 from Ahmed Store")).toBe("مرتجع مبيعات SRT-000004 من Ahmed Store");
    expect(journalDescription(ckb, "Sale return SRT-000004 from Ahmed Store")).toBe("گەڕاندنەوەی فرۆشتنی SRT-000004 لە Ahmed Store");
    expect(journalDescription(en, "Sale return SRT-000004 from Ahmed Store")).toBe("Sale return SRT-000004 from Ahmed Store");
    expect(journalDescription(ar, `Sale return SRT-000005 from ${SEEDED_WALKIN_CUSTOMER_NAME}`)).toBe(
      "مرتجع مبيعات SRT-000005 من زبون نقدي",
    );
    expect(journalDescription(ar, "Sale return from Ahmed Store")).toBe("مرتجع مبيعات من Ahmed Store");
    expect(journalDescription(ar, "Sale payment SAL-000012 from Ahmed Store")).toBe("دفعة مبيعات SAL-000012 من Ahmed Store");
    expect(journalDescription(ckb, "Reversal: Purchase payment PUR-000003 to Ali")).toBe(
      "پێچەوانەکردنەوە: پارەدانی کڕینی PUR-000003 بۆ Ali",
    );
  });

  it("reads the entries the server numbers after their document, and the opening stock and revaluations", () => {
    expect(journalDescription(ar, "Drawer closing ZC-000001")).toBe("إغلاق الصندوق ZC-000001");
    expect(journalDescription(ckb, "Change of POS sale POS-000012")).toBe("باقیی فرۆشتنی خاڵی فرۆشتن POS-000012");
    expect(journalDescription(ar, "Write-off 7")).toBe("إتلاف 7");
    expect(journalDescription(ckb, "Inventory count CNT-000002")).toBe("ژماردنی کۆگا CNT-000002");
    expect(journalDescription(ar, "Opening stock")).toBe("الرصيد الافتتاحي للمخزن");
    expect(journalDescription(ar, "Reversal: Exchange revaluation at 1437.5")).toBe("عكس: إعادة تقييم العملة بسعر 1437.5");
    expect(journalDescription(en, "Drawer closing ZC-000001")).toBe("Drawer closing ZC-000001");
  });
});

describe("what the product makes on its own", () => {
  it("names a cashier's drawer account in the user's language, the cashier's name as it is", () => {
    expect(accountLabel(ar, "Drawer shilan IQD", null)).toBe("صندوق shilan IQD");
    expect(accountLabel(ckb, "Drawer shilan USD")).toBe("سندوقی shilan USD");
    expect(accountLabel(en, "Drawer shilan IQD")).toBe("Drawer shilan IQD");
    expect(seededNames(ar, "ar").account("Drawer Hawre Aziz IQD", null)).toBe("صندوق Hawre Aziz IQD");
    // Not a drawer's name: a currency the drawers do not hold.
    expect(accountLabel(ar, "Drawer shilan EUR")).toBe("Drawer shilan EUR");
  });

  it("describes a consignment location in the user's language, any other description as written", () => {
    const made = "Goods held by the customer on consignment (sale transfers).";
    expect(inventoryDescriptionLabel(ar, made)).toBe("بضائع لدى الزبون أمانةً (تحويلات البيع).");
    expect(inventoryDescriptionLabel(ckb, made)).toBe("کاڵای لای کڕیار بە ئەمانەت (گواستنەوەی فرۆشتن).");
    expect(inventoryDescriptionLabel(ar, "Back room")).toBe("Back room");
    expect(inventoryDescriptionLabel(ar, null)).toBe("");
  });
});
