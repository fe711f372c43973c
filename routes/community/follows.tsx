/**
 * `POST /listings/:slug/follow` and `POST /founders/:slug/follow` (`action=follow|unfollow`,
 * `_csrf`, `return_to`): a person's follow of a listing ("notify me" while it is upcoming) or of a
 * founder profile, from the follow button. Without JavaScript the form posts and gets a 303 back
 * to `return_to`; the hydrated button asks for JSON (`Accept: application/json`) and gets
 * `{following, followers}` or the shared error body. Signed out, a form post goes to sign in and
 * back. Each person may take `FOLLOW_ACTIONS_PER_MINUTE` follow actions a minute (429 past it).
 * `listingFollowing` and `founderFollowing` give a page its button's context, read per request.
 */
import { type Context, Hono } from "hono";
import {
  FOLLOW_ACTIONS_PER_MINUTE,
  followActionOf,
  type FollowKind,
  type FollowOutcome,
  founderFollowState,
  isUpcoming,
  listingFollowState,
  setFounderFollow,
  setListingFollow,
} from "../../services/community/mod.ts";
import { countRequest, safeNextPath } from "../../services/access/mod.ts";
import { ApiError, type Deps } from "../../services/platform/mod.ts";
import type { Following } from "../../components/FollowBox.tsx";
import { rateLimited } from "../middleware.ts";
import { readForm } from "../pages/_forms.ts";
import { assertSignedIn, CSRF_FIELD, currentSession, verifyCsrf } from "../session.ts";
import { buttonContext, refusedPost } from "./_buttons.ts";

/** Follows a listing or a founder: what each route runs once the person and action are known. */
const SET_FOLLOW = { listing: setListingFollow, founder: setFounderFollow };
const PAGE_PREFIX = { listing: "/listings/", founder: "/founders/" };

/** The follow routes; mount with `app.route("/", followRoutes(deps))`. */
export function followRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.post("/listings/:slug/follow", (c) => follow(deps, c, "listing"));
  app.post("/founders/:slug/follow", (c) => follow(deps, c, "founder"));
  return app;
}

async function follow(deps: Deps, c: Context, kind: FollowKind): Promise<Response> {
  const slug = c.req.param("slug") ?? "";
  const json = (c.req.header("accept") ?? "").includes("application/json");
  const form = await readForm(c);
  const page = PAGE_PREFIX[kind] + encodeURIComponent(slug);
  const back = form.has("return_to") ? safeNextPath(form.get("return_to")) : page;
  c.header("Cache-Control", "no-store");
  try {
    if (!currentSession(c) && json) throw new ApiError(401, "unauthorized", "Sign in to follow");
    const { user, session } = assertSignedIn(c, { next: back });
    verifyCsrf(deps, c, session, form.get(CSRF_FIELD));
    const action = followActionOf(form.get("action"));
    const limit = await countRequest(deps, `follows:${user.id}`, FOLLOW_ACTIONS_PER_MINUTE);
    if (!limit.allowed) throw rateLimited(limit);
    const outcome: FollowOutcome = await SET_FOLLOW[kind](deps, user.id, slug, action);
    return json ? c.json(outcome) : c.redirect(back, 303);
  } catch (thrown) {
    return refusedPost(c, json, thrown);
  }
}

/** The follow button of a listing page, with the person's own state (never cached). */
export async function listingFollowing(
  deps: Deps,
  c: Context,
  listing: { id: number; slug: string; name: string; status: string; follows: number },
): Promise<Following> {
  const who = currentSession(c);
  const state = await listingFollowState(deps, who?.user.id ?? null, listing.id);
  return {
    ...buttonContext(c),
    ...state,
    action: `/listings/${encodeURIComponent(listing.slug)}/follow`,
    name: listing.name,
    mode: isUpcoming(listing) ? "notify" : "follow",
    followers: listing.follows,
  };
}

/** The follow button of a founder page, with the person's own state (never cached). */
export async function founderFollowing(
  deps: Deps,
  c: Context,
  founder: { slug: string; name: string; followers: number },
): Promise<Following> {
  const who = currentSession(c);
  const state = await founderFollowState(deps, who?.user.id ?? null, founder.slug);
  return {
    ...buttonContext(c),
    ...state,
    action: `/founders/${encodeURIComponent(founder.slug)}/follow`,
    name: founder.name,
    mode: "founder",
    followers: founder.followers,
  };
}
