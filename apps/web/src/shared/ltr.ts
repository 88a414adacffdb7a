/**
 * Fields whose values read left to right in every language: mobiles, phones, e-mails, codes,
 * barcodes, PINs. In a right-to-left page they are isolated (`dir="ltr"`) so that "+9647501112233"
 * or "user@shop.iq" are not shown reversed or with the plus sign at the wrong end.
 */
const LTR_FIELD = /(?:^|_)(?:mobile|phone|email|barcode|barcodes|code|pin|iban|website|url)$/;

export const isLtrField = (key: string) => LTR_FIELD.test(key);

/** Props for an input or cell holding such a value: `dir="ltr"`, nothing otherwise. */
export const ltrProps = (key: string): { dir?: "ltr" } => (isLtrField(key) ? { dir: "ltr" } : {});

/** Unicode's isolates: first strong letter decides (FSI), left to right (LRI), and their end (PDI). */
export const FSI = "\u2068";
export const LRI = "\u2066";
export const PDI = "\u2069";

/**
 * Text put into a sentence of the other direction, where no element can carry `dir` (a print's
 * line, a dropdown's label, a notification): isolated, its own letters decide how it reads, so
 * "Zagros Trading Co." keeps its full stop at the end in an Arabic sentence.
 */
export const isolate = (text: string | null | undefined): string => (text ? `${FSI}${text}${PDI}` : "");

/** A number with its sign ("+1", "-2,500") or a figure with its currency: always left to right, the sign before it. */
export const isolateLtr = (text: string | null | undefined): string => (text ? `${LRI}${text}${PDI}` : "");
