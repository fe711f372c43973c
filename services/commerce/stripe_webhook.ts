/**
 * Stripe's signed webhook (STRIPE_WEBHOOK_SECRET): a paid Checkout Session marks its order paid,
 * once. The signature is checked over the exact raw body; a missing, forged or stale signature is
 * a 400 and changes nothing. Every verified event is answered 200, also when it changes nothing
 * (a replay, an unknown order, an amount that does not match): retrying would not change the
 * outcome, and the reason is logged and said in the answer.
 */
import type Stripe from "stripe";
import { getOrder } from "../../kv/orders.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError, badRequest } from "../platform/errors.ts";
import { loadOnce, stripeSdk } from "../platform/lazy.ts";
import { markOrderPaid } from "./order_changes.ts";
import { stripeClient } from "./stripe.ts";

/** The answer to a verified event: what was done with it. */
export interface WebhookOutcome {
  received: true;
  event_id: string;
  type: string;
  /** `paid`, `already_paid`, `ignored` or `not_paid`. */
  outcome: "paid" | "already_paid" | "ignored" | "not_paid";
  note: string;
}

const cryptoProvider = loadOnce(async () => (await stripeSdk()).createSubtleCryptoProvider());

/** Verifies the event's signature over the raw body; 400 naming what is wrong otherwise. */
async function verifiedEvent(deps: Deps, rawBody: string, signature: string | undefined) {
  const { secretKey, webhookSecret } = deps.config.stripe;
  if (!secretKey || !webhookSecret) {
    throw new ApiError(
      404,
      "not_found",
      "Stripe webhooks are off: this service needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    );
  }
  if (!signature) {
    throw badRequest("Missing Stripe-Signature header: the event cannot be verified", [
      { path: "Stripe-Signature", message: "Required" },
    ]);
  }
  const stripe = await stripeClient(deps.config);
  const subtleCrypto = await cryptoProvider();
  try {
    return await stripe.webhooks.constructEventAsync(
      rawBody,
      signature,
      webhookSecret,
      undefined,
      subtleCrypto,
    );
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw badRequest(`Stripe-Signature does not verify: ${reason}`, [
      { path: "Stripe-Signature", message: "Signature does not match the body and secret" },
    ]);
  }
}

/** Marks a session's order paid when the session is the order's and charged its total. */
async function payFromSession(deps: Deps, session: Stripe.Checkout.Session) {
  const number = session.metadata?.order_number ?? session.client_reference_id;
  if (!number) return { outcome: "ignored" as const, note: "The session names no order" };
  const order = await getOrder(deps.kv, number);
  if (!order) return { outcome: "ignored" as const, note: `No order "${number}"` };
  if (order.payment.session_id && order.payment.session_id !== session.id) {
    return {
      outcome: "not_paid" as const,
      note: `Session ${session.id} is not order ${number}'s current session ` +
        `(${order.payment.session_id}); the site team should refund it`,
    };
  }
  if (session.amount_total !== order.total_cents || session.currency !== order.currency) {
    return {
      outcome: "not_paid" as const,
      note: `Session ${session.id} charged ${session.amount_total} ${session.currency}, but ` +
        `order ${number} totals ${order.total_cents} ${order.currency}; the site team should refund it`,
    };
  }
  const pi = session.payment_intent;
  const result = await markOrderPaid(deps, number, {
    provider: "stripe",
    session_id: session.id,
    payment_intent: typeof pi === "string" ? pi : pi?.id ?? null,
  });
  return result?.changed ? { outcome: "paid" as const, note: `Order ${number} is paid` } : {
    outcome: "already_paid" as const,
    note: `Order ${number} was already ${result?.order.status}`,
  };
}

/** What an event does; events not listed here are ignored. */
async function decide(deps: Deps, event: Stripe.Event) {
  switch (event.type) {
    case "checkout.session.completed":
      if (event.data.object.payment_status !== "paid") {
        return {
          outcome: "ignored" as const,
          note: "Payment still processing: awaiting its result",
        };
      }
      return await payFromSession(deps, event.data.object);
    case "checkout.session.async_payment_succeeded":
      return await payFromSession(deps, event.data.object);
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed":
      return {
        outcome: "ignored" as const,
        note: "The order stays pending until it is paid or expires",
      };
    default:
      return { outcome: "ignored" as const, note: `Event type ${event.type} is not used` };
  }
}

/** Handles one webhook delivery: verify, act at most once, answer what happened. */
export async function handleStripeWebhook(
  deps: Deps,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const event = await verifiedEvent(deps, rawBody, signature);
  const { outcome, note } = await decide(deps, event);
  const line = `Stripe webhook ${event.id} (${event.type}): ${outcome}: ${note}`;
  if (outcome === "not_paid") console.error(line);
  else console.info(line);
  return { received: true, event_id: event.id, type: event.type, outcome, note };
}
