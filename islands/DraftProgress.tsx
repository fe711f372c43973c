/**
 * A draft being built: pages read of planned, the current step, the quotes verified, the pages
 * read and what went wrong. Polls the page's JSON (`progressUrl`) every 2 seconds until the draft
 * is ready, then shows the editor link and moves there (unless the site could not be read: then
 * the reason stays on screen).
 */
import { useEffect, useState } from "preact/hooks";

/** What the watch page shows of a draft (routes/dashboard/_watch_view.ts builds it from get_draft). */
export interface DraftProgressView {
  id: string;
  url: string;
  status: "crawling" | "drafting" | "ready";
  /** The current step, in plain words. */
  step: string;
  /** The job's latest message (e.g. the page just read). */
  detail: string;
  pages_read: number;
  pages_planned: number;
  /** Evidence quotes in the draft (every one checked against the site). */
  quotes: number;
  pages: { url: string; title: string }[];
  /** Why the website could not be read, or null. */
  error: string | null;
  /** Whether robots.txt kept the crawler from the homepage. */
  robots_blocked: boolean;
  failed: { url: string; reason: string }[];
  disallowed: string[];
  editor_url: string;
}

/** How long "Open the draft editor" shows before the page moves there. */
const MOVE_AFTER_MS = 1500;

export interface DraftProgressProps {
  view: DraftProgressView;
  /** The JSON endpoint answering a fresh DraftProgressView. */
  progressUrl: string;
  /** Milliseconds between polls. */
  intervalMs?: number;
}

/** The live progress of one draft. */
export default function DraftProgress(
  { view, progressUrl, intervalMs = 2000 }: DraftProgressProps,
) {
  const [current, setCurrent] = useState(view);
  const [lost, setLost] = useState("");
  const [live, setLive] = useState(false);
  const done = current.status === "ready";
  useEffect(() => setLive(true), []);

  useEffect(() => {
    if (done || lost) return;
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(progressUrl, { headers: { accept: "application/json" } });
        if (res.ok) setCurrent(await res.json());
        else if (res.status === 401 || res.status === 404) {
          setLost("This draft is no longer available to you: reload the page.");
        } else setCurrent({ ...current });
      } catch {
        setCurrent({ ...current }); // offline for a moment: try again
      }
    }, intervalMs);
    return () => clearTimeout(timer);
  }, [current, done, lost]);

  useEffect(() => {
    if (!done || current.error) return;
    const timer = setTimeout(() => location.assign(current.editor_url), MOVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [done]);

  return <ProgressBody view={current} lost={lost} moving={live && done && !current.error} />;
}

function ProgressBody(
  { view, lost, moving }: { view: DraftProgressView; lost: string; moving: boolean },
) {
  const planned = Math.max(view.pages_planned, view.pages_read);
  return (
    <div class="draft-progress" data-status={view.status}>
      <p class="draft-step" role="status" aria-live="polite">
        <strong data-testid="step">{view.step}</strong>
        {view.detail && <span class="muted small">{view.detail}</span>}
      </p>
      {lost && <p class="notice notice-error" role="alert">{lost}</p>}
      <dl class="stats">
        <div>
          <dt>Pages read</dt>
          <dd data-testid="pages">
            {planned > 0 ? `${view.pages_read} of ${planned}` : view.pages_read}
          </dd>
        </div>
        <div>
          <dt>Quotes verified</dt>
          <dd data-testid="quotes">{view.quotes}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{view.status}</dd>
        </div>
      </dl>
      <Problems view={view} />
      {view.status === "ready" && (
        <p>
          <a class="button" href={view.editor_url}>Open the draft editor</a>
          {moving && <span class="muted small draft-moving">Opening it for you…</span>}
        </p>
      )}
      <PageList pages={view.pages} />
    </div>
  );
}

function Problems({ view }: { view: DraftProgressView }) {
  return (
    <>
      {view.error && (
        <div class="notice notice-error" role="alert">
          <p>
            <strong>We could not read your website.</strong> {view.error}
          </p>
          {view.robots_blocked && (
            <p>
              Its robots.txt does not allow crawlers to read it, and we respect that. Allow our
              crawler in robots.txt and submit the site again, or fill in the draft yourself.
            </p>
          )}
          {!view.robots_blocked && (
            <p>Check that the site is up and public, then submit it again, or fill in the draft.</p>
          )}
        </div>
      )}
      {view.failed.length > 0 && (
        <details class="draft-failures" open={!view.error}>
          <summary>Pages that could not be read ({view.failed.length})</summary>
          <ul>
            {view.failed.map((f) => (
              <li key={f.url}>
                <span class="draft-url">{f.url}</span>: {f.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {view.disallowed.length > 0 && (
        <details class="draft-failures">
          <summary>Pages robots.txt asked us not to read ({view.disallowed.length})</summary>
          <ul>
            {view.disallowed.map((url) => <li key={url} class="draft-url">{url}</li>)}
          </ul>
        </details>
      )}
    </>
  );
}

function PageList({ pages }: { pages: DraftProgressView["pages"] }) {
  if (pages.length === 0) return null;
  return (
    <section aria-labelledby="pages-read">
      <h2 id="pages-read">Pages read</h2>
      <ul class="draft-pages">
        {pages.map((p) => (
          <li key={p.url}>
            <a href={p.url} rel="nofollow noopener" target="_blank">{p.title || p.url}</a>
            {p.title && <span class="muted small draft-url">{p.url}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
