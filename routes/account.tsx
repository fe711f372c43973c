/**
 * People's accounts on the web: sign-in by an emailed one-time link, sign-out, the account page,
 * API keys, and the development mailbox (the KV outbox, on a local setup only). Every form post is
 * CSRF-checked and every answer is `Cache-Control: no-store`.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { VNode } from "preact";
import { island } from "../components/island.tsx";
import { formatDate } from "../components/format.ts";
import CopySecretIsland from "../islands/CopySecret.tsx";
import { type ApiKey, type Mail, SCOPES, type Session, type User } from "../kv/types.ts";
import {
  completeSignIn,
  createApiKey,
  CSRF_FIELD,
  csrfToken,
  currentSession,
  endSession,
  isAdmin,
  listApiKeys,
  peekSignIn,
  requestSignIn,
  revokeApiKey,
  safeNextPath,
  startSession,
  verifyCsrf,
} from "../services/access/mod.ts";
import {
  ApiError,
  type Deps,
  devMailboxEnabled,
  type ErrorDetail,
  listOutbox,
  notFound,
} from "../services/platform/mod.ts";
import { privatePage, readForm, toSignIn } from "./pages/_forms.ts";

const CopySecret = island("CopySecret", CopySecretIsland);

/** The paths served here; all of them answer `Cache-Control: no-store`. */
const PATHS = ["/signin", "/signin/*", "/signout", "/account", "/account/*", "/dev/mailbox"];
const MAILBOX_SIZE = 50;

const SCOPE_HELP: Record<string, string> = {
  "account:read": "read your account (who the key belongs to)",
  "listings:write": "create and edit your listings and drafts",
  "orders:write": "place and manage your orders",
};

/** The account pages; the app mounts them with `app.route("/", accountRoutes(deps))`. */
export function accountRoutes(deps: Deps): Hono {
  const app = new Hono();
  for (const path of PATHS) app.use(path, noStore());
  app.get("/signin", (c) => signInForm(deps, c));
  app.post("/signin", (c) => sendSignInLink(deps, c));
  app.get("/signin/verify", (c) => confirmSignIn(deps, c));
  app.post("/signin/verify", (c) => signIn(deps, c));
  app.post("/signout", (c) => signOut(deps, c));
  app.get("/account", (c) => accountPage(deps, c));
  app.get("/account/keys", (c) => keysPage(deps, c));
  app.post("/account/keys", (c) => createKey(deps, c));
  app.post("/account/keys/:id/revoke", (c) => revokeKey(deps, c));
  app.get("/dev/mailbox", (c) => mailboxPage(deps, c));
  return app;
}

function noStore(): MiddlewareHandler {
  return async function noStore(c, next) {
    await next();
    c.header("Cache-Control", "no-store");
  };
}

// Handlers.

async function signInForm(deps: Deps, c: Context): Promise<Response> {
  const next = safeNextPath(c.req.query("next"));
  const who = await currentSession(deps, c);
  return page(
    deps,
    c,
    "Sign in",
    <SignInPage next={next} csrf={csrfToken(deps, c, null)} who={who?.user ?? null} />,
  );
}

async function sendSignInLink(deps: Deps, c: Context): Promise<Response> {
  const form = await readForm(c);
  verifyCsrf(deps, c, null, form.get(CSRF_FIELD));
  const next = safeNextPath(form.get("next"));
  try {
    const sent = await requestSignIn(deps, form.get("email"), next);
    return page(
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
        csrf={csrfToken(deps, c, null)}
        who={null}
        email={String(form.get("email") ?? "")}
        errors={err.details}
      />
    );
    return page(deps, c, "Sign in", body, 400);
  }
}

async function confirmSignIn(deps: Deps, c: Context): Promise<Response> {
  const token = c.req.query("token") ?? "";
  try {
    const { email } = await peekSignIn(deps, token);
    return page(
      deps,
      c,
      "Confirm sign-in",
      <ConfirmPage email={email} token={token} csrf={csrfToken(deps, c, null)} />,
    );
  } catch (err) {
    return invalidLinkPage(deps, c, err);
  }
}

async function signIn(deps: Deps, c: Context): Promise<Response> {
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

async function signOut(deps: Deps, c: Context): Promise<Response> {
  const who = await currentSession(deps, c);
  if (who) {
    verifyCsrf(deps, c, who.session, (await readForm(c)).get(CSRF_FIELD));
    await endSession(deps, c);
  }
  return c.redirect("/", 303);
}

async function accountPage(deps: Deps, c: Context): Promise<Response> {
  const who = await currentSession(deps, c);
  if (!who) return toSignIn(c);
  const admin = isAdmin(deps.config, who.user.email);
  return page(
    deps,
    c,
    "Your account",
    <AccountPage user={who.user} admin={admin} csrf={who.session.csrf_token} />,
  );
}

async function keysPage(deps: Deps, c: Context): Promise<Response> {
  const who = await currentSession(deps, c);
  if (!who) return toSignIn(c);
  return renderKeys(deps, c, who.user, who.session, {});
}

async function createKey(deps: Deps, c: Context): Promise<Response> {
  const who = await currentSession(deps, c);
  if (!who) return toSignIn(c);
  const form = await readForm(c);
  verifyCsrf(deps, c, who.session, form.get(CSRF_FIELD));
  const input = { name: String(form.get("name") ?? ""), scopes: form.getAll("scopes").map(String) };
  try {
    const created = await createApiKey(deps.kv, { userId: who.user.id, ...input }, deps.now());
    return renderKeys(deps, c, who.user, who.session, { created }, 201);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 400) throw err;
    return renderKeys(deps, c, who.user, who.session, {
      input,
      errors: err.details,
      message: err.message,
    }, 400);
  }
}

async function revokeKey(deps: Deps, c: Context): Promise<Response> {
  const who = await currentSession(deps, c);
  if (!who) return toSignIn(c, "/account/keys");
  verifyCsrf(deps, c, who.session, (await readForm(c)).get(CSRF_FIELD));
  const id = c.req.param("id") ?? "";
  if (!await revokeApiKey(deps.kv, who.user.id, id, deps.now())) throw notFound("API key", id);
  return c.redirect("/account/keys", 303);
}

async function mailboxPage(deps: Deps, c: Context): Promise<Response> {
  if (!devMailboxEnabled(deps.config)) {
    throw new ApiError(404, "not_found", `No page at ${c.req.path}`);
  }
  const mails = await listOutbox(deps.kv, MAILBOX_SIZE);
  return page(deps, c, "Development mailbox", <MailboxPage mails={mails} />);
}

// Helpers.

/** Renders one of these pages in the shared layout, out of search engines. */
function page(deps: Deps, c: Context, title: string, body: VNode, status = 200): Promise<Response> {
  return privatePage(
    deps,
    c,
    { title, description: `${title}: accounts and API keys.`, status },
    body,
  );
}

/** A link that cannot be used (unknown, expired, used): a page with a way to get a new one. */
function invalidLinkPage(deps: Deps, c: Context, err: unknown): Promise<Response> {
  if (!(err instanceof ApiError) || err.status !== 400) throw err;
  return page(deps, c, "Sign-in link not valid", <InvalidLinkPage message={err.message} />, 400);
}

interface KeysState {
  created?: { key: ApiKey; secret: string };
  input?: { name: string; scopes: string[] };
  errors?: ErrorDetail[];
  message?: string;
}

async function renderKeys(
  deps: Deps,
  c: Context,
  user: User,
  session: Session,
  state: KeysState,
  status = 200,
): Promise<Response> {
  const keys = await listApiKeys(deps.kv, user.id);
  return page(
    deps,
    c,
    "API keys",
    <KeysPage keys={keys} csrf={session.csrf_token} publicUrl={deps.config.publicUrl} {...state} />,
    status,
  );
}

function DateTime({ iso }: { iso: string | null }) {
  if (!iso) return <span class="muted">never</span>;
  return <time dateTime={iso}>{formatDate(iso)} {iso.slice(11, 16)} UTC</time>;
}

function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={token} />;
}

function Errors({ errors, path }: { errors?: ErrorDetail[]; path: string }) {
  const mine = (errors ?? []).filter((e) => e.path === path);
  if (mine.length === 0) return null;
  return (
    <p class="notice notice-error" id={`${path}-error`} role="alert">
      {mine.map((e) => e.message).join("; ")}
    </p>
  );
}

/** Text with its http(s) URLs as links (the mailbox's bodies). */
function Linkified({ text }: { text: string }) {
  const parts: (string | VNode)[] = [];
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)]/g)) {
    parts.push(text.slice(last, m.index), <a href={m[0]}>{m[0]}</a>);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

// Pages.

interface SignInPageProps {
  next: string;
  csrf: string;
  who: User | null;
  email?: string;
  errors?: ErrorDetail[];
}

function SignInPage({ next, csrf, who, email, errors }: SignInPageProps) {
  return (
    <section class="account-narrow">
      <header class="page-header">
        <h1>Sign in</h1>
        <p class="lead">
          We mail you a link that signs you in. No password needed; a new account is made the first
          time.
        </p>
      </header>
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
            aria-invalid={errors?.some((e) => e.path === "email") ? "true" : undefined}
            aria-describedby={errors?.some((e) => e.path === "email") ? "email-error" : undefined}
          />
        </label>
        <Errors errors={errors} path="email" />
        <button type="submit" class="button">Email me a sign-in link</button>
      </form>
    </section>
  );
}

function CheckMailPage(
  { email, next, devMailbox }: { email: string; next: string; devMailbox: boolean },
) {
  return (
    <section class="account-narrow">
      <header class="page-header">
        <h1>Check your mail</h1>
        <p class="lead">
          If <strong>{email}</strong>{" "}
          can receive mail, a sign-in link is on its way. It works once, within 15 minutes.
        </p>
      </header>
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
    </section>
  );
}

function ConfirmPage({ email, token, csrf }: { email: string; token: string; csrf: string }) {
  return (
    <section class="account-narrow">
      <header class="page-header">
        <h1>Confirm sign-in</h1>
        <p class="lead">
          One more click: this keeps mail scanners that open links from signing you in.
        </p>
      </header>
      <form class="card form-stack" method="post" action="/signin/verify">
        <CsrfField token={csrf} />
        <input type="hidden" name="token" value={token} />
        <button type="submit" class="button">Sign in as {email}</button>
      </form>
    </section>
  );
}

function InvalidLinkPage({ message }: { message: string }) {
  return (
    <section class="account-narrow">
      <header class="page-header">
        <p class="error-status">Error 400</p>
        <h1>This sign-in link cannot be used</h1>
        <p class="lead">{message}.</p>
      </header>
      <p>
        <a class="button" href="/signin">Get a new sign-in link</a>
      </p>
    </section>
  );
}

function AccountPage({ user, admin, csrf }: { user: User; admin: boolean; csrf: string }) {
  return (
    <section class="account-narrow">
      <header class="page-header">
        <h1>
          Your account
          {admin && <span class="pill pill-admin" title="Listed in ADMIN_EMAILS">Site team</span>}
        </h1>
        <p class="lead">
          Signed in as <strong>{user.email}</strong>
        </p>
        <p class="muted small">
          Account since <DateTime iso={user.created_at} />
        </p>
      </header>
      <div class="card">
        <h2>Access for scripts and apps</h2>
        <ul class="link-list">
          <li>
            <a href="/account/keys">API keys</a>: keys for your scripts, sent as{" "}
            <code>Authorization: Bearer &lt;key&gt;</code>.
          </li>
          <li>
            <a href="/account/apps">Authorized apps</a>: apps you let act for you (OAuth), and how
            to disconnect them.
          </li>
        </ul>
      </div>
      <form method="post" action="/signout">
        <CsrfField token={csrf} />
        <button type="submit" class="button button-ghost">Sign out</button>
      </form>
    </section>
  );
}

interface KeysPageProps extends KeysState {
  keys: ApiKey[];
  csrf: string;
  publicUrl: string;
}

function KeysPage({ keys, csrf, publicUrl, created, input, errors, message }: KeysPageProps) {
  const checked = input?.scopes ?? [...SCOPES];
  return (
    <>
      <header class="page-header">
        <p class="breadcrumbs">
          <a href="/account">Your account</a> › API keys
        </p>
        <h1>API keys</h1>
        <p class="lead">
          Keys let your scripts call the API as you. Send one as{" "}
          <code>Authorization: Bearer &lt;key&gt;</code>; it can do only what its scopes allow.
        </p>
      </header>
      {created && (
        <section class="card" aria-labelledby="new-key">
          <h2 id="new-key">Your new key “{created.key.name}”</h2>
          <p class="notice notice-warn" role="alert">
            Copy it now: this is the only time it is shown. We keep only a hash of it and cannot
            show it again.
          </p>
          <CopySecret value={created.secret} label={`API key ${created.key.name}`} />
          <p class="muted small">
            Try it, with the key in <code>$KEY</code>:{" "}
            <code>curl -H "Authorization: Bearer $KEY" {publicUrl}/api/v1/me</code>
          </p>
        </section>
      )}
      <section class="card" aria-labelledby="your-keys">
        <h2 id="your-keys">Your keys</h2>
        {keys.length === 0 ? <p class="empty">No keys yet.</p> : (
          <div class="table-wrap">
            <table class="keys-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Scopes</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span class="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr
                    key={key.id}
                    class={key.revoked_at ? "revoked" : undefined}
                    data-key-id={key.id}
                  >
                    <td>{key.name}</td>
                    <td>
                      <code>{key.prefix}…</code>
                    </td>
                    <td>
                      {key.scopes.map((s) => <code key={s} class="chip chip-muted">{s}</code>)}
                    </td>
                    <td>
                      <DateTime iso={key.created_at} />
                    </td>
                    <td>
                      <DateTime iso={key.last_used_at} />
                    </td>
                    <td>
                      {key.revoked_at ? <span class="pill pill-revoked">Revoked</span> : (
                        <form
                          method="post"
                          action={`/account/keys/${encodeURIComponent(key.id)}/revoke`}
                        >
                          <CsrfField token={csrf} />
                          <button
                            type="submit"
                            class="button button-ghost button-small"
                            aria-label={`Revoke ${key.name}`}
                          >
                            Revoke
                          </button>
                        </form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section class="card" aria-labelledby="create-key">
        <h2 id="create-key">Create a key</h2>
        {message && <p class="notice notice-error" role="alert">{message}</p>}
        <form class="form-stack" method="post" action="/account/keys">
          <CsrfField token={csrf} />
          <label class="field">
            <span class="field-label">Name</span>
            <input
              type="text"
              name="name"
              required
              maxLength={100}
              placeholder="e.g. Deploy script"
              value={input?.name ?? ""}
            />
          </label>
          <Errors errors={errors} path="name" />
          <fieldset class="checkbox-list">
            <legend class="field-label">Scopes</legend>
            {SCOPES.map((scope) => (
              <label key={scope}>
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  checked={checked.includes(scope)}
                />
                <span>
                  <code>{scope}</code> <span class="muted">{SCOPE_HELP[scope]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <Errors errors={errors} path="scopes" />
          <button type="submit" class="button">Create key</button>
        </form>
      </section>
    </>
  );
}

function MailboxPage({ mails }: { mails: Mail[] }) {
  return (
    <>
      <header class="page-header">
        <h1>Development mailbox</h1>
        <p class="dev-banner" role="note">
          Development only: no mail leaves this machine. The service has no SMTP_URL, so every mail
          is kept here (newest first). This page exists only on a localhost setup.
        </p>
      </header>
      {mails.length === 0
        ? (
          <p class="empty">
            No mail yet. Ask for a sign-in link on the <a href="/signin">sign-in page</a>.
          </p>
        )
        : (
          <ol class="mail-list">
            {mails.map((mail) => (
              <li key={mail.id} class="card mail">
                <p class="mail-meta">
                  <span>
                    To: <strong>{mail.to}</strong>
                  </span>
                  <DateTime iso={mail.created_at} />
                </p>
                <h2 class="mail-subject">{mail.subject}</h2>
                <pre class="mail-body"><Linkified text={mail.text} /></pre>
              </li>
            ))}
          </ol>
        )}
    </>
  );
}
