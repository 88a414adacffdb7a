/**
 * Fields whose values read left to right in every language: mobiles, phones, e-mails, codes,
 * barcodes, PINs. In a right-to-left page they are isolated (`dir="ltr"`) so that "+9647501112233"
 * or "user@shop.iq" are not shown reversed or with the plus sign at the wrong end.
 */
const LTR_FIELD = /(?:^|_)(?:mobile|phone|email|barcode|barcodes|code|pin|iban|website|url)$/;

export const isLtrField = (key: string) => LTR_FIELD.test(key);

/** Props for an input or cell holding such a value: `dir="ltr"`, nothing otherwise. */
export const ltrProps = (key: string): { dir?: "ltr" } => (isLtrField(key) ? { dir: "ltr" } : {});
