/**
 * Stripe Checkout (STRIPE_SECRET_KEY): one Checkout Session per order and attempt, charging
 * exactly the order's total (one line per order line, VAT as its own line), and refunds. No
 * payment method types are named, so the Stripe account's dashboard settings decide what the
 * person may pay with (cards, wallets, Link, crypto where enabled). The signed webhook that marks
 * an order paid is in stripe_webhook.ts. STRIPE_API_URL points the SDK at another API origin.
 */
import type Stripe from "stripe";
import { getListing } from "../../kv/listings.ts";
import type { Order, OrderLine } from "../../kv/types.ts";
import type { Config } from "../platform/config.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError, conflict } from "../platform/errors.ts";
import { stripeSdk } from "../platform/lazy.ts";
import { sha256Hex } from "../platform/secrets.ts";
import { changeOrder } from "./order_changes.ts";
import type { PaymentProvider } from "./payments.ts";

/** Stripe's window for a Checkout Session's expiry: 30 minutes to 24 hours after its creation. */
const MIN_SESSION_S = 30 * 60;
const MAX_SESSION_S = 24 * 3600;
/** Room for the time a request takes to reach Stripe, kept on both ends of the window. */
const MARGIN_S = 60;
/** How long one call to Stripe may take before it is retried (twice) or fails. */
const TIMEOUT_MS = 20_000;

const clients = new WeakMap<Config, Stripe>();

/** The Stripe SDK client of a configuration (one per configuration; the SDK loads on first use). */
export async function stripeClient(config: Config): Promise<Stripe> {
  if (!config.stripe.secretKey) throw new Error("Stripe is not configured: no STRIPE_SECRET_KEY");
  const Stripe = await stripeSdk();
  let client = clients.get(config);
  if (client) return client;
  const api = config.stripe.apiUrl ? new URL(config.stripe.apiUrl) : null;
  const https = api?.protocol !== "http:";
  client = new Stripe(config.stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: TIMEOUT_MS,
    httpClient: Stripe.createFetchHttpClient(),
    ...(api
      ? {
        host: api.hostname,
        port: Number(api.port || (https ? 443 : 80)),
        protocol: https ? "https" as const : "http" as const,
      }
      : {}),
  });
  clients.set(config, client);
  return client;
}

/** A failure talking to Stripe, as the 500 the person sees (details go to the log). */
function stripeFailed(what: string, err: unknown): ApiError {
  console.error(`Stripe: ${what} failed:`, err);
  const reason = err instanceof Error ? `: ${err.message}` : "";
  return new ApiError(500, "internal", `Stripe could not ${what}${reason}; try again shortly`);
}

/**
 * The session's expiry, in Unix seconds: the order's own expiry, at most 24 hours away. 409 when
 * under 30 minutes remain: Stripe cannot hold a session open that briefly.
 */
export function sessionExpiry(order: Order, now: Date): number {
  const nowS = Math.floor(now.getTime() / 1000);
  const orderS = Math.floor(Date.parse(order.expires_at) / 1000);
  if (orderS - nowS < MIN_SESSION_S + MARGIN_S) {
    throw conflict(
      `Order ${order.number} expires at ${order.expires_at}, in under 30 minutes: too soon to ` +
        "pay by Stripe. Create a new order and pay it right away",
    );
  }
  return Math.min(orderS, nowS + MAX_SESSION_S - MARGIN_S);
}

/** The name a line shows on Stripe's page and receipt: the product, its listing and week. */
async function lineName(deps: Deps, line: OrderLine): Promise<string> {
  const listing = line.listing_id ? await getListing(deps.kv, line.listing_id) : null;
  const parts = [line.name, listing?.name, line.week ? `week of ${line.week}` : undefined];
  return parts.filter(Boolean).join(" · ");
}

/** The session's line items: one per order line, then VAT; they add up to the order's total. */
export async function sessionLineItems(
  deps: Deps,
  order: Order,
): Promise<Stripe.Checkout.SessionCreateParams.LineItem[]> {
  const item = (name: string, cents: number) => ({
    quantity: 1,
    price_data: { currency: order.currency, unit_amount: cents, product_data: { name } },
  });
  const items = await Promise.all(
    order.lines.map(async (l) => item(await lineName(deps, l), l.total_cents)),
  );
  if (order.vat_cents > 0) {
    const where = order.vat.country ? ` (${order.vat.country})` : "";
    items.push(item(`VAT ${order.vat.rate_percent}%${where}`, order.vat_cents));
  }
  const sum = items.reduce((s, i) => s + i.price_data.unit_amount, 0);
  if (sum !== order.total_cents) {
    throw new Error(`Order ${order.number}: lines and VAT make ${sum}, not ${order.total_cents}`);
  }
  return items;
}

/** The payment intent of a paid order: from the webhook, else from its Checkout Session. */
async function paymentIntentOf(stripe: Stripe, order: Order): Promise<string> {
  if (order.payment.payment_intent) return order.payment.payment_intent;
  if (order.payment.session_id) {
    const session = await stripe.checkout.sessions.retrieve(order.payment.session_id);
    const pi = session.payment_intent;
    if (pi) return typeof pi === "string" ? pi : pi.id;
  }
  throw conflict(`Order ${order.number} has no Stripe payment to refund`);
}

/** Ends an earlier session of the order (its amount may be outdated); an ended one is left. */
async function expireEarlierSession(stripe: Stripe, sessionId: string) {
  try {
    const old = await stripe.checkout.sessions.retrieve(sessionId);
    if (old.status === "open") await stripe.checkout.sessions.expire(sessionId);
  } catch (err) {
    console.error(`Stripe: could not expire the earlier session ${sessionId}:`, err);
  }
}

/**
 * Keeps the session's id on the pending order (the webhook checks it) and ends the order's
 * earlier session if this one replaces it (its amount may be outdated).
 */
async function storeSession(deps: Deps, order: Order, sessionId: string, stripe: Stripe) {
  const stored = await changeOrder(deps, order.number, (current) => {
    if (current.status !== "pending") {
      throw conflict(`Order ${order.number} is ${current.status}: it can no longer be paid`);
    }
    if (current.payment.session_id === sessionId) return null;
    return {
      ...current,
      payment: { ...current.payment, provider: "stripe", session_id: sessionId },
    };
  });
  if (!stored) throw conflict(`Order ${order.number} no longer exists`);
  const earlier = order.payment.session_id;
  if (earlier && earlier !== sessionId) await expireEarlierSession(stripe, earlier);
}

/** The Stripe payment provider of a configuration with STRIPE_SECRET_KEY. */
export function createStripeProvider(config: Config): PaymentProvider {
  return {
    name: "stripe",
    async begin(order, urls, deps) {
      if (order.status !== "pending") {
        throw conflict(`Order ${order.number} is ${order.status}: it can no longer be paid`);
      }
      const expiresAt = sessionExpiry(order, deps.now());
      const stripe = await stripeClient(config);
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: "payment",
        line_items: await sessionLineItems(deps, order),
        client_reference_id: order.number,
        metadata: { order_number: order.number },
        payment_intent_data: { metadata: { order_number: order.number } },
        success_url: urls.success,
        cancel_url: urls.cancel,
        expires_at: expiresAt,
      };
      // One session per order and attempt: a double click sends the same parameters and gets the
      // same session back; changed totals or expiry are a new attempt (Stripe refuses a key
      // reused with other parameters).
      const attempt = (await sha256Hex(JSON.stringify(params))).slice(0, 16);
      const idempotencyKey = `checkout-${order.number}-${attempt}`;
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(params, { idempotencyKey });
      } catch (err) {
        throw stripeFailed("start the payment", err);
      }
      if (!session.url) throw stripeFailed("start the payment", new Error("no session URL"));
      await storeSession(deps, order, session.id, stripe);
      return { url: session.url, session_id: session.id };
    },
    async refund(order) {
      const stripe = await stripeClient(config);
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: await paymentIntentOf(stripe, order),
            metadata: { order_number: order.number },
          },
          { idempotencyKey: `refund-${order.number}` },
        );
        return refund.id;
      } catch (err) {
        if (err instanceof ApiError) throw err;
        throw stripeFailed(`refund order ${order.number}`, err);
      }
    },
  };
}
