/*
 * Text as staff type it. Arabic and Kurdish keyboards write the same letters with different code
 * points (ي/ی/ى, ك/ک, ة/ه/ە, أ/إ/آ/ا, ڵ/ل, ڕ/ر, ۆ/و, ێ/ی) and digits as Arabic-Indic or Persian.
 * Every search (server lists, pickers, autocompletes, the item search and the web's own filters)
 * compares folded text, and the database's search indexes are built over the same folding with
 * SQL translate(), which reads this one table, so a stored name and a typed term always agree.
 * translate() maps one character to one character and is the same on every collation, which is
 * why Latin case is folded by listing the letters rather than with lower().
 */
const LATIN_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LATIN_FROM = `${LATIN_UPPER}ÀÁÂÃÄÅàáâãäåÇçĆćČčÈÉÊËèéêëÌÍÎÏìíîïİıÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝŸýÿŞşŠšĞğŽž`;
const LATIN_TO = `${LATIN_UPPER.toLowerCase()}aaaaaaaaaaaacccccceeeeeeeeiiiiiiiiiinnoooooooooooouuuuuuuuyyyyssssggzz`;
const ARABIC_FROM = "ىيێكگأإآٱةەھۀڵڕۆ";
const ARABIC_TO = "یییککااااههههلرو";
const DIGITS_FROM = "٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹";
const DIGITS_TO = "01234567890123456789";

export const SEARCH_FOLD_FROM = ARABIC_FROM + LATIN_FROM + DIGITS_FROM;
export const SEARCH_FOLD_TO = ARABIC_TO + LATIN_TO + DIGITS_TO;
/**
 * Removed entirely: tatweel, the short-vowel marks (harakat), the Latin combining accents, and
 * the invisible joiners and direction marks Kurdish and Persian text carries.
 */
export const SEARCH_DROP = "ـًٌٍَُِّْٰ\u0300\u0301\u0302\u0303\u0308\u030c\u0327\u200c\u200d\u200e\u200f";

const FOLD = new Map<string, string>();
for (let i = 0; i < SEARCH_FOLD_FROM.length; i++) FOLD.set(SEARCH_FOLD_FROM[i]!, SEARCH_FOLD_TO[i]!);
for (const c of SEARCH_DROP) FOLD.set(c, "");

/** The search form of a name or term: the same letters whatever the keyboard. */
export function normalizeSearch(text: string): string {
  let out = "";
  for (const c of text) out += FOLD.get(c) ?? c;
  return out;
}

/**
 * A term of this many letters or fewer matches the start of a value only: a one- or two-letter
 * fragment found anywhere would match almost every row, and no trigram index can look it up.
 */
export const SEARCH_PREFIX_MAX = 2;

/** Arabic-Indic and Persian digits to ASCII (numbers typed on an Arabic or Kurdish keyboard). */
export function normalizeDigits(text: string): string {
  return text.replace(/[٠-٩۰-۹]/g, (c) => String((c.codePointAt(0)! - 0x0660) % 0x90));
}

/** Arabic-Indic and Persian digits, and the Arabic decimal and thousands separators, to ASCII. */
export function normalizeNumber(text: string): string {
  return normalizeDigits(text).replace(/٫/g, ".").replace(/[٬،]/g, ",");
}

/** zod: a string or number input whose digits may be Arabic-Indic or Persian. */
export const digitsPreprocess = (v: unknown) => (typeof v === "string" ? normalizeNumber(v) : v);

// ---------------------------------------------------------------- phone numbers

/** Iraq's country calling code; a mobile written the local way (07…) belongs to Iraq. */
const IRAQ = "964";

/**
 * The one stored form of a mobile number: `+` and digits (E.164). Iraqi mobiles are accepted as
 * `07XXXXXXXXX`, `7XXXXXXXXX`, `+9647XXXXXXXXX` or `009647XXXXXXXXX`, other countries with `+` or
 * `00` and their code; spaces, dashes, dots and brackets are ignored. Undefined when the text is
 * not a mobile number.
 */
export function normalizeMobile(text: string): string | undefined {
  const t = normalizeDigits(text.trim()).replace(/[\s\-.()]/g, "");
  const intl = /^(?:\+|00)(\d+)$/.exec(t)?.[1];
  if (intl !== undefined) {
    if (intl.startsWith(IRAQ)) return /^9647\d{9}$/.test(intl) ? `+${intl}` : undefined;
    // E.164: a country code (never starting with 0) and at most 15 digits in all.
    return /^[1-9]\d{6,14}$/.test(intl) ? `+${intl}` : undefined;
  }
  if (/^07\d{9}$/.test(t)) return `+${IRAQ}${t.slice(1)}`;
  if (/^7\d{9}$/.test(t)) return `+${IRAQ}${t}`;
  return undefined;
}

export const MOBILE_INVALID = "The mobile must be a valid mobile number, such as 07701234567 or +9647701234567.";

export const PHONE_INVALID = "The phone must contain digits only, optionally starting with +.";
export const PIN_REQUIRED = "The pin field is required.";
export const PIN_DIGITS = "The pin must contain digits only.";

/**
 * The spellings a typed search term may have in stored data: the folded term, and when it reads
 * as (the start of) a phone number, the stored mobile form too (`0780111` → `+964780111`), so a
 * number is found whichever way it was typed.
 */
export function searchVariants(term: string): string[] {
  const folded = normalizeSearch(term.trim());
  const variants = [folded];
  const digits = folded.replace(/[\s\-.()]/g, "");
  if (/^\+?\d{3,}$/.test(digits)) {
    const plain = digits.replace(/^\+/, "");
    if (plain !== folded) variants.push(plain);
    if (/^07/.test(plain)) variants.push(`+${IRAQ}${plain.slice(1)}`);
    else if (/^00\d/.test(plain)) variants.push(`+${plain.slice(2)}`);
    else if (digits.startsWith("+") || plain.startsWith(IRAQ)) variants.push(`+${plain}`);
    if (digits.startsWith(`+${IRAQ}7`) || plain.startsWith(`${IRAQ}7`)) variants.push(`0${plain.slice(IRAQ.length)}`);
  }
  return [...new Set(variants)];
}
