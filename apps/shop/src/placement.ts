/**
 * One placement attempt of an order: its Idempotency-Key is made once, when the customer first
 * presses Place, and sent again on every retry of the same cart to the same address (a lost
 * answer, a timeout), so the server answers the first order instead of making a second. A
 * changed cart, address or note is a new attempt with a new key; a placed order ends it.
 */
export interface Attempt {
  key: string;
  signature: string;
}

export const signatureOf = (body: unknown) => JSON.stringify(body);

export function attemptFor(previous: Attempt | null, body: unknown, newKey: () => string = () => crypto.randomUUID()): Attempt {
  const signature = signatureOf(body);
  return previous && previous.signature === signature ? previous : { key: newKey(), signature };
}
