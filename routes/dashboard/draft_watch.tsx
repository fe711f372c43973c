/**
 * `/dashboard/drafts/:id/watch`: a draft being built, page by page, updated without reload by
 * islands/DraftProgress.tsx, which polls `/dashboard/drafts/:id/progress` (the same view as
 * JSON, for the signed-in owner). Without JavaScript the page refreshes itself every 5 seconds.
 * Another account's draft, or no draft, is the site's 404.
 */
import { type Context, Hono } from "hono";
import { island } from "../../components/island.tsx";
import DraftProgressIsland, { type DraftProgressView } from "../../islands/DraftProgress.tsx";
import { type SignedIn } from "../../services/access/mod.ts";
import { ApiError, type Deps } from "../../services/platform/mod.ts";
import { assertSignedIn, currentSession, type SessionEnv } from "../session.ts";
import { loadMyDraft } from "./_draft_common.tsx";
import { dashboardPage, dashboardPaths, DashboardShell } from "./_ui.tsx";
import { type DraftAnswer, progressView } from "./_watch_view.ts";

const DraftProgress = island("DraftProgress", DraftProgressIsland);

/** The JSON the watch page's island polls. */
export const progressPath = (id: string) => `/dashboard/drafts/${id}/progress`;

/** The watch page and its progress JSON. */
export function draftWatchRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/dashboard/drafts/:id/watch", async (c) => {
    const id = c.req.param("id");
    const view = await watchedDraft(deps, assertSignedIn(c), id);
    return renderWatch(deps, c, view);
  });
  app.get("/dashboard/drafts/:id/progress", async (c) => {
    const who = currentSession(c);
    try {
      if (!who) throw new ApiError(401, "unauthorized", "Sign in to follow this draft");
      return c.json(await watchedDraft(deps, who, c.req.param("id")));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return c.json(err.toBody(), err.status as 401);
    }
  });
  return app;
}

/** The signed-in person's draft as the watch page shows it; 404 for anyone else's (or a bad id). */
async function watchedDraft(deps: Deps, who: SignedIn, id: string): Promise<DraftProgressView> {
  return progressView(await loadMyDraft<DraftAnswer>(deps, who, id));
}

function renderWatch(deps: Deps, c: Context, view: DraftProgressView): Promise<Response> {
  const working = view.status !== "ready";
  return dashboardPage(
    deps,
    c,
    { title: working ? "Drafting your listing" : "Your draft is ready" },
    <DashboardShell
      trail={[["Drafting", undefined]]}
      header={
        <>
          <h1>{working ? "Drafting your listing" : "Your draft is ready"}</h1>
          <p class="lead">
            From{" "}
            <span class="draft-url">{view.url}</span>. Every value quotes your site; nothing is
            published or charged. This takes about a minute.
          </p>
        </>
      }
    >
      {working && (
        <noscript>
          <meta http-equiv="refresh" content="5" />
          <p class="notice">
            This page refreshes every 5 seconds.{" "}
            <a href={dashboardPaths.draftWatch(view.id)}>Refresh now</a>
          </p>
        </noscript>
      )}
      <section class="card">
        <DraftProgress view={view} progressUrl={progressPath(view.id)} />
      </section>
    </DashboardShell>,
  );
}
