import { DOC_PAYMENT_MSG, type DocPaymentInput, type DocPayments, type PayableEndpoint } from "@app/contracts";
import type Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { sqlBusinessDateTime } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { cashAccount } from "../cash/cashes.js";
import { assertInventoryAccess } from "../catalogue/inventories.js";
import { docDate } from "../ledger/dates.js";
import { documentRate } from "../ledger/document-rate.js";
import { lockForPosting, post, reverse, systemCurrency } from "../ledger/ledger.js";
import { convert, D, round3, ZERO } from "../ledger/money.js";
import { consumerAccounts, type PartyKind } from "../parties/consumers.js";
import { docPaymentLines } from "./doc-payment.ledger.js";
import { documentPayments } from "./doc-payments.tables.js";

/**
 * Payments after the document (docs/architecture/sales.md, "Payments after the document"): a
 * complete sale or purchase that left something owed is paid later, in part or whole, in either
 * currency at the day's rate. Each payment posts its own entry and sets the document's payment
 * status; deleting one reverses its entry. Locks: the entry's accounts, then the document's row,
 * under which what is owed is read, so payments at once never pay a document more than it owes.
 */

type DocType = "sale" | "purchase";
interface PayableDoc {
  type: DocType;
  table: "sales" | "purchases";
  /** The kind of sale the endpoint holds. */
  kind?: "sale" | "salesman";
  party: PartyKind;
  rateKind: "in" | "out";
}

export const PAYABLE: Record<PayableEndpoint, PayableDoc> = {
  sales: { type: "sale", table: "sales", kind: "sale", party: "customer", rateKind: "in" },
  salesman_sales: { type: "sale", table: "sales", kind: "salesman", party: "customer", rateKind: "in" },
  purchases: { type: "purchase", table: "purchases", party: "supplier", rateKind: "out" },
};

export const paymentSource = (type: DocType, paymentId: number) => ({ type: `${type}_payment`, id: paymentId });

type DocRow = {
  id: number;
  number: string | null;
  status: string;
  consumer_fk: number;
  consumer_name: string;
  inventory_fk: number;
  currency_id: number;
  total: string;
  paid_amount: string;
};

async function readDoc(ctx: Ctx, d: PayableDoc, id: number, lock = false): Promise<DocRow> {
  const kind = d.kind ? sql`and x.kind = ${d.kind}` : sql``;
  if (lock) await ctx.tx.execute(sql`select 1 from ${sql.identifier(d.table)} where id = ${id} for no key update`);
  const res = await ctx.tx.execute<DocRow>(sql`
    select x.id, x.number, x.status, x.consumer_fk, c.consumer_name, x.inventory_fk, x.currency_id, x.total::text, x.paid_amount::text
      from ${sql.identifier(d.table)} x join consumers c on c.consumer_id = x.consumer_fk
     where x.id = ${id} ${kind}`);
  const row = res.rows[0];
  if (!row) throw notFound();
  await assertInventoryAccess(ctx, Number(row.inventory_fk));
  return { ...row, id: Number(row.id), consumer_fk: Number(row.consumer_fk), currency_id: Number(row.currency_id) };
}

const fkOf = (type: DocType) => (type === "sale" ? sql`sale_fk` : sql`purchase_fk`);

/** What the document owes as it stands: its total less its cash part, its complete returns on account and its later payments. */
async function owedOn(ctx: Ctx, d: PayableDoc, doc: DocRow) {
  const cur = doc.currency_id;
  // A return in another currency counts at its own rate.
  const inDocCurrency = sql`case when r.currency_id = ${cur} then r.total when r.currency_id = 1 then r.total / r.rate else r.total * r.rate end`;
  const returns =
    d.type === "sale"
      ? sql`select coalesce(sum(${inDocCurrency}), 0)::text as v from sale_returns r
             where r.sale_fk = ${doc.id} and r.status = 'complete' and r.received_type = 'On Account'`
      : sql`select coalesce(sum(${inDocCurrency}), 0)::text as v from purchase_returns r
             where r.purchase_fk = ${doc.id} and r.status = 'complete' and r.payment_type = 'On Account'`;
  const returned = round3((await ctx.tx.execute<{ v: string }>(returns)).rows[0]!.v);
  const later = D(
    (
      await ctx.tx.execute<{ v: string }>(
        sql`select coalesce(sum(doc_amount), 0)::text as v from document_payments where ${fkOf(d.type)} = ${doc.id}`,
      )
    ).rows[0]!.v,
  );
  const left = D(doc.total).minus(doc.paid_amount).minus(returned).minus(later);
  return {
    total: D(doc.total),
    paid_on_document: D(doc.paid_amount),
    returned_on_account: returned,
    paid_later: later,
    left: left.isNeg() ? ZERO : left,
  };
}

type Owed = Awaited<ReturnType<typeof owedOn>>;

/** Paid once nothing is left owed; unpaid while nothing was paid; partially paid between. */
export const statusOf = (o: Owed) =>
  o.left.lte(0) ? "paid" : o.paid_on_document.plus(o.paid_later).isZero() ? "unpaid" : "partially_paid";

/** The document's payment status (and a sale's remaining) after its payments changed. */
async function restate(ctx: Ctx, d: PayableDoc, doc: DocRow) {
  const o = await owedOn(ctx, d, doc);
  const remaining = d.type === "sale" ? sql`, remaining = ${D(doc.total).minus(doc.paid_amount).minus(o.paid_later).toFixed()}` : sql``;
  await ctx.tx.execute(sql`
    update ${sql.identifier(d.table)} set payment_status = ${statusOf(o)}, updated_by = ${ctx.user?.user_id ?? null}, updated_at = ${ctx.now} ${remaining}
     where id = ${doc.id}`);
}

const description = (d: PayableDoc, doc: DocRow) =>
  (d.type === "sale"
    ? `Sale payment ${doc.number ?? ""} from ${doc.consumer_name}`
    : `Purchase payment ${doc.number ?? ""} to ${doc.consumer_name}`
  )
    .replace(/\s+/g, " ")
    .trim();

/** A payment on a complete document: its entry posted, its status set; never more than is owed. */
export async function addDocPayment(ctx: Ctx, endpoint: PayableEndpoint, id: number, input: DocPaymentInput) {
  const d = PAYABLE[endpoint];
  const doc = await readDoc(ctx, d, id);
  if (doc.status !== "complete") throw new HttpError(422, DOC_PAYMENT_MSG.notComplete, { status: [DOC_PAYMENT_MSG.notComplete] });
  const cash = await cashAccount(ctx.tx, input.account_id);
  const date = docDate(input.date, ctx.now);
  const sys = await systemCurrency(ctx.tx);
  // The rate turns the payment into the document's and the cash account's currencies: it is asked
  // for (and checked) whenever any of the three is not the system currency.
  const foreign = [input.currency_id, doc.currency_id, cash.currency_id].find((c) => c !== sys);
  const rate = await documentRate(ctx.tx, {
    currency_id: foreign ?? sys,
    rate: input.rate,
    date,
    kind: d.rateKind,
    confirmed: input.confirmed,
  });
  const amount = round3(input.amount);
  const docAmount = convert(amount, input.currency_id, doc.currency_id, rate);
  const cashAmount = convert(amount, input.currency_id, cash.currency_id, rate);
  if (!docAmount.gt(0) || !cashAmount.gt(0)) throw new HttpError(422, "must be greater than 0", { amount: ["must be greater than 0"] });
  const party = (await consumerAccounts(ctx.tx, d.party, doc.consumer_fk))[doc.currency_id]!;
  const lines = docPaymentLines(d.type, {
    party: { account_id: party, currency_id: doc.currency_id },
    cash,
    doc_amount: docAmount,
    cash_amount: cashAmount,
    rate,
  });
  await lockForPosting(ctx, { lines });
  // Under the document's lock: what is owed cannot move until this commits.
  const locked = await readDoc(ctx, d, id, true);
  if (locked.status !== "complete") throw new HttpError(422, DOC_PAYMENT_MSG.notComplete, { status: [DOC_PAYMENT_MSG.notComplete] });
  const owed = await owedOn(ctx, d, locked);
  if (owed.left.lte(0)) throw new HttpError(422, DOC_PAYMENT_MSG.nothingOwed, { amount: [DOC_PAYMENT_MSG.nothingOwed] });
  if (docAmount.gt(owed.left)) throw new HttpError(422, DOC_PAYMENT_MSG.overpaid, { amount: [DOC_PAYMENT_MSG.overpaid] });
  const [row] = await ctx.tx
    .insert(documentPayments)
    .values({
      doc_type: d.type,
      sale_fk: d.type === "sale" ? id : null,
      purchase_fk: d.type === "purchase" ? id : null,
      consumer_fk: locked.consumer_fk,
      account_fk: cash.account_id,
      currency_id: input.currency_id,
      rate,
      amount: amount.toFixed(),
      cash_amount: cashAmount.toFixed(),
      doc_amount: docAmount.toFixed(),
      date,
      note: input.note ?? null,
      created_by: ctx.user?.user_id ?? null,
    })
    .returning({ id: documentPayments.payment_id });
  const paymentId = row!.id;
  await post(ctx, { date, source: paymentSource(d.type, paymentId), description: description(d, locked), lines });
  await restate(ctx, d, locked);
  return { id: paymentId };
}

/** Deletes a payment: its entry reversed, the document's status set again. */
export async function deleteDocPayment(ctx: Ctx, endpoint: PayableEndpoint, id: number, paymentId: number) {
  const d = PAYABLE[endpoint];
  await readDoc(ctx, d, id);
  const found = await ctx.tx.execute(
    sql`select 1 from document_payments where payment_id = ${paymentId} and ${fkOf(d.type)} = ${id} and doc_type = ${d.type}`,
  );
  if (!found.rows.length) throw notFound();
  const source = paymentSource(d.type, paymentId);
  await lockForPosting(ctx, { reversing: source });
  const locked = await readDoc(ctx, d, id, true);
  const again = await ctx.tx.execute(sql`delete from document_payments where payment_id = ${paymentId} returning payment_id`);
  // A second delete of the same payment at once: the first took it.
  if (!again.rows.length) throw notFound();
  await reverse(ctx, source);
  await restate(ctx, d, locked);
}

/** A document's payments and what is left owed, in the document's currency. */
export async function docPayments(ctx: Ctx, endpoint: PayableEndpoint, id: number): Promise<DocPayments> {
  const d = PAYABLE[endpoint];
  const doc = await readDoc(ctx, d, id);
  const o = await owedOn(ctx, d, doc);
  const rows = await ctx.tx.execute<DocPayments["payments"][number]>(sql`
    select p.payment_id, ${sqlBusinessDateTime(sql`p.date`)} as date, p.currency_id, cu.currency_name, p.rate::text, p.amount::text,
           p.doc_amount::text, p.account_fk as account_id, a.account_name, a.system_key as account_system_key, p.note, u.user_name as created_by_name
      from document_payments p join accounts a on a.account_id = p.account_fk join currencies cu on cu.currency_id = p.currency_id
      left join users u on u.user_id = p.created_by
     where ${sql`p.${fkOf(d.type)}`} = ${id} order by p.date, p.payment_id`);
  const s = (v: Decimal) => v.toFixed();
  return {
    currency_id: doc.currency_id,
    total: s(o.total),
    paid_on_document: s(o.paid_on_document),
    returned_on_account: s(o.returned_on_account),
    paid_later: s(o.paid_later),
    left: s(o.left),
    payment_status: statusOf(o),
    payments: rows.rows.map((r) => ({
      ...r,
      payment_id: Number(r.payment_id),
      currency_id: Number(r.currency_id),
      account_id: Number(r.account_id),
      rate: s(D(r.rate)),
      amount: s(D(r.amount)),
      doc_amount: s(D(r.doc_amount)),
    })),
  };
}
