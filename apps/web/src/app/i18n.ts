import { LANGUAGES, type Language, MSG, RTL_LANGUAGES, SYSTEM_ACCOUNT_NAMES } from "@app/contracts";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { formatAmount } from "../shared/amount";
import { accountLabel, inventoryLabel } from "../shared/seededLabels";

type Files = { default: Record<string, Record<string, unknown>> };
type Part = "core" | "more" | "pos" | "answers";
/**
 * Each language is chunks of the build: the namespaces the sign-in page reads, and the rest,
 * which the signed-in frame waits for; the POS screen, which runs on its own, loads one chunk of
 * its own with the namespaces it shows by itself (the common ones again, without the sign-in
 * page's and the menu's), and another with what a server's answer needs (the server's messages,
 * the schemas' texts, the patterns and field labels they are built from) when an answer is to be
 * shown. A user downloads the language they read, and each page only its part.
 */
const BUNDLES: Record<Language, Record<Part, () => Promise<Files>>> = {
  en: {
    core: () => import("../locales/en"),
    more: () => import("../locales/en-more"),
    pos: () => import("../locales/en-pos"),
    answers: () => import("../locales/en-answers"),
  },
  ar: {
    core: () => import("../locales/ar"),
    more: () => import("../locales/ar-more"),
    pos: () => import("../locales/ar-pos"),
    answers: () => import("../locales/ar-answers"),
  },
  ckb: {
    core: () => import("../locales/ckb"),
    more: () => import("../locales/ckb-more"),
    pos: () => import("../locales/ckb-pos"),
    answers: () => import("../locales/ckb-answers"),
  },
};

type Resources = Record<string, Record<string, Record<string, unknown>>>;
/** The languages loaded so far, by namespace. */
export const resources: Resources = {};
const loading = new Map<string, Promise<void>>();

function loadPart(lang: Language, part: Part): Promise<void> {
  const key = `${lang}:${part}`;
  let done = loading.get(key);
  if (!done) {
    done = BUNDLES[lang][part]().then(({ default: files }) => {
      const bundle: Record<string, Record<string, unknown>> = {};
      for (const [path, content] of Object.entries(files)) {
        const ns = /\/([a-zA-Z]+)\.json$/.exec(path)?.[1];
        if (ns) bundle[ns] = content;
      }
      // English server texts are the contract's own words; only ar and ckb carry translations of them.
      if (lang === "en" && part !== "more") bundle.messages = { ...MSG };
      resources[lang] = { ...resources[lang], ...bundle };
      for (const [ns, content] of Object.entries(bundle)) i18n.addResourceBundle(lang, ns, content, true, true);
    });
    // A part that failed (the network was lost) is tried again by the next call.
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

/** Which texts a language switch loads: all of them, or the POS screen's when it runs on its own. */
let scope: "all" | "pos" = "all";
export const setTextScope = (s: "all" | "pos") => {
  scope = s;
};

/**
 * Loads a language's texts once (all of them, the sign-in page's only, or the POS screen's);
 * later calls wait for the same load.
 */
export function loadLanguage(lang: Language, parts: "signIn" | "pos" | "all" = scope): Promise<void> {
  if (parts === "pos") return loadPart(lang, "pos");
  const core = loadPart(lang, "core");
  if (parts === "signIn") return core;
  return Promise.all([core, loadPart(lang, "more")]).then(() => undefined);
}

/**
 * Settles once the texts a server's answer may need are in, in the current language: the POS
 * screen on its own loads them now (the API client waits for them before it hands on an error
 * answer, the till before it shows a sale's refusal or review); the back office has them already.
 * Never fails: when they cannot be loaded the answer shows as the server wrote it.
 */
export function answerTextsReady(): Promise<void> {
  if (scope !== "pos") return Promise.resolve();
  const lang = isLanguage(i18n.language) ? i18n.language : storedLanguage();
  return loadPart(lang, "answers").catch(() => undefined);
}

/** A lazy chunk that shows texts beyond the sign-in page's: it renders once they are in too. */
export const withAllTexts =
  <T>(load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadLanguage(isLanguage(i18n.language) ? i18n.language : storedLanguage())]))[0];

export const LANG_STORAGE_KEY = "lang";

export const isLanguage = (v: unknown): v is Language => typeof v === "string" && (LANGUAGES as readonly string[]).includes(v);
export const isRtl = (lang: string) => (RTL_LANGUAGES as readonly string[]).includes(lang);

export function storedLanguage(): Language {
  const v = localStorage.getItem(LANG_STORAGE_KEY);
  return isLanguage(v) ? v : "en";
}

function applyDocument(lang: Language) {
  document.documentElement.lang = lang;
  document.documentElement.dir = isRtl(lang) ? "rtl" : "ltr";
}

export async function setLanguage(lang: Language) {
  await loadLanguage(lang);
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  applyDocument(lang);
  await i18n.changeLanguage(lang);
}

const initial = storedLanguage();
applyDocument(initial);
void i18n.use(initReactI18next).init({
  resources: {},
  lng: initial,
  fallbackLng: "en",
  supportedLngs: [...LANGUAGES],
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Settles once the stored language's sign-in texts are in: the back office renders after it. */
export const signInTextsReady = () => loadLanguage(initial, "signIn");

const msgKeyByText = new Map<string, string>(Object.entries(MSG).map(([k, v]) => [v, k]));

const NUM = "-?[\\d.]+";
/**
 * Server and schema texts that carry a field or a number (SPEC §5, §8 and the contract schemas).
 * `field` and `fields` groups are shown with the fields' labels; the first match wins, so a
 * narrower pattern comes before a wider one.
 */
const PATTERNS: [RegExp, string][] = [
  [/^The (?<fields>.+) field is required when (?<others>.+) (?:is|are) present\.$/, "requiredWith"],
  [/^The (?<field>.+) field is required\.$/, "required"],
  [/^The (?<field>.+) has already been taken\.$/, "taken"],
  [/^The selected (?<field>.+) is invalid\.$/, "selectedInvalid"],
  [/^The (?<field>.+) must be a valid email address\.$/, "email"],
  [/^The (?<field>.+) must be at least (?<value>\d+) characters\.$/, "fieldMinChars"],
  [/^The (?<field>.+) may not be greater than (?<value>\d+) characters\.$/, "fieldMaxChars"],
  [/^The (?<field>.+) must be an integer\.$/, "fieldInteger"],
  [new RegExp(`^The (?<field>.+) must be an integer between (?<min>${NUM}) and (?<max>${NUM})\\.$`), "fieldIntegerBetween"],
  [new RegExp(`^The (?<field>.+) must be between (?<min>${NUM}) and (?<max>${NUM})\\.$`), "fieldBetween"],
  [/^The (?<field>.+) must be a number of 0 or more with at most (?<value>\d+) decimals\.$/, "fieldDecimals"],
  [/^The (?<field>.+) must be a number greater than 0\.$/, "fieldPositive"],
  [/^The (?<field>.+) must be yes or no\.$/, "fieldYesNo"],
  [/^The (?<field>.+) field must be true or false\.$/, "fieldTrueFalse"],
  [/^The (?<field>.+) confirmation does not match\.$/, "confirmation"],
  [/^The barcode (?<value>.+) is repeated \(row (?<row>\d+)\)\.$/, "barcodeRepeatedRow"],
  [/^The barcode (?<value>.+) is repeated\.$/, "barcodeRepeated"],
  [/^The (?<field>.+) is repeated \(row (?<row>\d+)\)\.$/, "repeatedRow"],
  [/^The file must have fewer than (?<value>\d+) records\.$/, "fewerRecords"],
  [/^The file has (?<count>\d+) errors?; nothing was imported\.$/, "importRefused"],
  [/^The file must have the column (?<value>.+) in its first row\.$/, "fileMissingColumn"],
  [/^The column (?<value>.+) is not allowed\.$/, "columnNotAllowed"],
  [/^The filter (?<value>.+) is not allowed\.$/, "filterNotAllowed"],
  [/^The date filter must be one of (?<value>.+)\.$/, "dateFilterOneOf"],
  [/^The financial year overlaps the year (?<value>.+)\.$/, "yearOverlaps"],
  [/^The permission (?<value>.+) is not known\.$/, "permissionUnknown"],
  [/^You cannot grant (?<value>.+) which you do not hold\.$/, "cannotGrant"],
  [/^The system account (?<value>.+) is missing$/, "systemAccountMissing"],
  [/^Not enough stock of (?<item>.+) in (?<inventory>.+): (?<value>-?[0-9.]+) on hand\.$/, "notEnoughStock"],
  [/^(?<item>.+) expired on (?<value>\d{4}-\d{2}-\d{2}) and cannot be sold\.$/, "expiredBatch"],
  [/^No Enough Balance in (?<account>.+): (?<value>-?[0-9.]+) (?<currency>IQD|USD) available\.$/, "notEnoughBalance"],
  [
    new RegExp(
      `^The customer's allowed debit amount is (?<limit>${NUM}); the balance is (?<balance>${NUM}) and this sale would make it (?<value>${NUM})\\.$`,
    ),
    "creditLimit",
  ],
  [
    new RegExp(
      `^The cash tendered is (?<value>${NUM}) (?<currency>[A-Z]{3}) more than the bill, a (?<note>${NUM}) (?<noteCurrency>[A-Z]{3}) note or more\\. Check the amount, or confirm it\\.$`,
    ),
    "tenderTooMuch",
  ],
  [
    new RegExp(
      `^The float is (?<value>${NUM}) (?<currency>[A-Z]{3}), more than (?<factor>\\d+) notes of (?<note>${NUM}) [A-Z]{3}\\. Check the amount, or confirm it\\.$`,
    ),
    "floatTooMuch",
  ],
  [
    new RegExp(
      `^The drawer holds (?<value>${NUM}) (?<currency>[A-Z]{3}); it cannot give (?<change>${NUM}) [A-Z]{3} in change\\. Give the change in the other currency\\.$`,
    ),
    "drawerShort",
  ],
  [
    new RegExp(
      `^The rate (?<value>${NUM}) is more than (?<factor>\\d+) times the rate before it, (?<previous>${NUM})\\. Check the rate, or confirm it\\.$`,
    ),
    "rateJumpUp",
  ],
  [
    new RegExp(
      `^The rate (?<value>${NUM}) is less than a tenth of the rate before it, (?<previous>${NUM})\\. Check the rate, or confirm it\\.$`,
    ),
    "rateJumpDown",
  ],
  // An offline POS sale held for review: the bill's total when it was made and the server's now.
  [new RegExp(`^The price changed since the sale was made: (?<value>${NUM}) then, (?<now>${NUM}) now\\.$`), "priceChanged"],
  [/^The customer has (?<count>\d+) overdue invoices? of (?<value>-?[0-9.,]+) in all, the oldest (?<days>\d+) days? old\.$/, "overdue"],
  [/^Database Error \[(?<value>\w+)\]$/, "databaseError"],
  [/^Added Successfully: (?<value>\d+) items$/, "addedItems"],
  // Zod checks without a text of their own: the web's texts (zodMessages.ts) and zod's own English, as the server sends it.
  [/^(?:This field is required\.|Invalid input: expected \w+, received undefined)$/, "requiredField"],
  [/^(?:must be a number|Invalid input: expected (?:number|int|bigint|nan), received \w+)$/, "typeNumber"],
  [/^(?:must be text|Invalid input: expected string, received \w+)$/, "typeText"],
  [/^(?:must be true or false|Invalid input: expected boolean, received \w+)$/, "typeBoolean"],
  [/^(?:must be a list|Invalid input: expected (?:array|set|tuple), received \w+)$/, "typeList"],
  [/^Invalid input: expected (?:object|record|map), received \w+$/, "typeObject"],
  [/^(?:must be a valid email address|Invalid email address)$/, "emailFormat"],
  [/^(?:must be at least (?<value>\d+) characters|Too small: expected string to have >=(?<min>\d+) characters)$/, "minChars"],
  [/^Too big: expected string to have <=(?<value>\d+) characters$/, "maxChars"],
  [/^(?:must have at least (?<value>\d+) items|Too small: expected (?:array|set) to have >=(?<min>\d+) items)$/, "minItems"],
  [/^(?:may not have more than (?<value>\d+) items|Too big: expected (?:array|set) to have <=(?<max>\d+) items)$/, "maxItems"],
  [new RegExp(`^Too small: expected (?:number|int|bigint) to be >=(?<value>${NUM})$`), "atLeast"],
  [new RegExp(`^Too small: expected (?:number|int|bigint) to be >(?<value>${NUM})$`), "greaterThan"],
  [new RegExp(`^Too big: expected (?:number|int|bigint) to be <=(?<value>${NUM})$`), "atMost"],
  [new RegExp(`^(?:must be less than (?<value>${NUM})|Too big: expected (?:number|int|bigint) to be <(?<max>${NUM}))$`), "lessThan"],
  [new RegExp(`^(?:must be a multiple of (?<value>${NUM})|Invalid number: must be a multiple of (?<min>${NUM}))$`), "multipleOf"],
  [/^(?:must be one of (?<value>.+)|Invalid option: expected one of (?<max>.+))$/, "oneOf"],
  [/^(?:is not in the right format|Invalid string: .+|Invalid (?!input)[a-zA-Z0-9 ]+)$/, "formatInvalid"],
  [/^(?:is not valid|Invalid input.*|Unrecognized keys?: .+|Invalid (?:key|value) in \w+|Invalid discriminator value\..*)$/, "notValid"],
  [/^Maximum allowed character is (?<value>\d+)$/, "maxChars"],
  [/^may not be greater than (?<value>\d+) characters$/, "maxChars"],
  [/^must be a number with at most (?<value>\d+) decimals$/, "decimals"],
  [new RegExp(`^must be between (?<min>${NUM}) and (?<max>${NUM})$`), "between"],
  [new RegExp(`^must be greater than (?<value>${NUM})$`), "greaterThan"],
  [new RegExp(`^must be at least (?<value>${NUM})$`), "atLeast"],
  [new RegExp(`^may not be greater than (?<value>${NUM})$`), "atMost"],
  [/^validation\.(?<value>.+)$/, "mustBe"],
];

// English shows the server's own words; the patterns' English texts give the server text back.
const english = () => i18n.language === "en";
/** A field's label from the words of a server text ("sale price" → fields:sale_price); unknown fields keep their words. */
const fieldLabel = (words: string) => (english() ? words : i18n.t(`fields:${words.replace(/ /g, "_")}`, { defaultValue: words }));
/** "packet price, packet barcode or base unit qty" → each field's label, joined in the current language. */
const fieldList = (words: string) =>
  english()
    ? words
    : words
        .split(/, | or | and /)
        .map(fieldLabel)
        .join(i18n.t("validation:listSeparator"));

/** An account named in a server text: a seeded account under its seeded name shows in the user's language. */
const seededAccountLabel = (name: string) =>
  accountLabel(
    (key, options) => i18n.t(key, options),
    name,
    Object.entries(SYSTEM_ACCOUNT_NAMES).find(([, seeded]) => seeded === name)?.[0],
  );

/**
 * Shows a text that came from the server or from a contract schema in the current language:
 * a MSG text by its key, a known whole text from the dictionary, or a known pattern.
 * Unknown texts are shown as they are.
 */
export function translateMessage(text: string): string {
  return sentence(translated(text));
}

/**
 * A fragment the schemas write under their field ("must be between 0 and 100") shown as a
 * sentence: a capital first letter and a full stop.
 */
export function sentence(text: string): string {
  if (!/^[a-z]/.test(text)) return text;
  return `${text[0]!.toUpperCase()}${text.slice(1)}${/[\p{L}\p{N})]$/u.test(text) ? "." : ""}`;
}

/** The texts above whose groups below hold an amount, a quantity or a rate (not a code, a year or a count of characters). */
const FIGURE_KEYS = new Set([
  "fieldIntegerBetween",
  "fieldBetween",
  "notEnoughStock",
  "notEnoughBalance",
  "creditLimit",
  "tenderTooMuch",
  "floatTooMuch",
  "drawerShort",
  "rateJumpUp",
  "rateJumpDown",
  "priceChanged",
  "atLeast",
  "greaterThan",
  "atMost",
  "lessThan",
  "between",
]);
const FIGURE_GROUPS = ["value", "min", "max", "limit", "balance", "note", "change", "previous", "now"] as const;

function translated(text: string): string {
  const key = msgKeyByText.get(text);
  // Until a language's answer texts are in (or when they could not load), the server's own words.
  if (key) return i18n.t(`messages:${key}`, { defaultValue: text });
  const texts = i18n.getResource(i18n.language, "schematexts", "texts") as Record<string, string> | undefined;
  if (texts?.[text]) return texts[text];
  for (const [re, k] of PATTERNS) {
    const m = re.exec(text);
    if (!m) continue;
    const g: Record<string, string | undefined> = { ...m.groups };
    // Figures read as people write them: 13,100,000 rather than 13100000.
    if (FIGURE_KEYS.has(k))
      for (const name of FIGURE_GROUPS) if (g[name] !== undefined && /^-?\d+(?:\.\d+)?$/.test(g[name])) g[name] = formatAmount(g[name]);
    return i18n.t(`validation:${k}`, {
      ...g,
      defaultValue: text,
      // A pattern with two wordings names its number differently in each; the text takes `value`.
      value: g.value ?? g.min ?? g.max,
      ...(g.field !== undefined && { field: fieldLabel(g.field) }),
      ...(g.inventory !== undefined && { inventory: inventoryLabel((key, options) => i18n.t(key, options), g.inventory) }),
      ...(g.account !== undefined && { account: seededAccountLabel(g.account) }),
      ...(g.fields !== undefined && { fields: fieldList(g.fields) }),
      // Counted words take each language's plural forms: `count` picks the text, `daysText` its days.
      ...(g.count !== undefined && { count: Number(g.count) }),
      ...(g.days !== undefined && { daysText: i18n.t("validation:overdueDays", { count: Number(g.days) }) }),
      ...(k === "overdue" && g.value !== undefined && { value: formatAmount(g.value.replace(/,/g, "")) }),
      ...(g.others !== undefined && { others: fieldList(g.others) }),
      ...(g.count !== undefined && { count: Number(g.count) }),
    });
  }
  return text;
}

export default i18n;
