import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { TestApp } from "../../../test/harness.js";

/**
 * A customer of the app signed in without the code (the sign-in's own test goes through it): the
 * back-office customer, the app's customer, an address in the first city and a shop token.
 */
export async function shopCustomer(t: TestApp, mobile: string): Promise<{ token: string; customer_id: number; address_id: number }> {
  const token = `shp_${randomBytes(24).toString("base64url")}`;
  const r = await t.database.db.execute<{ customer_id: number; address_id: number }>(sql`
    with c as (insert into consumers (kind, consumer_name, mobile) values ('customer', ${mobile}, ${mobile}) returning consumer_id),
         o as (insert into online_customers (consumer_fk, mobile) select consumer_id, ${mobile} from c returning customer_id),
         tk as (insert into online_tokens (token_hash, customer_fk, expires_at)
                select ${createHash("sha256").update(token).digest("hex")}, customer_id, now() + interval '1 day' from o),
         a as (insert into online_customer_addresses (customer_fk, city_fk, landmark, is_default)
               select customer_id, (select min(city_id) from cities), 'Near the big mosque', true from o returning address_id, customer_fk)
    select o.customer_id, a.address_id from o join a on a.customer_fk = o.customer_id`);
  return { token, customer_id: Number(r.rows[0]!.customer_id), address_id: Number(r.rows[0]!.address_id) };
}
