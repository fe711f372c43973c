/**
 * Stripe payments against the Stripe-like server of stripe_fake.ts (the `stripe` SDK pointed at
 * it with STRIPE_API_URL): the Checkout Session's amounts, the signed webhook marking the order
 * paid once (replayed, forged, tampered, wrong amount), the refund, and the test checkout when
 * STRIPE_SECRET_KEY is unset.
 */
import assert from "node:assert/strict";
import { buildFixture, type Fixture, NOW } from "./fixtures.ts";
import { type OrderBed, restCheckout, withOrderBed } from "./orders_fixture.ts";
import { formLineItems, signedEvent, startStripeFake, type StripeFake } from "./stripe_fake.ts";
import { getListing } from "../kv/listings.ts";
import { getOrder } from "../kv/orders.ts";
import { fulfilOrder, paymentProvider, refundOrder } from "../services/commerce/mod.ts";
import { refundOrderAsTeam } from "../services/admin/mod.ts";
import { ApiError } from "../services/platform/errors.ts";
import { loadConfig } from "../services/platform/config.ts";
import { WEBHOOK_BODY_LIMIT } from "../routes/webhooks.ts";

const SECRET_KEY = "sk_test_launchdirectory";
const WEBHOOK_SECRET = "whsec_test_launchdirectory";
const URLS = { success: "http://localhost:8000/checkout/ok", cancel: "http://localhost:8000/c" };

interface Ctx extends OrderBed {
  fake: StripeFake;
}

/** Runs `test` with Stripe configured against a new Stripe-like server. */
async function withStripe(test: (ctx: Ctx) => Promise<void>) {
  const fake = startStripeFake(SECRET_KEY);
  try {
    await withOrderBed(
      (bed) => test({ ...bed, fake }),
      { stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url } },
    );
  } finally {
    await fake.close();
  }
}

/** create_checkout through REST (a launch, billed in Germany: 19 % VAT); the order's number. */
async function checkout(ctx: Ctx): Promise<string> {
  const res = await restCheckout(ctx.f, {
    items: [{ product: "launch", listing_id: ctx.fresh.id }],
    billing_country: "DE",
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.number;
}

/** Starts the Stripe payment of an order; the session as the fake holds it. */
async function begin(ctx: Ctx, number: string) {
  const order = (await getOrder(ctx.f.deps.kv, number))!;
  const started = await paymentProvider(ctx.f.deps.config).begin(order, URLS, ctx.f.deps);
  assert.ok(started);
  return ctx.fake.sessions.get(started.session_id)!;
}

function postWebhook(f: Fixture, body: string, signature?: string) {
  return f.app.request("/webhooks/stripe", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(signature ? { "stripe-signature": signature } : {}),
    },
    body,
  });
}

Deno.test("Stripe: begin makes one Checkout Session charging the order's total, VAT on its own line", async () => {
  await withStripe(async (ctx) => {
    const number = await checkout(ctx);
    const order = (await getOrder(ctx.f.deps.kv, number))!;
    assert.ok(order.vat_cents > 0);
    const session = await begin(ctx, number);

    const sent = ctx.fake.requests.find((r) => r.path === "/v1/checkout/sessions")!;
    const items = formLineItems(sent.form);
    assert.deepEqual(items.map((i) => i.unit_amount), [
      order.lines[0].total_cents,
      order.vat_cents,
    ]);
    assert.equal(items[0].name, `${order.lines[0].name} · Freshapp`);
    assert.equal(items[1].name, "VAT 19% (DE)");
    assert.ok(items.every((i) => i.quantity === 1 && i.currency === "usd"));
    assert.equal(session.amount_total, order.total_cents);
    assert.equal(sent.form.get("mode"), "payment");
    assert.equal(sent.form.get("client_reference_id"), number);
    assert.equal(sent.form.get("metadata[order_number]"), number);
    // The order's 24 hours, less a minute's margin: Stripe allows at most 24 hours.
    const orderExpiry = Date.parse(order.expires_at) / 1000;
    assert.equal(sent.form.get("expires_at"), String(orderExpiry - 60));
    assert.ok(![...sent.form.keys()].some((k) => k.startsWith("payment_method_types")));
    assert.match(sent.headers.get("idempotency-key")!, new RegExp(`^checkout-${number}-`));

    const stored = (await getOrder(ctx.f.deps.kv, number))!;
    assert.deepEqual([stored.payment.provider, stored.payment.session_id], ["stripe", session.id]);
    // A double click: the same session, not a second one.
    assert.equal((await begin(ctx, number)).id, session.id);
    assert.equal(ctx.fake.sessions.size, 1);

    // Two hours on, a new attempt: a new session ending with the order, the earlier one ended.
    ctx.f.deps.now = () => new Date(NOW.getTime() + 2 * 3_600_000);
    const later = await begin(ctx, number);
    assert.notEqual(later.id, session.id);
    assert.equal(later.expires_at, orderExpiry);
    assert.equal(session.status, "expired");
    assert.equal((await getOrder(ctx.f.deps.kv, number))!.payment.session_id, later.id);
  });
});

Deno.test("Stripe: under 30 minutes before the order expires, begin is a 409 and no session is made", async () => {
  await withStripe(async (ctx) => {
    const number = await checkout(ctx);
    const order = (await getOrder(ctx.f.deps.kv, number))!;
    ctx.f.deps.now = () => new Date(Date.parse(order.expires_at) - 20 * 60_000);
    await assert.rejects(
      paymentProvider(ctx.f.deps.config).begin(order, URLS, ctx.f.deps),
      (err) =>
        err instanceof ApiError && err.status === 409 && /under 30 minutes/.test(err.message),
    );
    assert.equal(ctx.fake.sessions.size, 0);
  });
});

Deno.test("Stripe: the signed webhook marks the order paid, fulfilment runs once, a replay changes nothing", async () => {
  await withStripe(async (ctx) => {
    const number = await checkout(ctx);
    const session = ctx.fake.pay((await begin(ctx, number)).id);
    const event = await signedEvent(session, WEBHOOK_SECRET);

    const res = await postWebhook(ctx.f, event.body, event.signature);
    assert.equal(res.status, 200);
    assert.equal((await res.json()).outcome, "paid");
    const paid = (await getOrder(ctx.f.deps.kv, number))!;
    assert.equal(paid.status, "paid");
    assert.equal(paid.payment.payment_intent, session.payment_intent);
    await fulfilOrder(ctx.f.deps, number);
    const fulfilled = (await getOrder(ctx.f.deps.kv, number))!;
    assert.equal(fulfilled.lines[0].fulfilled, true);
    assert.equal((await getListing(ctx.f.deps.kv, ctx.fresh.id))!.status, "live");

    ctx.f.deps.now = () => new Date(NOW.getTime() + 3_600_000);
    const replay = await postWebhook(ctx.f, event.body, event.signature);
    assert.equal(replay.status, 200);
    assert.equal((await replay.json()).outcome, "already_paid");
    await fulfilOrder(ctx.f.deps, number);
    const after = (await getOrder(ctx.f.deps.kv, number))!;
    assert.equal(after.lines[0].fulfilled_at, NOW.toISOString());
    assert.equal(after.paid_at, paid.paid_at);
  });
});

Deno.test("Stripe: a delayed payment method marks the order paid when it succeeds, not before", async () => {
  await withStripe(async (ctx) => {
    const number = await checkout(ctx);
    const session = ctx.fake.pay((await begin(ctx, number)).id);
    const completed = await signedEvent({ ...session, payment_status: "unpaid" }, WEBHOOK_SECRET);
    assert.equal((await postWebhook(ctx.f, completed.body, completed.signature)).status, 200);
    assert.equal((await getOrder(ctx.f.deps.kv, number))!.status, "pending");
    const succeeded = await signedEvent(
      session,
      WEBHOOK_SECRET,
      "checkout.session.async_payment_succeeded",
    );
    const res = await postWebhook(ctx.f, succeeded.body, succeeded.signature);
    assert.equal((await res.json()).outcome, "paid");
    assert.equal((await getOrder(ctx.f.deps.kv, number))!.status, "paid");
  });
});

Deno.test("Stripe: a forged, tampered or missing signature is a 400 and the order stays pending", async () => {
  await withStripe(async (ctx) => {
    const number = await checkout(ctx);
    const session = ctx.fake.pay((await begin(ctx, number)).id);
    const forged = await signedEvent(session, "whsec_someone_else");
    const real = await signedEvent(session, WEBHOOK_SECRET);
    const tampered = real.body.replace(
      `"amount_total":${session.amount_total}`,
      `"amount_total":1`,
    );
    assert.notEqual(tampered, real.body);
    for (
      const [body, signature] of [[forged.body, forged.signature], [tampered, real.signature], [
        real.body,
      ]]
    ) {
      const res = await postWebhook(ctx.f, body, signature);
      assert.equal(res.status, 400);
      const error = (await res.json()).error;
      assert.equal(error.code, "invalid_request");
      assert.match(error.message, /Stripe-Signature/);
    }
    const huge = await postWebhook(ctx.f, " ".repeat(WEBHOOK_BODY_LIMIT + 1), real.signature);
    assert.equal(huge.status, 413);
    assert.equal((await getOrder(ctx.f.deps.kv, number))!.status, "pending");
  });
});

Deno.test("Stripe: a session whose amount is not the order's total does not mark it paid", async () => {
  await withStripe(async (ctx) => {
    const number = await checkout(ctx);
    const session = ctx.fake.pay((await begin(ctx, number)).id);
    const event = await signedEvent(
      { ...session, amount_total: session.amount_total - 100 },
      WEBHOOK_SECRET,
    );
    const res = await postWebhook(ctx.f, event.body, event.signature);
    assert.equal(res.status, 200);
    const answer = await res.json();
    assert.equal(answer.outcome, "not_paid");
    assert.match(answer.note, /should refund/);
    // Paid through another session than the order's current one: not marked paid either.
    const stale = await signedEvent({ ...session, id: "cs_test_earlier" }, WEBHOOK_SECRET);
    const staleRes = await postWebhook(ctx.f, stale.body, stale.signature);
    assert.equal((await staleRes.json()).outcome, "not_paid");
    assert.equal((await getOrder(ctx.f.deps.kv, number))!.status, "pending");
  });
});

Deno.test("Stripe: an unknown order or event type is answered 200 and changes nothing", async () => {
  await withStripe(async (ctx) => {
    const session = {
      id: "cs_test_x",
      amount_total: 100,
      currency: "usd",
      payment_status: "paid",
      metadata: { order_number: "LD-20261118-NOSUCH" },
    };
    const unknown = await signedEvent(session, WEBHOOK_SECRET);
    const res = await postWebhook(ctx.f, unknown.body, unknown.signature);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json().then((b) => b.outcome), "ignored");
    const other = await signedEvent(session, WEBHOOK_SECRET, "customer.created");
    const res2 = await postWebhook(ctx.f, other.body, other.signature);
    assert.equal(res2.status, 200);
    assert.equal((await res2.json()).outcome, "ignored");
  });
});

Deno.test("Stripe: refundOrder refunds the payment intent (read from the session when not stored)", async () => {
  await withStripe(async (ctx) => {
    const number = await checkout(ctx);
    const session = ctx.fake.pay((await begin(ctx, number)).id);
    // The event carries no payment intent: the refund reads it from the session.
    const event = await signedEvent({ ...session, payment_intent: null }, WEBHOOK_SECRET);
    assert.equal((await postWebhook(ctx.f, event.body, event.signature)).status, 200);
    assert.equal((await getOrder(ctx.f.deps.kv, number))!.payment.payment_intent, null);

    // The site team's refund, with its reason and account.
    const team = "team@launchdirectory.example";
    const refunded = await refundOrderAsTeam(ctx.f.deps, team, number, "Duplicate payment");
    assert.equal(refunded.status, "refunded");
    const sent = ctx.fake.requests.filter((r) => r.path === "/v1/refunds");
    assert.equal(sent.length, 1);
    assert.equal(sent[0].form.get("payment_intent"), session.payment_intent);
    assert.equal(sent[0].headers.get("idempotency-key"), `refund-${number}`);
    assert.match(refunded.payment.refund_id!, /^re_test_/);
    assert.equal(
      refunded.team_action?.reversed[0],
      `Payment of $58.31 refunded through Stripe (refund ${refunded.payment.refund_id})`,
    );
    await refundOrder(ctx.f.deps, number);
    assert.equal(ctx.fake.requests.filter((r) => r.path === "/v1/refunds").length, 1, "once");
  });
});

Deno.test("without STRIPE_SECRET_KEY: the test checkout takes payments and the webhook route is a 404", async () => {
  const f = await buildFixture();
  try {
    assert.equal(paymentProvider(f.deps.config).name, "test");
    const res = await postWebhook(f, "{}", "t=1,v1=x");
    assert.equal(res.status, 404);
    assert.equal((await res.json()).error.code, "not_found");
  } finally {
    f.deps.kv.close();
  }
});

Deno.test("STRIPE_API_URL: an http(s) origin; a path or another scheme is refused at start", () => {
  const env = (url: string) => (name: string) => name === "STRIPE_API_URL" ? url : undefined;
  assert.equal(loadConfig(env("http://127.0.0.1:12111/")).stripe.apiUrl, "http://127.0.0.1:12111");
  assert.equal(loadConfig(() => undefined).stripe.apiUrl, undefined);
  assert.throws(
    () => loadConfig(env("https://stripe.example/v1")),
    /STRIPE_API_URL.*without a path/,
  );
  assert.throws(() => loadConfig(env("ftp://stripe.example")), /STRIPE_API_URL/);
});
