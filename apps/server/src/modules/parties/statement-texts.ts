import { type Language, SEEDED_WALKIN_CUSTOMER_NAME } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";

type Words = Record<Exclude<Language, "en">, string>;

/**
 * The words of the journal lines a party's statement shows, as the ledger stores them (in English,
 * written by the documents that post them) and as each language reads them. The web shows the
 * same texts (seeded.json "journal", `journalDescription`); the server translates them for every
 * caller, the export included, by the request's Accept-Language.
 */
/** Around another description: "Reversal: Receipt from Ahmed". */
const WRAPPERS: [english: string, words: Words][] = [
  ["Reversal: ", { ar: "عكس: ", ckb: "پێچەوانەکردنەوە: " }],
  ["Apply cost: ", { ar: "تطبيق التكلفة: ", ckb: "جێبەجێکردنی تێچوو: " }],
];
/** Before a party's name. */
const BEFORE_NAME: [english: string, words: Words][] = [
  ["Receipt from ", { ar: "قبض من ", ckb: "وەرگرتن لە " }],
  ["Payment to ", { ar: "دفع إلى ", ckb: "پارەدان بە " }],
  ["Purchase return to ", { ar: "مرتجع مشتريات إلى ", ckb: "گەڕاندنەوەی کڕین بۆ " }],
  ["Sale return from ", { ar: "مرتجع مبيعات من ", ckb: "گەڕاندنەوەی فرۆشتن لە " }],
];
/** A document's number and party: group 1 and group 2 of the pattern, in each language's order. */
const NUMBERED: { test: string; pattern: string; words: Words }[] = [
  {
    test: "^Sale payment \\S+ from ",
    pattern: "^Sale payment (\\S+) from (.*)$",
    words: { ar: "دفعة مبيعات {number} من {name}", ckb: "پارەدانی فرۆشتنی {number} لە {name}" },
  },
  {
    test: "^Purchase payment \\S+ to ",
    pattern: "^Purchase payment (\\S+) to (.*)$",
    words: { ar: "دفعة مشتريات {number} إلى {name}", ckb: "پارەدانی کڕینی {number} بۆ {name}" },
  },
  {
    test: "^Purchase \\S+ from ",
    pattern: "^Purchase (\\S+) from (.*)$",
    words: { ar: "مشتريات {number} من {name}", ckb: "کڕینی {number} لە {name}" },
  },
  {
    test: "^Sale return \\S+ from ",
    pattern: "^Sale return (\\S+) from (.*)$",
    words: { ar: "مرتجع مبيعات {number} من {name}", ckb: "گەڕاندنەوەی فرۆشتنی {number} لە {name}" },
  },
  {
    test: "^Sale \\S+ to ",
    pattern: "^Sale (\\S+) to (.*)$",
    words: { ar: "مبيعات {number} إلى {name}", ckb: "فرۆشتنی {number} بۆ {name}" },
  },
];
const WHOLE: [english: string, words: Words][] = [["Opening balance", { ar: "رصيد افتتاحي", ckb: "باڵانسی سەرەتایی" }]];
const NAMES: [english: string, words: Words][] = [[SEEDED_WALKIN_CUSTOMER_NAME, { ar: "زبون نقدي", ckb: "کڕیاری نەقد" }]];

const nameIn = (name: string, lang: Exclude<Language, "en">) => NAMES.find(([english]) => english === name)?.[1][lang] ?? name;

/** A stored description in the language: "Receipt from Ahmed" → "قبض من Ahmed"; other texts as they are. */
export function statementDescription(text: string, lang: Language): string {
  if (lang === "en") return text;
  for (const [english, words] of WRAPPERS)
    if (text.startsWith(english)) return words[lang] + statementDescription(text.slice(english.length), lang);
  for (const [english, words] of WHOLE) if (text === english) return words[lang];
  for (const [english, words] of BEFORE_NAME) if (text.startsWith(english)) return words[lang] + nameIn(text.slice(english.length), lang);
  for (const doc of NUMBERED) {
    const m = new RegExp(doc.pattern, "s").exec(text);
    if (m) return doc.words[lang].replace("{number}", m[1]!).replace("{name}", nameIn(m[2]!, lang));
  }
  return text;
}

/** The same in SQL, over a column of stored descriptions, so that search and the export read it too. */
export function statementDescriptionSql(col: SQL, lang: Language): SQL {
  if (lang === "en") return col;
  const txt = (s: string) => sql`${s}::text`;
  const n = (k: number) => sql.raw(String(k));
  const cases = (branches: SQL[], otherwise: SQL) => sql`case ${sql.join(branches, sql` `)} else ${otherwise} end`;
  const name = (x: SQL) =>
    cases(
      NAMES.map(([english, words]) => sql`when ${x} = ${txt(english)} then ${txt(words[lang])}`),
      x,
    );
  const inner = (x: SQL) =>
    cases(
      [
        ...WHOLE.map(([english, words]) => sql`when ${x} = ${txt(english)} then ${txt(words[lang])}`),
        ...BEFORE_NAME.map(
          ([english, words]) =>
            sql`when left(${x}, ${n(english.length)}) = ${txt(english)} then ${txt(words[lang])} || ${name(sql`substr(${x}, ${n(english.length + 1)})`)}`,
        ),
        ...NUMBERED.map(
          (doc) =>
            sql`when ${x} ~ ${txt(doc.test)} then regexp_replace(${x}, ${txt(doc.pattern)}, ${txt(
              doc.words[lang].replace("{number}", "\\1").replace("{name}", "\\2"),
            )})`,
        ),
      ],
      x,
    );
  // Up to two wrappers ("Reversal: Apply cost: ...").
  const wrapped = (x: SQL, depth: number): SQL =>
    depth === 0
      ? inner(x)
      : cases(
          WRAPPERS.map(
            ([english, words]) =>
              sql`when left(${x}, ${n(english.length)}) = ${txt(english)} then ${txt(words[lang])} || ${wrapped(sql`substr(${x}, ${n(english.length + 1)})`, depth - 1)}`,
          ),
          inner(x),
        );
  return wrapped(col, 2);
}
