/**
 * Webhooks from outside services: `POST /webhooks/stripe`, Stripe's signed events. The body is
 * read once, raw, for the signature; no session, CSRF check or rate limit applies (the signature
 * is the access check), and the body limit is this route's own.
 */
import { Hono } from "hono";
import type { Deps } from "../services/platform/mod.ts";
import { handleStripeWebhook } from "../services/commerce/mod.ts";
import { limitBody } from "./middleware.ts";

/** The largest webhook body accepted (Stripe's events are far smaller). */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** The Stripe webhook route; the app mounts it with `app.route("/", stripeWebhookRoutes(deps))`. */
export function stripeWebhookRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.post("/webhooks/stripe", limitBody({ maxSize: WEBHOOK_BODY_LIMIT }), async (c) => {
    const outcome = await handleStripeWebhook(
      deps,
      await c.req.text(),
      c.req.header("stripe-signature"),
    );
    return c.json(outcome, 200);
  });
  return app;
}
