import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { call } from "./api";
import { stateFile } from "./env";

/**
 * The one-time sign-in code the product queued for a mobile number (its outbox, which an SMS
 * gateway would read): read from the database of the product this run started, the embedded
 * PostgreSQL of its data directory or the database it made on DATABASE_URL's server.
 */
export async function shopCode(mobile: string, within = 10_000): Promise<string> {
  const url = databaseUrl();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const until = Date.now() + within;
    for (;;) {
      const r = await client.query<{ message: string }>(
        "select message from online_code_outbox where mobile = $1 order by id desc limit 1",
        [mobile],
      );
      const code = /(\d{4,8})/.exec(r.rows[0]?.message ?? "")?.[1];
      if (code) return code;
      if (Date.now() > until) throw new Error(`no sign-in code was queued for ${mobile}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.end();
  }
}

function databaseUrl(): string {
  if (!existsSync(stateFile())) throw new Error("The product was not started by this run: its database is unknown");
  const state = JSON.parse(readFileSync(stateFile(), "utf8")) as { dataDir: string; database: string | null };
  if (state.database && process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${state.database}`;
    return url.toString();
  }
  // postmaster.pid: pid, data directory, start time, port, socket directory, listen address.
  const cluster = path.join(state.dataDir, "pg");
  const lines = readFileSync(path.join(cluster, "postmaster.pid"), "utf8").split("\n");
  const port = Number(lines[3]);
  const socketDir = lines[4]?.trim();
  if (socketDir) return `postgresql://postgres@localhost:${port}/souq?host=${encodeURIComponent(socketDir)}`;
  const password = readFileSync(path.join(cluster, "souq-password"), "utf8").trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/souq`;
}

/** A customer of the shop app signed in through the customer API (the code read from the outbox), with a delivery address. */
export interface ShopCustomer {
  mobile: string;
  token: string;
  address_id: number;
}

export async function shopCustomer(mobile: string): Promise<ShopCustomer> {
  await call("shop/v1/auth/code", { method: "POST", body: { mobile } });
  const stored = `+964${mobile.replace(/^\+?964|^0/, "")}`;
  const code = await shopCode(stored);
  const session = await call<{ data: { access_token: string } }>("shop/v1/auth/verify", { method: "POST", body: { mobile, code } });
  const token = session.data.access_token;
  const city = (await call<{ data: { city_id: number }[] }>("shop/v1/cities")).data[0]!.city_id;
  const address = await call<{ data: { address_id: number } }>("shop/v1/addresses", {
    method: "POST",
    token,
    body: { city_id: city, landmark: "Near the big mosque", is_default: true },
  });
  return { mobile: stored, token, address_id: address.data.address_id };
}

/** An order the customer places through the customer API (pending until the shop confirms it). */
export async function placeShopOrder(
  customer: ShopCustomer,
  lines: { item_id: number; unit_id?: number; quantity: string }[],
  note?: string,
): Promise<{ order_id: number; order_no: string; status: string; total: string }> {
  const placed = await call<{ data: { order_id: number; order_no: string; status: string; total: string } }>("shop/v1/orders", {
    method: "POST",
    token: customer.token,
    body: { lines, address_id: customer.address_id, ...(note ? { note } : {}) },
    headers: { "Idempotency-Key": randomUUID() },
  });
  return placed.data;
}
