/**
 * `/signin/verify`: the mailed link opens a confirmation page, whose post uses the link and signs
 * the person in (one more click, so that mail scanners that open links sign nobody in).
 */
import { type Context, Hono } from "hono";
import { completeSignIn, peekSignIn } from "../../services/access/mod.ts";
import { ApiError, type Deps } from "../../services/platform/mod.ts";
import { readForm } from "../pages/_forms.ts";
import {
  anonymousCsrfToken,
  CSRF_FIELD,
  type SessionEnv,
  startSession,
  verifyCsrf,
} from "../session.ts";
import { accountPage, CsrfField, NarrowPage } from "./_ui.tsx";

/** The confirmation page and its post. */
export function signInVerifyRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/signin/verify", (c) => confirmSignIn(deps, c));
  app.post("/signin/verify", (c) => signIn(deps, c));
  return app;
}

async function confirmSignIn(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const token = c.req.query("token") ?? "";
  try {
    const { email } = await peekSignIn(deps, token);
    return accountPage(
      deps,
      c,
      "Confirm sign-in",
      <ConfirmPage email={email} token={token} csrf={anonymousCsrfToken(deps, c)} />,
    );
  } catch (err) {
    return invalidLinkPage(deps, c, err);
  }
}

async function signIn(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const form = await readForm(c);
  verifyCsrf(deps, c, null, form.get(CSRF_FIELD));
  try {
    const { user, next } = await completeSignIn(deps, form.get("token"));
    await startSession(deps, c, user.id);
    return c.redirect(next, 303);
  } catch (err) {
    return invalidLinkPage(deps, c, err);
  }
}

/** A link that cannot be used (unknown, expired, used): a page with a way to get a new one. */
function invalidLinkPage(deps: Deps, c: Context, err: unknown): Promise<Response> {
  if (!(err instanceof ApiError) || err.status !== 400) throw err;
  return accountPage(
    deps,
    c,
    "Sign-in link not valid",
    <InvalidLinkPage message={err.message} />,
    400,
  );
}

function ConfirmPage({ email, token, csrf }: { email: string; token: string; csrf: string }) {
  return (
    <NarrowPage
      header={
        <>
          <h1>Confirm sign-in</h1>
          <p class="lead">
            One more click: this keeps mail scanners that open links from signing you in.
          </p>
        </>
      }
    >
      <form class="card form-stack" method="post" action="/signin/verify">
        <CsrfField token={csrf} />
        <input type="hidden" name="token" value={token} />
        <button type="submit" class="button">Sign in as {email}</button>
      </form>
    </NarrowPage>
  );
}

function InvalidLinkPage({ message }: { message: string }) {
  return (
    <NarrowPage
      header={
        <>
          <p class="error-status">Error 400</p>
          <h1>This sign-in link cannot be used</h1>
          <p class="lead">{message}.</p>
        </>
      }
    >
      <p>
        <a class="button" href="/signin">Get a new sign-in link</a>
      </p>
    </NarrowPage>
  );
}
