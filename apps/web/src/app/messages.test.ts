import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import * as contracts from "@app/contracts";
import { MSG } from "@app/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import i18n, { translateMessage } from "./i18n";

/** Every text a schema names itself: the type's own error and each check's, in every nested schema. */
function schemaMessages(root: z.ZodType): Set<string> {
  const out = new Set<string>();
  const seen = new Set<unknown>();
  const text = (def: { error?: unknown }) => {
    if (typeof def.error !== "function") return;
    const t = (def.error as (issue?: unknown) => unknown)();
    if (typeof t === "string") out.add(t);
  };
  const visit = (schema: unknown) => {
    if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
    seen.add(schema);
    const def = schema._zod.def as unknown as Record<string, unknown> & {
      error?: unknown;
      checks?: { _zod: { def: { error?: unknown } } }[];
    };
    text(def);
    for (const check of def.checks ?? []) text(check._zod.def);
    for (const key of ["innerType", "in", "out", "element", "left", "right", "keyType", "valueType"]) visit(def[key]);
    for (const option of (def.options as unknown[] | undefined) ?? []) visit(option);
    for (const item of (def.items as unknown[] | undefined) ?? []) visit(item);
    for (const field of Object.values((def.shape as Record<string, unknown> | undefined) ?? {})) visit(field);
  };
  visit(root);
  return out;
}

const contractTexts = [
  ...new Set(
    (Object.values(contracts) as unknown[])
      .filter((v): v is z.ZodType => v instanceof z.ZodType)
      .flatMap((schema) => [...schemaMessages(schema)]),
  ),
].sort();

/** Texts the server builds around a field or a number (the field words come from the request). */
const SERVER_TEXTS = [
  "The price changed since the sale was made: 2500 then, 2550 now.",
  "The outlet name field is required.",
  "The base unit field is required.",
  "The user name has already been taken.",
  "The item name has already been taken.",
  "The consumer name has already been taken.",
  "The barcode has already been taken.",
  "The selected account is invalid.",
  "The selected default inventory is invalid.",
  "The selected user role is invalid.",
  "The selected parent id is invalid.",
  "The page must be between 1 and 1000000.",
  "The shortage alert must be an integer.",
  "The sale price must be a number of 0 or more with at most 2 decimals.",
  "The sale price editable must be yes or no.",
  "The base unit qty must be a number greater than 0.",
  "The packet price field is required when packet name is present.",
  "The packet name field is required when packet price, packet barcode or base unit qty is present.",
  "The category field is required when sub category or item type is present.",
  "The sub category field is required when item type is present.",
  "The item name is repeated (row 4).",
  "The barcode 6291041500213 is repeated (row 3).",
  "The barcode 555 is repeated.",
  "The file must have fewer than 5000 records.",
  "The file has 3 errors; nothing was imported.",
  "The item name may not be greater than 191 characters.",
  "The barcode must be 1 to 64 letters or digits.",
  "The packet must be another unit than the base unit.",
  "The default unit must be the base unit or the packet.",
  "The file has no records.",
  "The customer's allowed debit amount is 50000; the balance is 30000 and this sale would make it 60000.",
  "The customer has 1 overdue invoice of 30,000 in all, the oldest 1 day old.",
  "The customer has 12 overdue invoices of 1,230,750.5 in all, the oldest 3 days old.",
  "The rounded discount may not be greater than the total.",
  "The selected salesman is invalid.",
  "The salesman field is required.",
  "The cash tendered is 189475000 IQD more than the bill, a 50000 IQD note or more. Check the amount, or confirm it.",
  "The drawer holds 21 USD; it cannot give 182 USD in change. Give the change in the other currency.",
  "The float is 2000000 IQD, more than 20 notes of 50000 IQD. Check the amount, or confirm it.",
  "The selected user is not a cashier.",
  "This float is in a drawer closing and cannot be deleted.",
  "The rate 13101480 is more than 10 times the rate before it, 1310. Check the rate, or confirm it.",
  "The rate 130 is less than a tenth of the rate before it, 1310. Check the rate, or confirm it.",
  "The selected item code is invalid.",
  "The selected item name is invalid.",
  "The selected barcode is invalid.",
  "The selected unit is invalid.",
  "The unit is repeated (row 3).",
  "The item code field is required when barcode is not present.",
  "The barcode belongs to another item than the item code.",
  "The unit is not the unit of the barcode.",
  "The currency must be the system currency: sale prices are kept in it.",
];

const SERVER_SRC = join(__dirname, "../../../server/src");
const serverFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverFiles(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });

const LIT = String.raw`("(?:[^"\\]|\\.)*"|\`[^\`]*\`)`;
/** Where the server puts a text a person may read: an HttpError (and its helpers), a field's message list, a reply's message. */
const TEXT_PLACES = [
  String.raw`\bHttpError\(\s*[^,()]+(?:\([^()]*\)[^,()]*)*,\s*` + LIT,
  String.raw`\bfieldError\(\s*[^,]+,\s*` + LIT,
  String.raw`\b(?:forbidden|notFound)\(\s*` + LIT,
  String.raw`\[\s*` + LIT + String.raw`\s*\]`,
  String.raw`\bconst msg = ` + LIT,
  String.raw`\bmessage:\s*` + LIT,
].map((p) => new RegExp(p, "g"));

/**
 * Every literal text the server answers with, read from its source. A template's `${MSG.x}` is
 * that text; any other `${...}` becomes "1", a value the patterns must carry through.
 */
function serverLiterals(): string[] {
  const out = new Set<string>();
  for (const file of serverFiles(SERVER_SRC)) {
    const code = readFileSync(file, "utf8");
    for (const re of TEXT_PLACES)
      for (const m of code.matchAll(re)) {
        const raw = m[1] ?? "";
        const text = raw.startsWith("`")
          ? raw.slice(1, -1).replace(/\$\{([^}]*)\}/g, (_, expr: string) => {
              const key = /^MSG\.(\w+)$/.exec(expr.trim())?.[1];
              return key && key in MSG ? MSG[key as keyof typeof MSG] : "1";
            })
          : (JSON.parse(raw) as string);
        // Keys and codes ("HS256", "filter.date_between") are not texts.
        if (text.includes(" ")) out.add(text);
      }
  }
  return [...out].sort();
}

/** Words that stay as they are in every language: formats, currency codes and protocol names. */
const KEPT = /\b(DD\/MM\/YYYY|YYYY-MM-DD|hh:mm(:ss)?|IQD|USD|JSON|_method=PATCH)\b/g;

describe("server and schema texts", () => {
  afterAll(() => i18n.changeLanguage("en"));

  it("finds the schema texts", () => {
    expect(contractTexts).toContain("must be between 0 and 100");
    expect(contractTexts).toContain("The shop name field is required.");
    expect(contractTexts).toContain(MSG.permissionRequired);
  });

  it("finds the server's texts", () => {
    const texts = serverLiterals();
    expect(texts).toContain("The last outlet cannot be deleted.");
    expect(texts).toContain("The search may not be greater than 200 characters.");
    expect(texts).toContain("The financial year overlaps the year 1.");
    expect(texts).toContain("The filter 1 is not allowed.");
  });

  it.each(["ar", "ckb"])("%s shows every text the server's source answers with in its own words", async (lang) => {
    await i18n.changeLanguage(lang);
    const english = serverLiterals().filter((text) => {
      const shown = translateMessage(text);
      return shown === text || /[A-Za-z]{2,}/.test(shown.replace(KEPT, ""));
    });
    expect(english).toEqual([]);
  });

  it.each(["ar", "ckb"])("%s shows every schema text, MSG text and patterned server text in its own words", async (lang) => {
    await i18n.changeLanguage(lang);
    const english = [...contractTexts, ...Object.values(MSG), ...SERVER_TEXTS].filter((text) => {
      const shown = translateMessage(text);
      return shown === text || /[A-Za-z]{2,}/.test(shown.replace(KEPT, ""));
    });
    expect(english).toEqual([]);
  });

  it("counts overdue invoices and days in each language's plural forms, the amount with thousands separators", async () => {
    const one = "The customer has 1 overdue invoice of 23,250 in all, the oldest 1 day old.";
    const many = "The customer has 2 overdue invoices of 23250 in all, the oldest 40 days old.";
    await i18n.changeLanguage("en");
    expect(translateMessage(one)).toBe(one);
    expect(translateMessage(many)).toBe("The customer has 2 overdue invoices of 23,250 in all, the oldest 40 days old.");
    await i18n.changeLanguage("ar");
    expect(translateMessage(one)).toBe("لدى الزبون فاتورة متأخرة واحدة بمبلغ 23,250، منذ يوم واحد.");
    expect(translateMessage(many)).toBe("لدى الزبون فاتورتان متأخرتان بمجموع 23,250، أقدمهما منذ 40 يومًا.");
    await i18n.changeLanguage("ckb");
    expect(translateMessage(many)).toBe("کڕیار 2 پسوولەی دواکەوتووی هەیە بە کۆی 23,250، کۆنترینیان 40 ڕۆژ لەمەوبەر.");
    await i18n.changeLanguage("en");
  });

  it("gives an offline sale's review reason its figures in each language", async () => {
    await i18n.changeLanguage("ar");
    expect(translateMessage("The price changed since the sale was made: 1 then, 2550 now.")).toBe(
      "تغيّر السعر منذ إجراء البيع: 1 حينها، و2,550 الآن.",
    );
    await i18n.changeLanguage("en");
  });

  it("shows the field's label inside a pattern", async () => {
    await i18n.changeLanguage("ar");
    expect(translateMessage("The type field is required.")).toBe("حقل النوع مطلوب.");
    expect(translateMessage("The email field is required.")).toBe("حقل البريد الإلكتروني مطلوب.");
    await i18n.changeLanguage("en");
    expect(translateMessage("The shop name field is required.")).toBe("The shop name field is required.");
    expect(translateMessage("The file has 1 error; nothing was imported.")).toBe("The file has 1 error; nothing was imported.");
  });
});
