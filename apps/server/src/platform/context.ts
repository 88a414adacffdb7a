import type { DbOrTx } from "../db/client.js";
import type { TokenScope } from "./tokens.js";

export interface AuthUser {
  user_id: number;
  user_name: string;
  email: string;
  outlet_fk: number | null;
  is_cashier: boolean;
  permissions: Set<string>;
  /** Inventories this user may see and use. */
  inventory_ids: number[];
  /** The columns the user hides in each list (by list model), loaded with the user. */
  hidden_columns?: Record<string, string>;
  jti: string;
  token_exp: number;
  /** Present when the caller holds a limited token (see TokenScope). */
  token_scope?: TokenScope;
}

/** What every use case receives: the transaction, the acting user, the time and the caller's address. */
export interface Ctx {
  tx: DbOrTx;
  user: AuthUser | null;
  now: Date;
  ip: string | null;
}
