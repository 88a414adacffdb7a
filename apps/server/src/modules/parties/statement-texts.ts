import { type Language, SEEDED_WALKIN_CUSTOMER_NAME } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";

type Words = Record<Exclude<Language, "en">, string>;

/**
 * The words of the journal lines a party's statement shows, as the ledger stores them (in English,
 * written by the documents that post them) and as each language reads them. The web shows the
 * same texts (seeded.json "journal"); the server translates them for every caller, the export
 * included, by the request's Accept-Language.
 */
const PREFIXES: [english: string, words: Words][] = [
  ["Reversal: ", { ar: "عكس: ", ckb: "پێچەوانەکردنەوە: " }],
  ["Receipt from ", { ar: "قبض من ", ckb: "وەرگرتن لە " }],
  ["Payment to ", { ar: "دفع إلى ", ckb: "پارەدان بە " }],
];
const WHOLE: [english: string, words: Words][] = [["Opening balance", { ar: "رصيد افتتاحي", ckb: "باڵانسی سەرەتایی" }]];
const NAMES: [english: string, words: Words][] = [[SEEDED_WALKIN_CUSTOMER_NAME, { ar: "زبون نقدي", ckb: "کڕیاری نەقد" }]];

/** A stored description in the language: "Receipt from Ahmed" → "قبض من Ahmed"; other texts as they are. */
export function statementDescription(text: string, lang: Language): string {
  if (lang === "en") return text;
  for (const [english, words] of WHOLE) if (text === english) return words[lang];
  for (const [english, words] of NAMES) if (text === english) return words[lang];
  for (const [english, words] of PREFIXES)
    if (text.startsWith(english)) return words[lang] + statementDescription(text.slice(english.length), lang);
  return text;
}

/** The same in SQL, over a column of stored descriptions, so that sorting, search and export read it too. */
export function statementDescriptionSql(col: SQL, lang: Language): SQL {
  if (lang === "en") return col;
  const txt = (s: string) => sql`${s}::text`;
  const n = (k: number) => sql.raw(String(k));
  const whole = [...WHOLE, ...NAMES];
  const inner = (x: SQL): SQL =>
    sql`case ${sql.join(
      whole.map(([english, words]) => sql`when ${x} = ${txt(english)} then ${txt(words[lang])}`),
      sql` `,
    )} else ${x} end`;
  // One reversal level, then a party prefix, then the party's name or a whole text.
  const party = (x: SQL): SQL =>
    sql`case ${sql.join(
      PREFIXES.slice(1).map(
        ([english, words]) =>
          sql`when left(${x}, ${n(english.length)}) = ${txt(english)} then ${txt(words[lang])} || ${inner(sql`substr(${x}, ${n(english.length + 1)})`)}`,
      ),
      sql` `,
    )} else ${inner(x)} end`;
  const [revEnglish, revWords] = PREFIXES[0]!;
  return sql`case when left(${col}, ${n(revEnglish.length)}) = ${txt(revEnglish)} then ${txt(revWords[lang])} || ${party(sql`substr(${col}, ${n(revEnglish.length + 1)})`)} else ${party(col)} end`;
}
