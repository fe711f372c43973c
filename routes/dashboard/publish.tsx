/**
 * `/dashboard/listings/:id/publish`: a listing's publish page. The free plan (the week it would
 * get, then choose_free_listing; its badge, "Check now" and the last result) and the paid launch
 * (weeks, extras, billing country and VAT number priced by quote_order as the founder chooses,
 * then create_checkout and on to the checkout page). The live price comes from `…/publish/quote`,
 * a JSON endpoint for the page's island (session and CSRF token in `X-CSRF-Token`).
 */
import { type Context, Hono } from "hono";
import { countryOptions } from "../../services/commerce/mod.ts";
import { ApiError, type Deps, type ErrorDetail } from "../../services/platform/mod.ts";
import type { SignedIn } from "../../services/access/mod.ts";
import { badgeRequirement, freeWeekPreview } from "../../services/publishing/mod.ts";
import { readForm } from "../pages/_forms.ts";
import {
  assertSignedIn,
  CSRF_FIELD,
  currentSession,
  type SessionEnv,
  verifyCsrf,
} from "../session.ts";
import { callOperation, tryOperation } from "./_operation.ts";
import { loadMyListing } from "./_listing_parts.tsx";
import { dashboardPage } from "./_ui.tsx";
import type { ListedBadgeView } from "./_publish_free.tsx";
import {
  fieldErrors,
  type LaunchSelection,
  readSelection,
  type SelectionOrder,
  selectionOrder,
} from "./_publish_order.ts";
import {
  categoryGroups,
  defaultSelection,
  PaidCard,
  type PaidOffer,
  paidOffer,
  type PricerQuote,
  type ProductEntry,
  type PublishListing,
} from "./_publish_paid.tsx";
import {
  freePlanApplies,
  publishPaths,
  PublishView,
  type PublishViewProps,
} from "./_publish_view.tsx";

const PAGE = "/dashboard/listings/:id/publish";

/** The publish page, its two form posts and the live price's JSON endpoint. */
export function publishRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get(PAGE, async (c) => {
    const who = assertSignedIn(c);
    return await renderPublish(deps, c, who, await loadMyListing(deps, c, who), {});
  });
  app.post(`${PAGE}/free`, (c) => postFree(deps, c));
  app.post(`${PAGE}/launch`, (c) => postLaunch(deps, c));
  app.post(`${PAGE}/quote`, (c) => postQuote(deps, c));
  return app;
}

type Listing = PublishViewProps["listing"];

/** A form post's person and listing, after the CSRF check. */
async function posted(deps: Deps, c: Context) {
  const who = assertSignedIn(c, { next: c.req.path.replace(/\/[a-z]+$/, "") });
  const form = await readForm(c);
  verifyCsrf(deps, c, who.session, form.get(CSRF_FIELD));
  return { who, form, listing: await loadMyListing(deps, c, who) };
}

/** "Choose the free plan" and "Check now": choose_free_listing, then back to the page. */
async function postFree(deps: Deps, c: Context): Promise<Response> {
  const { who, listing } = await posted(deps, c);
  const done = await tryOperation(deps, who, "choose_free_listing", {
    params: { listing_id: listing.listing_id },
  });
  if (done.ok) return c.redirect(publishPaths(listing.listing_id).page, 303);
  return await renderPublish(deps, c, who, listing, { freeError: done.error.message }, 409);
}

/** "Update price" (the page with the server's quote) or "Continue to checkout" (303 to it). */
async function postLaunch(deps: Deps, c: Context): Promise<Response> {
  const { who, form, listing } = await posted(deps, c);
  const selection = readSelection(form);
  const offer = await offerFor(deps, who, listing);
  const built = orderOf(listing, selection, offer);
  if ("errors" in built) {
    return await renderPublish(deps, c, who, listing, { selection, errors: built.errors }, 400);
  }
  if (form.get("action") === "checkout") {
    if (built.order.body.items.length === 0) {
      const errors = { extras: "Choose at least one thing to order" };
      return await renderPublish(deps, c, who, listing, { selection, errors }, 400);
    }
    const made = await tryOperation(deps, who, "create_checkout", { body: built.order.body });
    if (made.ok) return c.redirect(made.value.checkout_url, 303);
    const errors = fieldErrors(made.error.details, built.order.itemFields);
    if (!made.error.details.length) errors.form = made.error.message;
    return await renderPublish(deps, c, who, listing, { selection, errors }, made.error.status);
  }
  const priced = await quoteOf(deps, who, built.order);
  return await renderPublish(deps, c, who, listing, { selection, ...priced }, priced.status);
}

/** The live price: the selection (JSON) priced by quote_order; errors by form field. */
async function postQuote(deps: Deps, c: Context): Promise<Response> {
  try {
    const who = currentSession(c);
    if (!who) throw new ApiError(401, "unauthorized", "Sign in to see prices");
    verifyCsrf(deps, c, who.session, c.req.header("x-csrf-token"));
    const listing = await loadMyListing(deps, c, who);
    const body = await c.req.json().catch(() => null);
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      throw new ApiError(400, "invalid_request", "Expected a JSON object of the form's choices");
    }
    const selection = readSelection(body as Record<string, unknown>);
    const built = orderOf(listing, selection, await offerFor(deps, who, listing));
    if ("errors" in built) return quoteRefused(c, built.errors, []);
    const priced = await quoteOf(deps, who, built.order);
    return c.json(
      priced.status === 200 ? { quote: priced.quote } : {
        error: { message: priced.message },
        fields: priced.errors,
      },
      priced.status as 200,
    );
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return c.json(err.toBody(), err.status as 400);
  }
}

function quoteRefused(c: Context, details: ErrorDetail[], itemFields: string[]) {
  return c.json(
    { error: { message: details[0].message, details }, fields: fieldErrors(details, itemFields) },
    400,
  );
}

async function offerFor(deps: Deps, who: SignedIn, listing: Listing): Promise<PaidOffer> {
  const products = await callOperation<{ items: ProductEntry[] }>(deps, who, "list_products");
  return paidOffer(listing, products.items);
}

function orderOf(listing: Listing, selection: LaunchSelection, offer: PaidOffer) {
  return selectionOrder(listing.listing_id, selection, {
    launch: offer.launch !== null,
    extras: offer.extras.map((x) => x.code),
  });
}

/** quote_order for an order (null for nothing chosen), or its refusal by form field. */
async function quoteOf(deps: Deps, who: SignedIn, order: SelectionOrder) {
  if (order.body.items.length === 0) {
    return { status: 200, quote: null, errors: {}, message: "" };
  }
  const priced = await tryOperation<PricerQuote>(deps, who, "quote_order", { body: order.body });
  if (priced.ok) return { status: 200, quote: priced.value, errors: {}, message: "" };
  const errors = fieldErrors(priced.error.details, order.itemFields);
  if (!priced.error.details.length) errors.form = priced.error.message;
  return { status: priced.error.status, quote: null, errors, message: priced.error.message };
}

interface PublishState {
  freeError?: string;
  selection?: LaunchSelection;
  quote?: PricerQuote | null;
  errors?: Record<string, string> | ErrorDetail[];
}

async function renderPublish(
  deps: Deps,
  c: Context,
  who: SignedIn,
  listing: Listing,
  state: PublishState,
  status = 200,
): Promise<Response> {
  const offer = await offerFor(deps, who, listing);
  const selection = state.selection ?? defaultSelection(listing, offer);
  let { quote, errors = {} } = state;
  if (Array.isArray(errors)) errors = fieldErrors(errors, []);
  if (quote === undefined && Object.keys(errors).length === 0) {
    const built = orderOf(listing, selection, offer);
    const priced = "order" in built ? await quoteOf(deps, who, built.order) : null;
    quote = priced?.quote ?? null;
    errors = priced?.errors ?? {};
  }
  const hasPaid = offer.launch !== null || offer.extras.length > 0;
  const needCategories = offer.extras.some((x) => x.code === "extra_categories");
  const paths = publishPaths(listing.listing_id);
  const paid = hasPaid && (
    <PaidCard
      listing={listing}
      offer={offer}
      pricer={{
        action: paths.launch,
        quoteUrl: paths.quote,
        csrf: who.session.csrf_token,
        categories: needCategories
          ? categoryGroups((await callOperation(deps, who, "list_categories")).items)
          : [],
        countries: countryOptions(),
        selection,
        quote: quote ?? null,
        errors,
      }}
    />
  );
  const choosing = freePlanApplies(listing) && listing.plan !== "free";
  const body = (
    <PublishView
      listing={listing}
      preview={choosing ? await freeWeekPreview(deps) : null}
      requirement={badgeRequirement(deps.config.publicUrl, listing.url)}
      badge={listing.free_plan?.badge ?? await publishedBadge(deps, who, listing)}
      csrf={who.session.csrf_token}
      freeError={state.freeError}
      paid={paid}
    />
  );
  return await dashboardPage(deps, c, { title: `Publish ${listing.name}`, status }, body);
}

/** The "Listed on" badge of a live or scheduled listing (get_badges), or null. */
async function publishedBadge(
  deps: Deps,
  who: SignedIn,
  listing: PublishListing,
): Promise<ListedBadgeView | null> {
  if (listing.status !== "live" && listing.status !== "scheduled") return null;
  try {
    const set = await callOperation<{ badges: (ListedBadgeView & { kind: string })[] }>(
      deps,
      who,
      "get_badges",
      { params: { slug: listing.slug } },
    );
    return set.badges.find((b) => b.kind === "listed") ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
