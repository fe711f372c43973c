/** The co-founder invite page: sign in through the link, then add your own founder profile. */
import { type Context, Hono } from "hono";
import { ApiError, type Deps, type ErrorDetail } from "../services/platform/mod.ts";
import { acceptCofounderInvite, readInvite } from "../services/drafting/mod.ts";
import { CsrfField, NarrowPage } from "./account/_ui.tsx";
import { noStore } from "./middleware.ts";
import { privatePage, readForm } from "./pages/_forms.ts";
import { assertSignedIn, CSRF_FIELD, type SessionEnv, verifyCsrf } from "./session.ts";

/** The invite routes; the app mounts them with `app.route("/", inviteRoutes(deps))`. */
export function inviteRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.use("/invites/*", noStore());
  app.get("/invites/:token", (c) => invitePage(deps, c));
  app.post("/invites/:token", (c) => acceptPage(deps, c));
  return app;
}

interface FormState {
  name: string;
  title: string;
  bio: string;
  errors: ErrorDetail[];
}

const EMPTY_FORM: FormState = { name: "", title: "", bio: "", errors: [] };

async function invitePage(
  deps: Deps,
  c: Context<SessionEnv>,
  form: FormState = EMPTY_FORM,
  status = 200,
): Promise<Response> {
  const token = c.req.param("token")!;
  const { invite, productName } = await readInvite(deps, token);
  const who = assertSignedIn(c);
  const title = `Join ${productName} as a co-founder`;
  const body = (
    <NarrowPage
      header={
        <>
          <h1>{title}</h1>
          <p class="lead">
            You were invited as{" "}
            <strong>{invite.email}</strong>. Add your own founder profile: it is shown with the
            listing once it is published.
          </p>
        </>
      }
    >
      {who.user.email !== invite.email && (
        <p class="notice notice-error" role="alert">
          You are signed in as {who.user.email}. Sign in as {invite.email} to accept this invite.
        </p>
      )}
      <form class="card form-stack" method="post" action={`/invites/${token}`}>
        <CsrfField token={who.session.csrf_token} />
        {form.errors.length > 0 && (
          <ul class="notice notice-error" role="alert">
            {form.errors.map((e) => <li key={e.path}>{e.path}: {e.message}</li>)}
          </ul>
        )}
        <label class="field">
          <span class="field-label">Your name</span>
          <input name="name" required maxLength={160} value={form.name || who.user.name} />
        </label>
        <label class="field">
          <span class="field-label">Role</span>
          <input
            name="title"
            maxLength={160}
            placeholder="e.g. Co-founder & CTO"
            value={form.title}
          />
        </label>
        <label class="field">
          <span class="field-label">Short bio</span>
          <textarea name="bio" maxLength={3000} rows={5}>{form.bio}</textarea>
        </label>
        <button type="submit" class="button">Add my founder profile</button>
      </form>
    </NarrowPage>
  );
  return privatePage(deps, c, { title, description: title, status }, body);
}

async function acceptPage(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const who = assertSignedIn(c);
  const form = await readForm(c);
  verifyCsrf(deps, c, who.session, form.get(CSRF_FIELD));
  const profile = {
    name: form.get("name") ?? "",
    title: form.get("title") ?? "",
    bio: form.get("bio") ?? "",
  };
  try {
    const draft = await acceptCofounderInvite(deps, who.user, c.req.param("token")!, profile);
    const body = (
      <NarrowPage
        header={
          <>
            <h1>You are on {String(draft.fields.name.value ?? draft.url)}</h1>
            <p class="lead">
              Your founder profile was added. The founder who invited you publishes the listing.
            </p>
          </>
        }
      >
        <p>
          <a class="button" href="/account">Go to your account</a>
        </p>
      </NarrowPage>
    );
    return privatePage(
      deps,
      c,
      { title: "Profile added", description: "Founder profile added" },
      body,
    );
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) {
      return invitePage(deps, c, { ...profile, errors: err.details }, 400);
    }
    throw err;
  }
}
