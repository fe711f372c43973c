/** `/signin`: the sign-in form, which mails a one-time link, and the "check your mail" page. */
import { type Context, Hono } from "hono";
import type { User } from "../../kv/types.ts";
import { requestSignIn, safeNextPath } from "../../services/access/mod.ts";
import {
  ApiError,
  type Deps,
  devMailboxEnabled,
  type ErrorDetail,
} from "../../services/platform/mod.ts";
import { clientIp } from "../middleware.ts";
import { readForm } from "../pages/_forms.ts";
import { anonymousCsrfToken, CSRF_FIELD, type SessionEnv, verifyCsrf } from "../session.ts";
import { accountPage, CsrfField, Errors, NarrowPage } from "./_ui.tsx";

/** The sign-in form and its post. */
export function signInRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/signin", (c) => signInForm(deps, c));
  app.post("/signin", (c) => sendSignInLink(deps, c));
  return app;
}

function signInForm(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const next = safeNextPath(c.req.query("next"));
  const who = c.get("session");
  return accountPage(
    deps,
    c,
    "Sign in",
    <SignInPage next={next} csrf={anonymousCsrfToken(deps, c)} who={who?.user ?? null} />,
  );
}

async function sendSignInLink(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const form = await readForm(c);
  verifyCsrf(deps, c, null, form.get(CSRF_FIELD));
  const next = safeNextPath(form.get("next"));
  try {
    const client = clientIp(c, deps.config.rateLimit.trustProxy);
    const sent = await requestSignIn(deps, form.get("email"), next, client);
    return accountPage(
      deps,
      c,
      "Check your mail",
      <CheckMailPage email={sent.email} next={next} devMailbox={devMailboxEnabled(deps.config)} />,
    );
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 400) throw err;
    const body = (
      <SignInPage
        next={next}
        csrf={anonymousCsrfToken(deps, c)}
        who={null}
        email={String(form.get("email") ?? "")}
        errors={err.details}
      />
    );
    return accountPage(deps, c, "Sign in", body, 400);
  }
}

interface SignInPageProps {
  next: string;
  csrf: string;
  who: User | null;
  email?: string;
  errors?: ErrorDetail[];
}

function SignInPage({ next, csrf, who, email, errors }: SignInPageProps) {
  const invalid = errors?.some((e) => e.path === "email");
  return (
    <NarrowPage
      header={
        <>
          <h1>Sign in</h1>
          <p class="lead">
            We mail you a link that signs you in. No password needed; a new account is made the
            first time.
          </p>
        </>
      }
    >
      {who && (
        <p class="notice notice-ok">
          You are signed in as <strong>{who.email}</strong>. <a href={next}>Continue</a>{" "}
          or sign in as someone else below.
        </p>
      )}
      <form class="card form-stack" method="post" action="/signin">
        <CsrfField token={csrf} />
        <input type="hidden" name="next" value={next} />
        <label class="field">
          <span class="field-label">Email</span>
          <input
            type="email"
            name="email"
            required
            maxLength={254}
            autocomplete="email"
            value={email ?? ""}
            aria-invalid={invalid ? "true" : undefined}
            aria-describedby={invalid ? "email-error" : undefined}
          />
        </label>
        <Errors errors={errors} path="email" />
        <button type="submit" class="button">Email me a sign-in link</button>
      </form>
    </NarrowPage>
  );
}

function CheckMailPage(
  { email, next, devMailbox }: { email: string; next: string; devMailbox: boolean },
) {
  return (
    <NarrowPage
      header={
        <>
          <h1>Check your mail</h1>
          <p class="lead">
            If <strong>{email}</strong>{" "}
            can receive mail, a sign-in link is on its way. It works once, within 15 minutes.
          </p>
        </>
      }
    >
      {devMailbox && (
        <p class="dev-banner">
          Development setup: mail is not sent but kept in the{" "}
          <a href="/dev/mailbox">development mailbox</a>.
        </p>
      )}
      <p class="muted">
        Nothing arrived? Look in your spam folder, or{" "}
        <a href={`/signin?next=${encodeURIComponent(next)}`}>ask for another link</a>.
      </p>
    </NarrowPage>
  );
}
