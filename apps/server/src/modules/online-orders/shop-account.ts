import { SHOP_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client.js";
import { HttpError, unprocessable } from "../../platform/errors.js";
import type { ShopCustomer } from "./shop-auth.js";

export interface AddressInput {
  city_id: number;
  landmark: string;
  street?: string | null | undefined;
  lat?: string | null | undefined;
  lng?: string | null | undefined;
  is_default?: boolean | undefined;
}

export async function showProfile(tx: DbOrTx, customerId: number) {
  const r = await tx.execute<{ customer_id: number; mobile: string; name: string | null; created_at: Date }>(
    sql`select customer_id, mobile, name, created_at from online_customers where customer_id = ${customerId}`,
  );
  const row = r.rows[0]!;
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

/** The customer's name, kept on their back-office customer record too. */
export async function updateProfile(tx: Tx, customer: ShopCustomer, input: { name: string }) {
  await tx.execute(sql`update online_customers set name = ${input.name} where customer_id = ${customer.customer_id}`);
  await tx.execute(sql`update consumers set consumer_name = ${input.name}, updated_at = now() where consumer_id = ${customer.consumer_id}`);
}

const addressSelect = sql`
  select a.address_id, a.city_fk as city_id, c.city_name, a.landmark, a.street, a.lat::text as lat, a.lng::text as lng, a.is_default
    from online_customer_addresses a join cities c on c.city_id = a.city_fk`;

export async function listAddresses(tx: DbOrTx, customerId: number) {
  const r = await tx.execute(sql`${addressSelect} where a.customer_fk = ${customerId} order by a.is_default desc, a.address_id`);
  return r.rows;
}

export async function showAddress(tx: DbOrTx, customerId: number, id: number) {
  const r = await tx.execute(sql`${addressSelect} where a.customer_fk = ${customerId} and a.address_id = ${id}`);
  return r.rows[0] ?? null;
}

async function assertCity(tx: Tx, id: number) {
  const r = await tx.execute(sql`select 1 from cities where city_id = ${id}`);
  if (!r.rows.length) throw unprocessable({ city_id: [SHOP_MSG.cityInvalid] }, SHOP_MSG.cityInvalid);
}

/**
 * Saves an address; the customer's first is their default, and one made default takes it from the
 * others. The customer's row is locked first, so two saves of one customer take turns.
 */
export async function saveAddress(tx: Tx, customerId: number, input: AddressInput, id?: number): Promise<number> {
  await assertCity(tx, input.city_id);
  await tx.execute(sql`select 1 from online_customers where customer_id = ${customerId} for no key update`);
  if (id !== undefined) {
    const found = await tx.execute(sql`select 1 from online_customer_addresses where address_id = ${id} and customer_fk = ${customerId}`);
    if (!found.rows.length) throw new HttpError(404, SHOP_MSG.addressInvalid);
  }
  const others = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from online_customer_addresses where customer_fk = ${customerId} and address_id <> ${id ?? 0}`);
  const isDefault = input.is_default === true || Number(others.rows[0]!.n) === 0;
  if (isDefault)
    await tx.execute(sql`update online_customer_addresses set is_default = false where customer_fk = ${customerId} and is_default`);
  const values = {
    city: input.city_id,
    landmark: input.landmark,
    street: input.street ?? null,
    lat: input.lat ?? null,
    lng: input.lng ?? null,
  };
  if (id === undefined) {
    const r = await tx.execute<{ address_id: number }>(sql`
      insert into online_customer_addresses (customer_fk, city_fk, landmark, street, lat, lng, is_default)
      values (${customerId}, ${values.city}, ${values.landmark}, ${values.street}, ${values.lat}, ${values.lng}, ${isDefault})
      returning address_id`);
    return Number(r.rows[0]!.address_id);
  }
  await tx.execute(sql`
    update online_customer_addresses set city_fk = ${values.city}, landmark = ${values.landmark}, street = ${values.street},
           lat = ${values.lat}, lng = ${values.lng}, updated_at = now()${isDefault ? sql`, is_default = true` : sql``}
     where address_id = ${id} and customer_fk = ${customerId}`);
  return id;
}

/** Deletes an address (orders keep their own copy); the oldest left becomes the default if it was. */
export async function deleteAddress(tx: Tx, customerId: number, id: number) {
  await tx.execute(sql`select 1 from online_customers where customer_id = ${customerId} for no key update`);
  const gone = await tx.execute<{ is_default: boolean }>(
    sql`delete from online_customer_addresses where address_id = ${id} and customer_fk = ${customerId} returning is_default`,
  );
  if (!gone.rows.length) throw new HttpError(404, SHOP_MSG.addressInvalid);
  if (gone.rows[0]!.is_default)
    await tx.execute(sql`
      update online_customer_addresses set is_default = true
       where address_id = (select min(address_id) from online_customer_addresses where customer_fk = ${customerId})`);
}
