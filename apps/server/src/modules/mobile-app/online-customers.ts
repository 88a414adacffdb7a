import { MOBILE_MSG, type OnlineCustomerAdd } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { fieldError, HttpError } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { onlineCustomers } from "../online-orders/online-customers.tables.js";

/** The shop app's customers: who signed in with their mobile, their orders and when they were last seen. */
export const onlineCustomersList: ListModel = {
  model: "online_customers",
  from: sql`from online_customers oc join consumers c on c.consumer_id = oc.consumer_fk`,
  idColumn: "customer_id",
  defaultSort: "customer_id",
  defaultDir: "desc",
  dateColumn: sql`oc.created_at`,
  columns: {
    customer_id: { expr: sql`oc.customer_id`, filter: "eq" },
    name: { expr: sql`coalesce(oc.name, c.consumer_name)`, search: true, filter: "like" },
    mobile: { expr: sql`oc.mobile`, search: true, filter: "like" },
    status: { expr: sql`oc.status`, filter: "in" },
    orders_count: { expr: sql`(select count(*)::int from online_orders o where o.customer_fk = oc.customer_id)` },
    created_at: { expr: sql`oc.created_at` },
    last_seen: { expr: sql`oc.last_seen` },
    consumer_fk: { expr: sql`oc.consumer_fk`, filter: "eq" },
  },
};

export async function showOnlineCustomer(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(sql`
    select oc.customer_id, coalesce(oc.name, c.consumer_name) as name, oc.mobile, oc.status, oc.consumer_fk,
      oc.created_at, oc.last_seen,
      (select count(*)::int from online_orders o where o.customer_fk = oc.customer_id) as orders_count
    from online_customers oc join consumers c on c.consumer_id = oc.consumer_fk
    where oc.customer_id = ${id}`);
  return res.rows[0] as Record<string, unknown> | undefined;
}

/**
 * Blocks or unblocks a customer: a blocked one can neither sign in nor order (the shop API reads
 * the status); blocking also ends the app's sessions, so a phone signed in is signed out at once.
 */
export async function setOnlineCustomerBlocked(ctx: Ctx, id: number, blocked: boolean) {
  const [row] = await ctx.tx
    .select({ status: onlineCustomers.status })
    .from(onlineCustomers)
    .where(eq(onlineCustomers.customer_id, id))
    .for("update");
  if (!row) return;
  if (blocked && row.status === "blocked") throw new HttpError(422, MOBILE_MSG.alreadyBlocked);
  if (!blocked && row.status !== "blocked") throw new HttpError(422, MOBILE_MSG.notBlocked);
  await ctx.tx
    .update(onlineCustomers)
    .set({ status: blocked ? "blocked" : "active" })
    .where(eq(onlineCustomers.customer_id, id));
  if (blocked) await ctx.tx.execute(sql`update online_tokens set revoked_at = ${ctx.now} where customer_fk = ${id} and revoked_at is null`);
}

/**
 * Gives a back-office customer an account in the app under their mobile number (a shop that
 * takes orders by phone signs its regulars up): their first sign-in with a code finds it.
 */
export async function addOnlineCustomer(ctx: Ctx, input: OnlineCustomerAdd) {
  const found = await ctx.tx.execute<{ consumer_name: string; mobile: string | null }>(
    sql`select consumer_name, mobile from consumers where consumer_id = ${input.consumer_id} and kind = 'customer'`,
  );
  const consumer = found.rows[0];
  if (!consumer) throw fieldError("consumer_id", "The selected consumer id is invalid.");
  if (!consumer.mobile) throw fieldError("consumer_id", MOBILE_MSG.noMobile);
  const taken = await ctx.tx.execute(sql`select 1 from online_customers where consumer_fk = ${input.consumer_id}`);
  if (taken.rows.length) throw fieldError("consumer_id", MOBILE_MSG.alreadyInApp);
  const [row] = await ctx.tx
    .insert(onlineCustomers)
    .values({ consumer_fk: input.consumer_id, mobile: consumer.mobile, name: consumer.consumer_name })
    .returning({ id: onlineCustomers.customer_id });
  return { id: row!.id };
}
