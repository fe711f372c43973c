/** The error page: status, what went wrong, and ways back. */
import { type ApiError, DEFAULT_SETTINGS, type Deps } from "../../services/platform/mod.ts";
import type { Context } from "hono";
import { headerAccountOf, renderDocument } from "./_page.tsx";

const HEADINGS: Record<number, string> = {
  400: "That request did not work",
  401: "Please sign in",
  403: "You cannot open this page",
  404: "Page not found",
  405: "Method not allowed",
  409: "That changed in the meantime",
  429: "Too many requests",
  500: "Something went wrong on our side",
  501: "Not available yet",
};

function heading(status: number): string {
  return HEADINGS[status] ?? (status >= 500 ? HEADINGS[500] : HEADINGS[400]);
}

/** The body of the error page. */
export function ErrorPage({ err }: { err: ApiError }) {
  return (
    <section class="error-page">
      <p class="error-status">Error {err.status}</p>
      <h1>{heading(err.status)}</h1>
      <p class="lead">{err.message.replace(/\.?$/, ".")}</p>
      {err.details.length > 0 && (
        <ul class="error-details">
          {err.details.map((d) => (
            <li key={d.path}>
              <code>{d.path}</code>: {d.message}
            </li>
          ))}
        </ul>
      )}
      <p class="error-actions">
        <a class="button" href="/">Go to the home page</a>
        <a class="button button-ghost" href="/launches/this">This week's launches</a>
        <a class="button button-ghost" href="/categories">Browse categories</a>
      </p>
    </section>
  );
}

/**
 * The error page as a whole HTML document (sync, so that app.onError can call it). With the
 * request's context, its header shows the signed-in person as every other page does (the session
 * middleware has already read the cookie; paths without a session show "Sign in").
 */
export function renderErrorPage(_deps: Deps, err: ApiError, c?: Context): string {
  const title = `${heading(err.status)} (${err.status}) · ${DEFAULT_SETTINGS.name}`;
  return renderDocument(
    DEFAULT_SETTINGS.name,
    { title, description: err.message, noindex: true },
    <ErrorPage err={err} />,
    c ? headerAccountOf(c) : null,
  );
}
