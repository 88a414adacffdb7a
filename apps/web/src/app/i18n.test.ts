import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  MSG,
  notEnoughBalanceMessage,
  ZCashierLogin,
  ZChangePassword,
  ZCreateUser,
  ZLogin,
  ZOutlet,
  ZPin,
  ZRole,
  ZUpdateUser,
} from "@app/contracts";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import i18n, { resources, translateMessage } from "./i18n";

const PLURAL = /_(zero|one|two|few|many|other)$/;

function keys(obj: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === "object" ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k.replace(PLURAL, "")}`],
  );
}
const keySet = (lang: string, ns: string) => new Set(keys(resources[lang]?.[ns] ?? {}).filter((k) => !k.startsWith("texts.")));

const SRC = join(__dirname, "..");
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "locales" || name === "test" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("translations", () => {
  const namespaces = Object.keys(resources.en ?? {});

  it.each(["ar", "ckb"])("%s has every key English has, and no others", (lang) => {
    for (const ns of namespaces) {
      const en = [...keySet("en", ns)].sort();
      const other = [...keySet(lang, ns)].sort();
      expect({ ns, keys: other }).toEqual({ ns, keys: en });
    }
  });

  it.each(["ar", "ckb"])("%s translates every key rather than copying English", (lang) => {
    const same = namespaces.flatMap((ns) =>
      [...keySet("en", ns)].filter((k) => {
        const en = i18n.getFixedT("en", ns)(k);
        return en !== k && en.length > 3 && /[a-z]{3}/i.test(en) && !en.includes("{{") && i18n.getFixedT(lang, ns)(k) === en;
      }),
    );
    // Keyboard keys stay as printed on the keyboard.
    expect(same.filter((k) => k !== "shortcut")).toEqual([]);
  });

  it("English server texts are the contract's MSG texts", () => {
    expect(resources.en?.messages).toEqual({ ...MSG });
  });

  it("every message a contract schema can produce has an Arabic and a Kurdish text", () => {
    const bad: [z.ZodType, unknown][] = [
      [ZLogin, {}],
      [ZLogin, { email: "", password: "" }],
      [ZLogin, { email: "x", password: "1" }],
      [ZCashierLogin, {}],
      [ZCashierLogin, { outlet_id: 0, user_id: 0, pin: "1" }],
      [ZChangePassword, {}],
      [ZChangePassword, { old_password: "", new_password: "1", new_password_confirmation: "2" }],
      [ZCreateUser, {}],
      [ZCreateUser, { user_name: "", email: "x", new_password: "1", new_password_confirmation: "2", user_dob: "1/1/2000" }],
      [ZCreateUser, { user_name: "a", email: "a@b.co", new_password: "1234", user_dob: "31/02/2000", sale_man_mail: "x" }],
      [ZUpdateUser, { user_name: "a", email: "a@b.co", new_password: "12" }],
      [ZRole, {}],
      [ZRole, { role_name: "", permissions: [] }],
      [ZPin, {}],
      [ZPin, { name: "", pin: "1" }],
      [ZOutlet, { outlet_name: "", outlet_email: "x" }],
    ];
    const texts = new Set(bad.flatMap(([schema, input]) => schema.safeParse(input).error?.issues.map((i) => i.message) ?? []));
    const untranslated: string[] = [];
    for (const lang of ["ar", "ckb"]) {
      void i18n.changeLanguage(lang);
      for (const text of texts) if (translateMessage(text) === text) untranslated.push(`${lang}: ${text}`);
    }
    void i18n.changeLanguage("en");
    expect(untranslated).toEqual([]);
  });

  it("names a seeded inventory and a consignment location in the user's language inside a stock refusal", () => {
    void i18n.changeLanguage("ar");
    expect(translateMessage("Not enough stock of Vitamin C 1000 in Consignment: Sulav Pharmacy #7: 4 on hand.")).toBe(
      "لا يوجد مخزون كافٍ من Vitamin C 1000 في أمانة لدى Sulav Pharmacy #7: الكمية المتوفرة 4.",
    );
    expect(translateMessage("Not enough stock of Vitamin C 1000 in Main Inventory: 0 on hand.")).toBe(
      "لا يوجد مخزون كافٍ من Vitamin C 1000 في المخزن الرئيسي: الكمية المتوفرة 0.",
    );
    void i18n.changeLanguage("en");
  });

  it("names the account and what it holds inside a balance refusal, a seeded account in the user's language", () => {
    void i18n.changeLanguage("ar");
    expect(translateMessage(notEnoughBalanceMessage("Main Cash", "50000", "IQD"))).toBe(
      "لا يوجد رصيد كافٍ في الصندوق الرئيسي: المتوفر 50,000 IQD.",
    );
    void i18n.changeLanguage("ckb");
    expect(translateMessage(notEnoughBalanceMessage("Erbil Till", "-2.5", "USD"))).toBe(
      "باڵانسی پێویست لە Erbil Till نییە: بەردەست -2.5 USD.",
    );
    void i18n.changeLanguage("en");
    expect(translateMessage(notEnoughBalanceMessage("Main Cash", "50000", "IQD"))).toBe(
      "No Enough Balance in Main Cash: 50,000 IQD available.",
    );
  });

  it("writes the figures of a refusal with thousands separators, and leaves codes and years as they are", () => {
    expect(translateMessage("The rate 13101480 is more than 10 times the rate before it, 1310. Check the rate, or confirm it.")).toBe(
      "The rate 13,101,480 is more than 10 times the rate before it, 1,310. Check the rate, or confirm it.",
    );
    expect(translateMessage("The drawer holds 21 USD; it cannot give 1820.5 USD in change. Give the change in the other currency.")).toBe(
      "The drawer holds 21 USD; it cannot give 1,820.5 USD in change. Give the change in the other currency.",
    );
    void i18n.changeLanguage("ar");
    expect(translateMessage("The rate 130 is less than a tenth of the rate before it, 1310. Check the rate, or confirm it.")).toContain(
      "1,310",
    );
    void i18n.changeLanguage("en");
    expect(translateMessage("The barcode 6291041500213 is repeated.")).toContain("6291041500213");
    expect(translateMessage("The financial year overlaps the year 2025.")).toContain("2025");
  });

  /** The literal keys a source file names, each with its namespace. */
  function usedKeys(code: string): { ns: string; key: string }[] {
    // A t() call takes the namespace of the closest useTranslation above it.
    const scopes = [...code.matchAll(/useTranslation\((?:"([a-z]+)")?\)/g)].map((m) => ({ at: m.index ?? 0, ns: m[1] ?? "common" }));
    const nsAt = (at: number) => scopes.filter((s) => s.at < at).at(-1)?.ns ?? "common";
    const used = [
      ...[...code.matchAll(/\bt\("([^"]+)"/g)].map((m) => ({ key: m[1] ?? "", at: m.index ?? 0 })),
      ...[...code.matchAll(/"([a-z]+):([a-zA-Z0-9_.]+)"/g)]
        .filter((m) => namespaces.includes(m[1] ?? ""))
        .map((m) => ({ key: m[0].slice(1, -1), at: m.index ?? 0 })),
    ];
    return used.map(({ key, at }) => {
      const [ns, k] = key.includes(":") ? (key.split(":") as [string, string]) : [nsAt(at), key];
      return { ns, key: k };
    });
  }

  it("every literal key used in the code exists in English", () => {
    const missing: string[] = [];
    for (const file of sourceFiles(SRC))
      for (const { ns, key } of usedKeys(readFileSync(file, "utf8")))
        if (!i18n.exists(key, { ns, lng: "en" }) && !i18n.exists(`${key}_other`, { ns, lng: "en" })) missing.push(`${file}: ${ns}:${key}`);
    expect(missing).toEqual([]);
  });

  it("the POS screen on its own names only texts of its own part (a server's answer waits for the rest)", async () => {
    // Every module the POS screen's entry reaches, but the translation of answers itself.
    const files = new Set<string>();
    const visit = (file: string) => {
      if (files.has(file) || file.endsWith("/app/i18n.ts")) return;
      files.add(file);
      for (const m of readFileSync(file, "utf8").matchAll(/(?:from |import\()"(\.{1,2}\/[^"]+)"/g)) {
        const base = join(dirname(file), m[1] ?? "");
        const found = ["", ".ts", ".tsx", "/index.ts"].map((ext) => base + ext).find((p) => existsSync(p) && statSync(p).isFile());
        if (found && /\.tsx?$/.test(found)) visit(found);
      }
    };
    visit(join(SRC, "features/pos/PosApp.tsx"));
    expect(files.has(join(SRC, "app/LoadingScreen.tsx"))).toBe(true);
    for (const lang of ["en", "ar", "ckb"] as const) {
      const own = Object.keys((await import(`../locales/${lang}-pos.ts`)).default as Record<string, unknown>).map(
        (path) => /\/([a-zA-Z]+)\.json$/.exec(path)?.[1],
      );
      const elsewhere = [...files].flatMap((file) =>
        usedKeys(readFileSync(file, "utf8"))
          .filter(({ ns }) => !own.includes(ns))
          .map(({ ns, key }) => `${lang}: ${file}: ${ns}:${key}`),
      );
      expect(elsewhere).toEqual([]);
    }
  });

  it("no component shows a literal string", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC).filter((f) => f.endsWith(".tsx"))) {
      const code = readFileSync(file, "utf8");
      // Text between tags, and text-bearing props given as plain strings.
      for (const m of code.matchAll(/>\s*([^<>{}]*[A-Za-z\u0600-\u06FF]{2,}[^<>{}]*?)\s*<\//g)) offenders.push(`${file}: ${m[1]}`);
      // "ns:key" props are translation keys handed to a widget that translates them.
      for (const m of code.matchAll(/\b(label|placeholder|title|description|aria-label|nothingFoundMessage)="([^"]*[A-Za-z][^"]*)"/g))
        if (!/^[a-z]+:[\w.]+$/.test(m[2] ?? "")) offenders.push(`${file}: ${m[1]}="${m[2]}"`);
    }
    expect(offenders).toEqual([]);
  });
});
