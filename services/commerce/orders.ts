/**
 * Orders: create_checkout (a pending order holding its weeks, and the checkout link), get_order,
 * list_my_orders, and the order as the checkout and receipt pages see it. Payment happens on the
 * checkout page (payments.ts); status changes are in order_changes.ts.
 */
import {
  getOrder,
  getOrders,
  listOrderNumbersByUser,
  WeekHoldLedger,
  writeNewOrder,
} from "../../kv/orders.ts";
import { backoff } from "../../kv/retry.ts";
import type { BillingDetails, Order, OrderLine, WeekHold } from "../../kv/types.ts";
import type { Caller } from "../access/access.ts";
import type { IdempotencySeal } from "../access/idempotency.ts";
import type { Deps } from "../platform/deps.ts";
import { conflict, type ErrorDetail, notFound } from "../platform/errors.ts";
import { pageOf } from "../platform/paging.ts";
import { randomSecret, sha256Hex, timingSafeEqual } from "../platform/secrets.ts";
import { getSettings } from "../platform/settings.ts";
import { changeOrder, expireOrderIfDue, ORDER_TTL_MS } from "./order_changes.ts";
import { orderError } from "./order_items.ts";
import { capacityPool, poolCapacity, weekBookings } from "./products.ts";
import { type OrderInput, orderVatOf, priceOrder, totalsOf, vatOf, vatView } from "./quote.ts";

const MAX_ATTEMPTS = 8;
const NUMBER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A new order number: `LD-` + the UTC date + 6 random characters, e.g. `LD-20261124-7K3QXA`. */
export function newOrderNumber(now: Date): string {
  const random = crypto.getRandomValues(new Uint8Array(6));
  const tail = [...random].map((b) => NUMBER_ALPHABET[b % 32]).join("");
  return `LD-${now.toISOString().slice(0, 10).replaceAll("-", "")}-${tail}`;
}

/** The checkout page of an order (signed in as the buyer, or with the link's secret). */
export function checkoutUrl(deps: Deps, number: string, secret?: string): string {
  const base = `${deps.config.publicUrl}/checkout/${number}`;
  return secret ? `${base}?key=${secret}` : base;
}

/** The printable receipt of a paid order. */
export function receiptUrl(deps: Deps, number: string): string {
  return `${deps.config.publicUrl}/checkout/${number}/receipt`;
}

/** An order as the API shows it (get_order, list_my_orders, create_checkout). */
export function orderView(deps: Deps, order: Order) {
  return {
    number: order.number,
    status: order.status,
    currency: order.currency,
    lines: order.lines.map(lineView),
    subtotal_cents: order.subtotal_cents,
    vat: vatView(order.vat),
    vat_cents: order.vat_cents,
    total_cents: order.total_cents,
    billing: order.billing,
    fulfilled: order.lines.every((l) => l.fulfilled),
    created_at: order.created_at,
    expires_at: order.expires_at,
    paid_at: order.paid_at,
    fulfilled_at: order.fulfilled_at,
    canceled_at: order.canceled_at,
    refunded_at: order.refunded_at,
    ...(order.status === "pending" ? { checkout_url: checkoutUrl(deps, order.number) } : {}),
    ...(order.paid_at ? { receipt_url: receiptUrl(deps, order.number) } : {}),
  };
}

function lineView(line: OrderLine) {
  const { applied_at: _applied, ...shown } = line;
  return shown;
}

/** The weeks an order's lines book, each in its product's capacity pool. */
function holdsOf(lines: { product: string; week?: string }[]): WeekHold[] {
  return lines.flatMap((l, line) =>
    l.week ? [{ pool: capacityPool({ code: l.product }), week: l.week, line }] : []
  );
}

/**
 * Takes the holds in the ledger when every week still has a slot; else the 400 naming each full
 * week (a week can fill between the quote and the checkout).
 */
async function takeHolds(deps: Deps, holds: WeekHold[], ledger: WeekHoldLedger) {
  const settings = await getSettings(deps.kv);
  await ledger.load(holds);
  const problems: ErrorDetail[] = [];
  for (const pool of ["free", "paid"] as const) {
    const mine = holds.filter((h) => h.pool === pool);
    const weeks = [...new Set(mine.map((h) => h.week))];
    const booked = await weekBookings(deps.kv, pool, weeks);
    for (const h of mine) {
      const left = poolCapacity(pool, settings) - booked[weeks.indexOf(h.week)] -
        ledger.held(pool, h.week);
      if (left < 1) {
        problems.push({ path: `items.${h.line}.week`, message: `Week "${h.week}" is full` });
      } else ledger.add(pool, h.week, 1);
    }
  }
  if (problems.length) throw orderError(problems);
}

/**
 * create_checkout: validates and prices the order as quote_order does, then creates it `pending`
 * in one atomic write with the holds of its weeks (released if unpaid after 24 hours) and the
 * expiry job. Answers the order with `checkout_url`, the page where the person pays.
 */
export async function createCheckout(
  deps: Deps,
  caller: Caller,
  body: OrderInput,
  seal?: IdempotencySeal,
) {
  const priced = await priceOrder(deps, caller, body);
  const secret = randomSecret(24);
  const tokenHash = await sha256Hex(secret);
  const holds = holdsOf(priced.lines);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const now = deps.now();
    const ledger = new WeekHoldLedger(deps.kv);
    await takeHolds(deps, holds, ledger);
    const order = newOrder(caller, priced, holds, tokenHash, now);
    const answer = {
      ...orderView(deps, order),
      checkout_url: checkoutUrl(deps, order.number, secret),
    };
    const op = deps.kv.atomic();
    writeNewOrder(op, order);
    ledger.apply(op);
    op.enqueue({ type: "order_expiry", number: order.number }, { delay: ORDER_TTL_MS + 1_000 });
    await seal?.(op, answer);
    if ((await op.commit()).ok) return answer;
    await backoff(attempt);
  }
  throw conflict("Could not create the order: too many concurrent orders, retry");
}

function newOrder(
  caller: Caller,
  priced: Awaited<ReturnType<typeof priceOrder>>,
  holds: WeekHold[],
  tokenHash: string,
  now: Date,
): Order {
  const at = now.toISOString();
  return {
    number: newOrderNumber(now),
    user_id: caller.userId,
    status: "pending",
    lines: priced.lines.map((l) => ({
      ...l,
      fulfilled: false,
      fulfilled_at: null,
      applied_at: null,
      result: null,
      tasks: [],
    })),
    currency: "usd",
    subtotal_cents: priced.subtotal_cents,
    vat: priced.vat,
    vat_cents: priced.vat_cents,
    total_cents: priced.total_cents,
    billing: null,
    holds,
    checkout_token_hash: tokenHash,
    payment: { provider: "test", session_id: null, payment_intent: null, refund_id: null },
    created_at: at,
    expires_at: new Date(now.getTime() + ORDER_TTL_MS).toISOString(),
    paid_at: null,
    fulfilled_at: null,
    canceled_at: null,
    refunded_at: null,
    updated_at: at,
  };
}

/** An order read now: a pending order past its 24 hours is expired first. */
export async function currentOrder(deps: Deps, number: string): Promise<Order | null> {
  const order = await getOrder(deps.kv, number);
  if (order?.status !== "pending" || deps.now() < new Date(order.expires_at)) return order;
  return (await expireOrderIfDue(deps, number))?.order ?? null;
}

/** get_order: the caller's order (another account's is a 404, like a missing one). */
export async function getMyOrder(deps: Deps, caller: Caller, number: string) {
  const order = await currentOrder(deps, number);
  if (!order || order.user_id !== caller.userId) throw notFound("order", number);
  return orderView(deps, order);
}

/** list_my_orders: newest first, with status and totals. */
export async function listMyOrders(
  deps: Deps,
  caller: Caller,
  query: { page: number; per_page: number },
) {
  const page = pageOf(await listOrderNumbersByUser(deps.kv, caller.userId), query);
  const orders = await Promise.all(
    (await getOrders(deps.kv, page.items)).map((o) => currentOrder(deps, o.number)),
  );
  return {
    ...page,
    items: orders.flatMap((o) => o ? [orderView(deps, o)] : []),
  };
}

/**
 * The order a checkout page may show: to its buyer signed in (`userId`), or to anyone holding the
 * link's secret (`key`). Null otherwise, as for a missing order.
 */
export async function openCheckout(
  deps: Deps,
  number: string,
  access: { userId?: string | null; key?: string | null },
): Promise<Order | null> {
  if (!/^[A-Za-z0-9-]{1,32}$/.test(number)) return null;
  const order = await currentOrder(deps, number);
  if (!order) return null;
  if (access.userId && access.userId === order.user_id) return order;
  if (access.key && timingSafeEqual(await sha256Hex(access.key), order.checkout_token_hash)) {
    return order;
  }
  return null;
}

/**
 * Billing details given on the checkout page: VAT is decided again for the country and VAT number
 * (a 400 naming `billing_country` or `vat_number` when refused) and the totals follow. Only while
 * the order is pending.
 */
export async function setBillingDetails(deps: Deps, number: string, billing: BillingDetails) {
  const { vat, problems } = await vatOf(deps, {
    billing_country: billing.country,
    vat_number: billing.vat_number ?? undefined,
  });
  if (!vat) throw orderError(problems);
  const result = await changeOrder(deps, number, (order) => {
    if (order.status !== "pending") {
      throw conflict(`Order ${number} is ${order.status}: billing details can no longer change`);
    }
    return {
      ...order,
      billing: { ...billing, country: vat.country ?? billing.country, vat_number: vat.vat_number },
      vat: orderVatOf(vat),
      ...totalsOf(order.subtotal_cents, vat),
    };
  });
  if (!result) throw notFound("order", number);
  return result.order;
}
