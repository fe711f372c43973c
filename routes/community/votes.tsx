/**
 * `POST /listings/:slug/vote` (`action=vote|undo`, `_csrf`, `return_to`): a person's vote, from
 * the vote button. Without JavaScript the form posts and gets a 303 back to `return_to`; the
 * hydrated button asks for JSON (`Accept: application/json`) and gets `{voted, votes,
 * week_votes}` or the shared error body. Signed out, a form post goes to sign in and back.
 * `GET /listings/votes.json?ids=1,2,3` answers the person's states of up to VOTE_STATES_MAX
 * listings, `{states: {id: {voted, own}}}` (all unvoted when signed out), for rows an island
 * fetched after the page was rendered (the home page's launch tabs). Listing slugs never hold a
 * dot, so the path cannot shadow a listing page.
 * `pageVoting` gives a page its vote buttons' context: the person's states, read per request.
 */
import { type Context, Hono } from "hono";
import { undoVote, vote, voteStates } from "../../services/community/mod.ts";
import { safeNextPath } from "../../services/access/mod.ts";
import { ApiError, badRequest, type Deps } from "../../services/platform/mod.ts";
import type { Voting } from "../../components/Vote.tsx";
import { readForm } from "../pages/_forms.ts";
import { assertSignedIn, CSRF_FIELD, currentSession, verifyCsrf } from "../session.ts";
import { buttonContext, refusedPost } from "./_buttons.ts";
import { visitorOf } from "../go.ts";

/** The vote buttons' context of a page listing `ids`: the person's states in one batch. */
export async function pageVoting(
  deps: Deps,
  c: Context,
  ids: number[],
  count: Voting["count"] = "votes",
): Promise<Voting> {
  const states = await voteStates(deps, currentSession(c)?.user.id ?? null, ids);
  return { ...buttonContext(c), states: Object.fromEntries(states), count };
}

/** At most this many listing ids per states request (a few tabs' worth of rows). */
export const VOTE_STATES_MAX = 100;

/** The `ids` query: comma-separated listing ids (positive integers), at most VOTE_STATES_MAX. */
function parseIds(raw: string | undefined): number[] {
  const parts = (raw ?? "").split(",").filter((p) => p !== "");
  const refuse = (message: string) => badRequest(message, [{ path: "ids", message }]);
  if (parts.length === 0) throw refuse("Give the listing ids, e.g. ids=1,2,3");
  if (parts.length > VOTE_STATES_MAX) {
    throw refuse(`At most ${VOTE_STATES_MAX} listing ids, got ${parts.length}`);
  }
  const bad = parts.find((p) => !/^[1-9][0-9]{0,15}$/.test(p) || !Number.isSafeInteger(Number(p)));
  if (bad !== undefined) throw refuse(`Invalid listing id "${bad}": expected a positive integer`);
  return [...new Set(parts.map(Number))];
}

/** The vote route; mount with `app.route("/", voteRoutes(deps))`. */
export function voteRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get("/listings/votes.json", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      const ids = parseIds(c.req.query("ids"));
      const states = await voteStates(deps, currentSession(c)?.user.id ?? null, ids);
      return c.json({ states: Object.fromEntries(states) });
    } catch (thrown) {
      return refusedPost(c, true, thrown);
    }
  });
  app.post("/listings/:slug/vote", async (c) => {
    const slug = c.req.param("slug");
    const json = (c.req.header("accept") ?? "").includes("application/json");
    const form = await readForm(c);
    const returnTo = form.get("return_to");
    const back = returnTo ? safeNextPath(returnTo) : `/listings/${encodeURIComponent(slug)}`;
    try {
      const who = currentSession(c);
      if (!who && json) throw new ApiError(401, "unauthorized", "Sign in to vote");
      const { user, session } = assertSignedIn(c, { next: back });
      verifyCsrf(deps, c, session, form.get(CSRF_FIELD));
      const action = form.get("action");
      if (action !== "vote" && action !== "undo") {
        throw badRequest(`Invalid action "${action ?? ""}": expected "vote" or "undo"`, [
          { path: "action", message: 'Expected "vote" or "undo"' },
        ]);
      }
      const outcome = action === "vote"
        ? await vote(deps, user, slug, visitorOf(deps, c))
        : await undoVote(deps, user, slug);
      c.header("Cache-Control", "no-store");
      return json ? c.json(outcome) : c.redirect(back, 303);
    } catch (thrown) {
      return refusedPost(c, json, thrown);
    }
  });
  return app;
}
