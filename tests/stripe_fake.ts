/**
 * A small Stripe-like server on 127.0.0.1 for the tests: Checkout Sessions (create, retrieve,
 * expire), refunds, bearer-key checks, form-encoded bodies and Idempotency-Key replays as Stripe
 * answers them. It records every request, "pays" a session on request, and signs webhook events
 * the way Stripe does (with the SDK's test header helper).
 */
import Stripe from "stripe";

/** A request the fake received. */
export interface FakeRequest {
  method: string;
  path: string;
  headers: Headers;
  form: URLSearchParams;
}

type Session = Record<string, unknown> & { id: string; amount_total: number };

export interface StripeFake {
  url: string;
  requests: FakeRequest[];
  sessions: Map<string, Session>;
  /** Marks a session complete and paid, with a payment intent; answers the session. */
  pay(sessionId: string): Session;
  close(): Promise<void>;
}

function stripeError(status: number, type: string, message: string): Response {
  return Response.json({ error: { type, message } }, { status });
}

/** The line items of a form-encoded Checkout Session request, with their amounts. */
export function formLineItems(form: URLSearchParams) {
  const items: { name: string; unit_amount: number; quantity: number; currency: string }[] = [];
  for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
    const at = (field: string) => form.get(`line_items[${i}]${field}`) ?? "";
    items.push({
      name: at("[price_data][product_data][name]"),
      unit_amount: Number(at("[price_data][unit_amount]")),
      quantity: Number(at("[quantity]")),
      currency: at("[price_data][currency]"),
    });
  }
  return items;
}

/** Starts the fake; `secretKey` is the only API key it accepts. */
export function startStripeFake(secretKey: string): StripeFake {
  const requests: FakeRequest[] = [];
  const sessions = new Map<string, Session>();
  const replays = new Map<string, { body: string; answer: unknown; status: number }>();
  let counter = 0;
  let origin = "";

  function createSession(form: URLSearchParams): Session {
    const items = formLineItems(form);
    const metadata: Record<string, string> = {};
    for (const [k, v] of form) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]] = v;
    }
    const id = `cs_test_${++counter}`;
    const session: Session = {
      id,
      object: "checkout.session",
      mode: form.get("mode"),
      url: `${origin}/pay/${id}`,
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      amount_total: items.reduce((s, i) => s + i.unit_amount * i.quantity, 0),
      currency: items[0]?.currency ?? "usd",
      client_reference_id: form.get("client_reference_id"),
      metadata,
      expires_at: Number(form.get("expires_at")),
      success_url: form.get("success_url"),
      cancel_url: form.get("cancel_url"),
    };
    sessions.set(id, session);
    return session;
  }

  function route(req: FakeRequest): [number, unknown] {
    const session = /^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/.exec(req.path);
    if (req.method === "POST" && req.path === "/v1/checkout/sessions") {
      return [200, createSession(req.form)];
    }
    if (session) {
      const found = sessions.get(session[1]);
      if (!found) return [404, null];
      if (req.method === "GET" && !session[2]) return [200, found];
      if (req.method === "POST" && session[2] && found.status === "open") {
        found.status = "expired";
        return [200, found];
      }
    }
    if (req.method === "POST" && req.path === "/v1/refunds") {
      const pi = req.form.get("payment_intent");
      const paid = [...sessions.values()].find((s) => s.payment_intent === pi);
      if (!paid) return [404, null];
      return [200, {
        id: `re_test_${++counter}`,
        object: "refund",
        payment_intent: pi,
        amount: paid.amount_total,
        status: "succeeded",
      }];
    }
    return [404, null];
  }

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (r) => {
    const url = new URL(r.url);
    const text = r.method === "POST" ? await r.text() : url.search.slice(1);
    const req = {
      method: r.method,
      path: url.pathname,
      headers: r.headers,
      form: new URLSearchParams(text),
    };
    requests.push(req);
    if (r.headers.get("authorization") !== `Bearer ${secretKey}`) {
      return stripeError(401, "invalid_request_error", "Invalid API Key provided");
    }
    const key = r.headers.get("idempotency-key");
    const earlier = key ? replays.get(key) : undefined;
    if (earlier) {
      if (earlier.body !== text) {
        return stripeError(
          400,
          "idempotency_error",
          "Keys for idempotent requests can only be used with the same parameters",
        );
      }
      return Response.json(earlier.answer, { status: earlier.status });
    }
    const [status, answer] = route(req);
    if (status === 404) {
      return stripeError(404, "invalid_request_error", `No such resource: ${url.pathname}`);
    }
    if (key) replays.set(key, { body: text, answer, status });
    return Response.json(answer, { status });
  });
  origin = `http://127.0.0.1:${server.addr.port}`;

  return {
    url: origin,
    requests,
    sessions,
    pay(sessionId) {
      const session = sessions.get(sessionId)!;
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        payment_intent: `pi_test_${++counter}`,
      });
      return session;
    },
    close: () => server.shutdown(),
  };
}

/** A webhook event for a session, and its Stripe-Signature header signed with `secret`. */
export async function signedEvent(
  session: Record<string, unknown>,
  secret: string,
  type = "checkout.session.completed",
): Promise<{ body: string; signature: string }> {
  const body = JSON.stringify({
    id: `evt_test_${crypto.randomUUID()}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });
  const signature = await new Stripe("sk_test_signer").webhooks.generateTestHeaderStringAsync({
    payload: body,
    secret,
  });
  return { body, signature };
}
