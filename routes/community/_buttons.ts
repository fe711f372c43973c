/**
 * What the community's buttons (vote, follow) share on the web: the page context every button of
 * a page carries, and the JSON answer of a refused post from a hydrated button.
 */
import type { Context } from "hono";
import { ApiError, toApiError } from "../../services/platform/mod.ts";
import { currentSession, SignInRequired } from "../session.ts";

/** What every button of a page shares: the person, the form token and the way back. */
export function buttonContext(c: Context): { signedIn: boolean; csrf: string; returnTo: string } {
  const who = currentSession(c);
  const url = new URL(c.req.url);
  return {
    signedIn: who !== null,
    // Signed out, the post only leads to sign-in, so no token (and no cookie) is needed.
    csrf: who?.session.csrf_token ?? "",
    returnTo: url.pathname + url.search,
  };
}

/**
 * A refused post: as the shared JSON error body (with its headers, e.g. Retry-After) when the
 * button asked for JSON; otherwise thrown again for the error page (or the sign-in redirect).
 */
export function refusedPost(c: Context, json: boolean, thrown: unknown): Response {
  if (!json || thrown instanceof SignInRequired) throw thrown;
  const err = toApiError(thrown);
  if (!(thrown instanceof ApiError)) console.error(`POST ${c.req.path} failed:`, thrown);
  for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
  return c.json(err.toBody(), err.status as 400);
}
