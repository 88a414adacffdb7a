// JsBarcode's own Code 128 encoder and table, which the receipt's barcode is checked against.
declare module "jsbarcode/bin/barcodes/CODE128/CODE128_AUTO.js" {
  export default class CODE128 {
    constructor(data: string, options: object);
    encode(): { text: string; data: string };
  }
}
declare module "jsbarcode/bin/barcodes/CODE128/constants.js" {
  export const BARS: number[];
}
