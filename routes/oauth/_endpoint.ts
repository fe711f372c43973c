/** What the OAuth machine endpoints share: RFC 6749 error answers, form bodies, a body limit. */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { OAuthError } from "../../services/access/mod.ts";

/** Token answers and errors must not be cached (RFC 6749 §5.1). */
export const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };
const MAX_BODY_BYTES = 64 * 1024;

/** Refuses bodies over 64 KiB with an OAuth invalid_request. */
export function oauthBodyLimit(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      oauthError(c, new OAuthError("invalid_request", "The request body is too large")),
  });
}

/** An OAuthError as an RFC 6749 §5.2 answer. */
export function oauthError(c: Context, err: OAuthError): Response {
  return c.json(err.toBody(), err.status as 400, { ...NO_STORE, ...err.headers });
}

/** Runs an endpoint, answering OAuthErrors as RFC 6749 §5.2 bodies. */
export async function oauthEndpoint(c: Context, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof OAuthError) return oauthError(c, err);
    throw err;
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
