import { MSG, PASSWORD_MIN_LENGTH_DEFAULT } from "@app/contracts";
import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { fieldError } from "../../platform/errors.js";
import { verifySecret } from "../../platform/passwords.js";
import { systemConfig } from "../settings/settings.tables.js";
import { passwordHistory, users } from "../staff/staff.tables.js";

/** The password rules with zxcvbn's dictionaries (tens of MB): loaded with the first check, not at start-up. */
const policy = () => import("@app/contracts/password-policy");

/** How many earlier passwords, besides the current one, a new password may not repeat. */
export const PASSWORD_HISTORY = 5;

/**
 * Refuses a new password (422 on the field) that is shorter than the system's minimum, common,
 * too easy to guess (its owner's name and e-mail count as known words) or, for an existing user,
 * the current one or one of the last PASSWORD_HISTORY.
 */
export async function checkNewPassword(
  db: DbOrTx,
  input: { password: string; userId?: number; userInputs: (string | null | undefined)[]; field?: string },
): Promise<void> {
  const field = input.field ?? "new_password";
  const [cfg] = await db.select({ min: systemConfig.password_min_length }).from(systemConfig).where(eq(systemConfig.id, 1));
  const userInputs = input.userInputs.filter((x): x is string => Boolean(x)).flatMap((x) => [x, ...x.split(/[@.\s_-]+/)]);
  const { passwordProblem } = await policy();
  const problem = passwordProblem(input.password, { minLength: cfg?.min ?? PASSWORD_MIN_LENGTH_DEFAULT, userInputs });
  if (problem) throw fieldError(field, problem);
  if (input.userId === undefined) return;
  const [u] = await db.select({ h: users.password_hash }).from(users).where(eq(users.user_id, input.userId));
  const history = await db
    .select({ h: passwordHistory.password_hash })
    .from(passwordHistory)
    .where(eq(passwordHistory.user_id, input.userId))
    .orderBy(desc(passwordHistory.created_at), desc(passwordHistory.id))
    .limit(PASSWORD_HISTORY);
  for (const { h } of [...(u ? [u] : []), ...history]) {
    if (await verifySecret(h, input.password)) throw fieldError(field, MSG.passwordUsedBefore);
  }
}

export async function checkNewPin(pin: string): Promise<void> {
  const { pinProblem } = await policy();
  const problem = pinProblem(pin);
  if (problem) throw fieldError("pin", problem);
}
