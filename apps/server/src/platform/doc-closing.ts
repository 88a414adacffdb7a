import { can } from "@app/contracts";
import type { Ctx } from "./context.js";
import { HttpError } from "./errors.js";

/**
 * A closed document (SPEC §4 "open and closed": purchases, purchase returns, sales, sale returns,
 * destructed assets) is not edited, returned to draft, completed or deleted but by a user holding
 * its section's `unclose` key (SPEC §6), who may change it without opening it first; anyone else
 * is answered `message` (422) and the document stays as it is.
 */
export function assertOpenFor(ctx: Pick<Ctx, "user">, doc: { is_closed: boolean }, section: string, message: string): void {
  if (doc.is_closed && !can(ctx.user, `${section}/unclose`)) throw new HttpError(422, message);
}
