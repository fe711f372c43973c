/**
 * What the OAuth endpoints share: RFC 6749 error answers (every refusal, the rate limit and the
 * body limit included), form bodies, a body limit.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { OAuthError } from "../../services/access/mod.ts";
import { ApiError, type Deps, toApiError } from "../../services/platform/mod.ts";
import { rateLimit } from "../middleware.ts";

/** Token answers and errors must not be cached (RFC 6749 §5.1). */
export const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };
const MAX_BODY_BYTES = 64 * 1024;

/** Refuses bodies over 64 KiB with a 413 invalid_request. */
export function oauthBodyLimit(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      oauthError(
        c,
        new OAuthError(
          "invalid_request",
          `The request body is too large: at most ${MAX_BODY_BYTES} bytes`,
          413,
        ),
      ),
  });
}

/**
 * The API's rate limit, refusing with a 429 temporarily_unavailable (RFC 6749 §4.1.2.1) that keeps
 * Retry-After and the RateLimit-* headers.
 */
export function oauthRateLimit(deps: Deps): MiddlewareHandler {
  const limit = rateLimit({ deps });
  return async function oauthRateLimit(c, next) {
    try {
      await limit(c, next);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 429) throw err;
      return oauthError(
        c,
        new OAuthError("temporarily_unavailable", err.message, 429, err.headers),
      );
    }
  };
}

/** A 405 invalid_request for a method an endpoint does not answer (`allow`: the ones it does). */
export function oauthMethodNotAllowed(allow: string): (c: Context) => Response {
  return (c) =>
    oauthError(
      c,
      new OAuthError(
        "invalid_request",
        `Method ${c.req.method} is not allowed on ${c.req.path}: use ${allow}`,
        405,
        { Allow: allow },
      ),
    );
}

/** An OAuthError as an RFC 6749 §5.2 answer. */
export function oauthError(c: Context, err: OAuthError): Response {
  return c.json(err.toBody(), err.status as 400, { ...NO_STORE, ...err.headers });
}

/**
 * Runs an endpoint, answering every failure as an RFC 6749 §5.2 body: OAuthErrors as they are,
 * other client errors as invalid_request, anything else as a 500 server_error.
 */
export async function oauthEndpoint(c: Context, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof OAuthError) return oauthError(c, thrown);
    const err = toApiError(thrown);
    if (err.status >= 500 && !(thrown instanceof ApiError)) console.error(thrown);
    const code = err.status >= 500 ? "server_error" : "invalid_request";
    return oauthError(c, new OAuthError(code, err.message, err.status, err.headers));
  }
}

/** The form fields of a token or revocation request (OAuth requires form encoding there). */
export async function oauthForm(c: Context): Promise<URLSearchParams> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    throw new OAuthError(
      "invalid_request",
      "Send the parameters as application/x-www-form-urlencoded",
    );
  }
  return new URLSearchParams(await c.req.text());
}
