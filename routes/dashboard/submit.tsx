/**
 * `/submit`: list a product by its website URL. One field; the post runs submit_listing for the
 * signed-in person and goes on to the watch page (303), or shows the API's message next to the
 * field (400).
 */
import { type Context, Hono } from "hono";
import { type SignedIn } from "../../services/access/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import { CsrfField } from "../account/_ui.tsx";
import { readForm } from "../pages/_forms.ts";
import { assertSignedIn, CSRF_FIELD, type SessionEnv, verifyCsrf } from "../session.ts";
import { detailsAt, tryOperation } from "./_operation.ts";
import { dashboardPage, dashboardPaths, DashboardShell, Limited } from "./_ui.tsx";

/** The longest URL submit_listing takes. */
const MAX_URL = 2048;

/** The submit page and its post. */
export function submitRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/submit", (c) => renderSubmit(deps, c, assertSignedIn(c), {}));
  app.post("/submit", async (c) => {
    const who = assertSignedIn(c, { next: dashboardPaths.submit });
    const form = await readForm(c);
    verifyCsrf(deps, c, who.session, form.get(CSRF_FIELD));
    const url = String(form.get("url") ?? "").trim();
    const tried = await tryOperation<{ id: string }>(deps, who, "submit_listing", {
      body: { url },
    });
    if (tried.ok) return c.redirect(dashboardPaths.draftWatch(tried.value.id), 303);
    const atUrl = detailsAt(tried.error.details, "url").map((d) => d.message);
    const error = atUrl.length > 0 ? atUrl.join("; ") : tried.error.message;
    return renderSubmit(deps, c, who, { url, error }, 400);
  });
  return app;
}

function renderSubmit(
  deps: Deps,
  c: Context,
  who: SignedIn,
  state: { url?: string; error?: string },
  status = 200,
): Promise<Response> {
  return dashboardPage(
    deps,
    c,
    { title: "List your product", status },
    <DashboardShell
      trail={[["List a product", undefined]]}
      header={
        <>
          <h1>List your product</h1>
          <p class="lead">
            Give us your website's address: we draft the listing from it, and you check and edit it
            before anything is published.
          </p>
        </>
      }
    >
      <section class="card submit-card">
        <form class="form-stack" method="post" action={dashboardPaths.submit}>
          <CsrfField token={who.session.csrf_token} />
          <Limited
            name="url"
            label="Your product's website"
            value={state.url ?? ""}
            max={MAX_URL}
            type="text"
            required
            placeholder="https://example.com"
            hint="The homepage, e.g. https://example.com, or just example.com."
            error={state.error}
          />
          <button type="submit" class="button">Draft my listing</button>
        </form>
      </section>
      <section class="card" aria-labelledby="what-happens">
        <h2 id="what-happens">What happens next</h2>
        <ul class="submit-notes">
          <li>
            We read your site like a polite crawler:{" "}
            <strong>robots.txt is respected</strong>, and pages it disallows are never requested.
          </li>
          <li>
            <strong>Nothing is invented.</strong>{" "}
            Every value in the draft quotes your site, with a link to the page; what the site does
            not say is left blank for you to fill in.
          </li>
          <li>
            <strong>Nothing is published and nothing is charged.</strong>{" "}
            The draft is yours to edit; you choose when and how to publish.
          </li>
          <li>
            The draft takes <strong>about a minute</strong>; you can watch it being built.
          </li>
        </ul>
      </section>
    </DashboardShell>,
  );
}
