/**
 * How a person pays an order on its checkout page. Embedded default (no STRIPE_SECRET_KEY): the
 * page itself takes a test payment ("Pay (test)"), no money moves. With STRIPE_SECRET_KEY: a
 * Stripe Checkout Session, paid on Stripe's page; its signed webhook marks the order paid
 * (stripe.ts). Either way the API never sees payment details.
 */
import { formatMoney } from "../../components/format.ts";
import type { Order } from "../../kv/types.ts";
import type { Config } from "../platform/config.ts";
import type { Deps } from "../platform/deps.ts";
import { conflict, notFound } from "../platform/errors.ts";
import { markOrderPaid, recordRefund, type TeamActor } from "./order_changes.ts";
import { currentOrder } from "./orders.ts";
import { createStripeProvider } from "./stripe.ts";

/** A payment provider: where the person pays, and refunds. */
export interface PaymentProvider {
  readonly name: Order["payment"]["provider"];
  /**
   * Starts paying a pending order: the page to send the person to (Stripe Checkout) and the
   * session's id, or null when the checkout page takes the payment itself (test mode). 409 when
   * the order is not pending or expires too soon to pay. The session is stored on the order.
   */
  begin(
    order: Order,
    urls: { success: string; cancel: string },
    deps: Deps,
  ): Promise<{ url: string; session_id: string } | null>;
  /** Refunds a paid order in full; the refund's id (null in test mode, where no money moved). */
  refund(order: Order): Promise<string | null>;
}

/** The embedded default: the checkout page's "Pay (test)" button; refunds move no money. */
export const testPayments: PaymentProvider = {
  name: "test",
  begin: () => Promise.resolve(null),
  refund: () => Promise.resolve(null),
};

const providers = new WeakMap<Config, PaymentProvider>();

/** The provider the configuration selects: Stripe with STRIPE_SECRET_KEY, else test payments. */
export function paymentProvider(config: Config): PaymentProvider {
  if (!config.stripe.secretKey) return testPayments;
  let provider = providers.get(config);
  if (!provider) {
    provider = createStripeProvider(config);
    providers.set(config, provider);
  }
  return provider;
}

/** "Pay (test)" on the checkout page: only in test mode, only for a pending order. */
export async function payTestOrder(deps: Deps, number: string): Promise<Order> {
  if (paymentProvider(deps.config).name !== "test") {
    throw conflict("Test payments are off: this service takes payments through Stripe");
  }
  const order = await currentOrder(deps, number);
  if (!order) throw notFound("order", number);
  if (order.status !== "pending" && order.status !== "paid") {
    throw conflict(`Order ${number} is ${order.status}: it can no longer be paid`);
  }
  const result = await markOrderPaid(deps, number, { provider: "test" });
  return result!.order;
}

/**
 * The site team refunds a paid order in full: the provider's refund first (Stripe's refund with
 * the Idempotency-Key `refund-{number}`, so a retry after a failed write refunds once), then the
 * status with `actor`'s account. Refunding a refunded order changes nothing.
 */
export async function refundOrder(deps: Deps, number: string, actor?: TeamActor): Promise<Order> {
  const order = await currentOrder(deps, number);
  if (!order) throw notFound("order", number);
  if (order.status === "refunded") return order;
  if (order.status !== "paid") {
    throw conflict(`Order ${number} is ${order.status}: only a paid order can be refunded`);
  }
  const stripe = order.payment.provider === "stripe";
  const provider = stripe ? paymentProvider(deps.config) : testPayments;
  const id = await provider.refund(order);
  const amount = formatMoney(order.total_cents);
  const payment = stripe
    ? `Payment of ${amount} refunded through Stripe (refund ${id})`
    : `Payment of ${amount} marked refunded (test payments: no money moved)`;
  return await recordRefund(deps, number, { id, payment }, actor);
}
