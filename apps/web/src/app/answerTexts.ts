import { MSG, SYSTEM_ACCOUNT_NAMES } from "@app/contracts";
import { formatAmount } from "../shared/amount";
import { accountLabel, inventoryLabel } from "../shared/seededLabels";
import i18n, { setTranslator } from "./i18n";

/*
 * Server and schema texts in the current language (`translateMessage` in i18n.ts): a MSG text by
 * its key, a known whole text from the schemas' dictionary, or a known pattern with its figures,
 * fields, inventories and accounts. Registers itself on load.
 */

const msgKeyByText = new Map<string, string>(Object.entries(MSG).map(([k, v]) => [v, k]));

const NUM = "-?[\\d.]+";
/**
 * Server and schema texts that carry a field or a number (SPEC §5, §8 and the contract schemas).
 * `field` and `fields` groups are shown with the fields' labels; the first match wins, so a
 * narrower pattern comes before a wider one.
 */
const PATTERNS: [RegExp, string][] = [
  [/^The (?<field>.+) field is required when (?<others>.+) is not present\.$/, "requiredWithout"],
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
  [/^The barcode belongs to another item than the item code\.$/, "barcodeOtherItem"],
  [/^The unit is not the unit of the barcode\.$/, "unitNotBarcodes"],
  [/^The currency must be the system currency: sale prices are kept in it\.$/, "systemCurrencyOnly"],
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
  [/^Only (?<value>[0-9.]+) left of this item\.$/, "onlyLeft"],
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
 * The patterns whose texts are in the `refusals` namespace (a document, a stock or a till refused,
 * an import): the others, a field's checks, are in `validation`, which the sign-in page loads.
 */
const REFUSALS = new Set([
  "barcodeRepeatedRow",
  "barcodeRepeated",
  "repeatedRow",
  "requiredWithout",
  "barcodeOtherItem",
  "unitNotBarcodes",
  "systemCurrencyOnly",
  "fewerRecords",
  "importRefused",
  "columnNotAllowed",
  "filterNotAllowed",
  "dateFilterOneOf",
  "fileMissingColumn",
  "yearOverlaps",
  "permissionUnknown",
  "cannotGrant",
  "systemAccountMissing",
  "notEnoughStock",
  "expiredBatch",
  "databaseError",
  "addedItems",
  "creditLimit",
  "overdue",
  "notEnoughBalance",
  "tenderTooMuch",
  "floatTooMuch",
  "drawerShort",
  "rateJumpUp",
  "rateJumpDown",
  "priceChanged",
]);

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
    return i18n.t(`${REFUSALS.has(k) ? "refusals" : "validation"}:${k}`, {
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
      ...(g.days !== undefined && { daysText: i18n.t("refusals:overdueDays", { count: Number(g.days) }) }),
      ...(k === "overdue" && g.value !== undefined && { value: formatAmount(g.value.replace(/,/g, "")) }),
      ...(g.others !== undefined && { others: fieldList(g.others) }),
      ...(g.count !== undefined && { count: Number(g.count) }),
    });
  }
  return text;
}

setTranslator(translated);
