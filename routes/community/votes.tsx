/**
 * `POST /listings/:slug/vote` (`action=vote|undo`, `_csrf`, `return_to`): a person's vote, from
 * the vote button. Without JavaScript the form posts and gets a 303 back to `return_to`; the
 * hydrated button asks for JSON (`Accept: application/json`) and gets `{voted, votes,
 * week_votes}` or the shared error body. Signed out, a form post goes to sign in and back.
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

/** The vote route; mount with `app.route("/", voteRoutes(deps))`. */
export function voteRoutes(deps: Deps): Hono {
  const app = new Hono();
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
