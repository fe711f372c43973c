/**
 * The checkout page of an order (`/checkout/{number}`: billing details, VAT, Pay) and its printable
 * receipt (`/checkout/{number}/receipt`). Open to the buyer signed in, or to anyone with the link's
 * secret (`?key=`, carried by the forms as a hidden field); anyone else gets the site's plain 404.
 * The key is in the URL, so every answer is `no-store`, `Referrer-Policy: same-origin` (no
 * Referer to any other site; `no-referrer` would make browsers post the page's own forms with
 * `Origin: null`, which the CSRF check refuses) and `noindex`. Form posts need the key or the buyer's session again, and the CSRF token (the
 * session's, or the anonymous cookie's when no one is signed in) with this site's Origin.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { Order } from "../../kv/types.ts";
import {
  checkBillingForm,
  countryOptions,
  listingNamesOf,
  openCheckout,
  paymentProvider,
  setBillingDetails,
  startPayment,
} from "../../services/commerce/mod.ts";
import { ApiError, type Deps, getSettings } from "../../services/platform/mod.ts";
import { noStore } from "../middleware.ts";
import { privatePage, readForm } from "../pages/_forms.ts";
import {
  anonymousCsrfToken,
  CSRF_FIELD,
  currentSession,
  type SessionEnv,
  verifyCsrf,
} from "../session.ts";
import { type BillingState, CheckoutView } from "./_checkout_view.tsx";
import { orderPath } from "./_parts.tsx";
import { ReceiptView } from "./_receipt_view.tsx";

const BILLING_FIELDS = ["billing_name", "billing_address", "billing_country", "vat_number"];

/** The checkout routes; the app mounts them with `app.route("/", checkoutRoutes(deps))`. */
export function checkoutRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.use("/checkout/*", noStore(), secretLinkHeaders());
  app.get("/checkout/:number", async (c) => {
    const key = c.req.query("key") ?? null;
    return await renderCheckout(deps, c, await openOrder(deps, c, key), key, {});
  });
  app.post("/checkout/:number/billing", (c) => postBilling(deps, c));
  app.post("/checkout/:number/pay", (c) => postPay(deps, c));
  app.get("/checkout/:number/receipt", (c) => showReceipt(deps, c));
  return app;
}

/** The link's secret may be in the URL: no Referer to other sites, no indexing. */
function secretLinkHeaders(): MiddlewareHandler {
  return async function secretLinkHeaders(c, next) {
    await next();
    c.header("Referrer-Policy", "same-origin");
    c.header("X-Robots-Tag", "noindex, nofollow");
  };
}

/** The order this request may see, or the same 404 as a page that does not exist. */
async function openOrder(deps: Deps, c: Context, key: string | null): Promise<Order> {
  const who = currentSession(c);
  const order = await openCheckout(deps, c.req.param("number") ?? "", {
    userId: who?.user.id,
    key,
  });
  if (!order) throw pageNotFound(c);
  return order;
}

/** The 404 of a path with no page: says nothing about whether the order exists. */
function pageNotFound(c: Context): ApiError {
  return new ApiError(404, "not_found", `No page at ${c.req.path}`);
}

/** A form post: the order (by key or session, else 404), after the CSRF check. */
async function postedOrder(deps: Deps, c: Context) {
  const form = await readForm(c);
  const key = form.get("key") || null;
  const order = await openOrder(deps, c, key);
  verifyCsrf(deps, c, currentSession(c)?.session ?? null, form.get(CSRF_FIELD));
  return { form, key, order };
}

async function postBilling(deps: Deps, c: Context): Promise<Response> {
  const { form, key, order } = await postedOrder(deps, c);
  const input = Object.fromEntries(BILLING_FIELDS.map((f) => [f, form.get(f) ?? ""]));
  try {
    await setBillingDetails(deps, order.number, checkBillingForm(input));
    return c.redirect(orderPath(order.number, key), 303);
  } catch (err) {
    if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 409)) throw err;
    const atField = err.details.some((d) => BILLING_FIELDS.includes(d.path));
    const state = { input, errors: err.details, message: atField ? undefined : err.message };
    const fresh = await openOrder(deps, c, key);
    return await renderCheckout(deps, c, fresh, key, state, err.status);
  }
}

async function postPay(deps: Deps, c: Context): Promise<Response> {
  const { key, order } = await postedOrder(deps, c);
  const back = (payment: string) => {
    const page = deps.config.publicUrl + orderPath(order.number, key);
    return `${page}${key ? "&" : "?"}payment=${payment}`;
  };
  try {
    const start = await startPayment(deps, order, {
      success: back("done"),
      cancel: back("canceled"),
    });
    return c.redirect("redirect" in start ? start.redirect : orderPath(order.number, key), 303);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 409) throw err;
    const fresh = await openOrder(deps, c, key);
    return await renderCheckout(deps, c, fresh, key, { message: err.message }, 409);
  }
}

async function renderCheckout(
  deps: Deps,
  c: Context,
  order: Order,
  key: string | null,
  state: BillingState,
  status = 200,
): Promise<Response> {
  const who = currentSession(c);
  const body = (
    <CheckoutView
      order={order}
      listingNames={await listingNamesOf(deps, order)}
      accessKey={key}
      csrf={who ? who.session.csrf_token : anonymousCsrfToken(deps, c)}
      testMode={paymentProvider(deps.config).name === "test"}
      returned={c.req.method === "GET" ? c.req.query("payment") ?? null : null}
      {...state}
    />
  );
  const title = `Order ${order.number}`;
  return await privatePage(deps, c, { title, description: `Checkout of ${title}`, status }, body);
}

async function showReceipt(deps: Deps, c: Context): Promise<Response> {
  const key = c.req.query("key") ?? null;
  const order = await openOrder(deps, c, key);
  if (!order.paid_at || (order.status !== "paid" && order.status !== "refunded")) {
    throw pageNotFound(c);
  }
  const settings = await getSettings(deps.kv);
  const country = countryOptions().find((o) => o.code === settings.seller_country)?.name ?? null;
  const body = (
    <ReceiptView
      order={order}
      listingNames={await listingNamesOf(deps, order)}
      seller={settings}
      sellerCountryName={country}
      accessKey={key}
    />
  );
  const title = `Receipt ${order.number}`;
  return await privatePage(deps, c, { title, description: title }, body);
}
