/** `/account/keys`: a person's API keys, a form to create one (shown once) and revoke buttons. */
import { type Context, Hono } from "hono";
import { island } from "../../components/island.tsx";
import CopySecretIsland from "../../islands/CopySecret.tsx";
import { type ApiKey, SCOPES, type Session, type User } from "../../kv/types.ts";
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  SCOPE_DESCRIPTIONS,
} from "../../services/access/mod.ts";
import { ApiError, type Deps, type ErrorDetail, notFound } from "../../services/platform/mod.ts";
import { readForm } from "../pages/_forms.ts";
import { assertSignedIn, CSRF_FIELD, type SessionEnv, verifyCsrf } from "../session.ts";
import { accountPage, CsrfField, DateTime, Errors, ItemTable, RevokeForm } from "./_ui.tsx";
import ScopeOperations from "../../components/ScopeOperations.tsx";
import { operationsWithAccess } from "../api/v1/mod.ts";

const CopySecret = island("CopySecret", CopySecretIsland);

/** The keys page, its create form and the revoke buttons. */
export function keysRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/account/keys", (c) => {
    const who = assertSignedIn(c);
    return renderKeys(deps, c, who.user, who.session, {});
  });
  app.post("/account/keys", (c) => createKey(deps, c));
  app.post("/account/keys/:id/revoke", (c) => revokeKey(deps, c));
  return app;
}

async function createKey(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const who = assertSignedIn(c);
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

async function revokeKey(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const who = assertSignedIn(c, { next: "/account/keys" });
  verifyCsrf(deps, c, who.session, (await readForm(c)).get(CSRF_FIELD));
  const id = c.req.param("id") ?? "";
  if (!await revokeApiKey(deps.kv, who.user.id, id, deps.now())) throw notFound("API key", id);
  return c.redirect("/account/keys", 303);
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
  return accountPage(
    deps,
    c,
    "API keys",
    <KeysPage keys={keys} csrf={session.csrf_token} publicUrl={deps.config.publicUrl} {...state} />,
    status,
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
          <ItemTable
            headings={["Name", "Key", "Scopes", "Created", "Last used"]}
            actions="Actions"
          >
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
                    <RevokeForm
                      action={`/account/keys/${encodeURIComponent(key.id)}/revoke`}
                      csrf={csrf}
                      label={`Revoke ${key.name}`}
                    />
                  )}
                </td>
              </tr>
            ))}
          </ItemTable>
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
              <div key={scope}>
                <label>
                  <input
                    type="checkbox"
                    name="scopes"
                    value={scope}
                    checked={checked.includes(scope)}
                  />
                  <span>
                    <code>{scope}</code> <span class="muted">{SCOPE_DESCRIPTIONS[scope]}</span>
                  </span>
                </label>
                <ScopeOperations scope={scope} operations={operationsWithAccess(scope)} />
              </div>
            ))}
          </fieldset>
          <Errors errors={errors} path="scopes" />
          <button type="submit" class="button">Create key</button>
        </form>
      </section>
    </>
  );
}
