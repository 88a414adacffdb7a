/**
 * An answer already made into JSON (the POS bookings store the same text as the key's answer):
 * the serializer sends it as it is (`documentingSerializer`), and under the tests checks it
 * against its schema like any other answer.
 */
export class JsonText {
  constructor(readonly text: string) {}
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}
