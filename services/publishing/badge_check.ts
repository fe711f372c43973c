/**
 * The badge check: is there a real link to this service on the homepage of a listing's website?
 *
 * The homepage (the listing's `url`) is fetched through the guarded fetcher with the service's
 * user agent, robots.txt obeyed (a refusal is the check's answer, never retried here), time and
 * size capped. The served HTML (no script runs) is parsed with linkedom; the check passes only for
 * an `<a href>` (or `<area href>`) whose address, resolved against the page, is on the host of
 * `PUBLIC_URL`: the listing's page or any other page of the service. Links inside comments,
 * `<script>`, `<template>`, `<noscript>` (and other raw-text elements) do not count, nor does the
 * address written as text, nor an `<a>` without href or pointing at another host.
 */
import type { BadgeCheck } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { FetchFailedError, FetchRefusedError, guardedFetch } from "../platform/fetcher.ts";
import { parseHtml } from "../platform/lazy.ts";
import { BOT_TOKEN, robotsFor, robotsPolicy } from "../platform/robots.ts";
import { baseUrl, resolve, withBody } from "../drafting/extract/dom.ts";

/** The homepage is read up to this size; a larger page fails the check with the reason. */
export const BADGE_PAGE_MAX_BYTES = 2_000_000;
/** Time for the homepage (all redirects and the body). */
export const BADGE_PAGE_TIMEOUT_MS = 10_000;
/** Time for robots.txt. */
const ROBOTS_TIMEOUT_MS = 5_000;
const HTML_ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5";

/** Elements whose content is not a link a visitor sees: raw text, or not rendered. */
const NOT_RENDERED = new Set([
  "script",
  "template",
  "noscript",
  "style",
  "textarea",
  "title",
  "xmp",
  "noembed",
  "noframes",
  "iframe",
]);

/** One badge check's result; `conclusive` is false when the site could not be read (try later). */
export interface BadgeCheckResult extends BadgeCheck {
  conclusive: boolean;
}

/** What the check looks for, in words (shown to founders beside the embed code). */
export function badgeRequirement(publicUrl: string, homepage: string): string {
  const origin = new URL(publicUrl).origin;
  return `A link (an <a> element with an href) whose address points to ${origin} (the listing's page or any page of the service), in the HTML served at ${homepage} (the listing's homepage, read with robots.txt obeyed for ${BOT_TOKEN}). Links inside HTML comments, <script>, <template> or <noscript>, the address written as plain text, and links to another host do not count.`;
}

/**
 * The first link to the service's host in a page's HTML, as an absolute URL, or null.
 * `pageUrl` resolves relative links (a valid `<base href>` first).
 */
export async function findServiceLink(
  html: string,
  pageUrl: string,
  publicUrl: string,
): Promise<string | null> {
  const doc = await parseHtml(withBody(html));
  const base = baseUrl(doc, pageUrl);
  const host = new URL(publicUrl).host;
  for (const a of doc.querySelectorAll("a[href], area[href]")) {
    if (insideNotRendered(a)) continue;
    const url = resolve(a.getAttribute("href"), base);
    if (url && url.host === host) return url.href;
  }
  return null;
}

function insideNotRendered(el: Element): boolean {
  for (let cur = el.parentElement; cur; cur = cur.parentElement) {
    if (NOT_RENDERED.has(cur.localName)) return true;
  }
  return false;
}

/** Looks for the badge on `homepage` now. Never throws for the site's faults: they are the result. */
export async function checkBadge(deps: Deps, homepage: string): Promise<BadgeCheckResult> {
  const checkedAt = deps.now().toISOString();
  const result = (
    status: BadgeCheck["status"],
    reason: string,
    foundAt: string | null = null,
    conclusive = true,
  ): BadgeCheckResult => ({
    status,
    checked_at: checkedAt,
    reason,
    found_at_url: foundAt,
    conclusive,
  });
  if (!URL.canParse(homepage)) {
    return result("error", `Cannot check the badge on "${homepage}": not an absolute URL`);
  }
  const cache = new Map();
  let page;
  try {
    const robots = await robotsFor(deps, homepage, { cache, timeoutMs: ROBOTS_TIMEOUT_MS });
    if (!robots.isAllowed(homepage)) {
      const why = robots.note ?? `robots.txt disallows it for ${BOT_TOKEN}`;
      return result(
        "error",
        `Cannot check the badge on "${homepage}": ${why}. Allow ${BOT_TOKEN} to read the homepage in robots.txt`,
        null,
        robots.unreachable === null,
      );
    }
    page = await guardedFetch(deps, homepage, {
      maxBytes: BADGE_PAGE_MAX_BYTES,
      timeoutMs: BADGE_PAGE_TIMEOUT_MS,
      accept: HTML_ACCEPT,
      robots: robotsPolicy(deps, { cache, timeoutMs: ROBOTS_TIMEOUT_MS }),
    });
  } catch (err) {
    if (err instanceof FetchRefusedError || err instanceof FetchFailedError) {
      return result(
        "error",
        `Cannot check the badge on "${homepage}": ${err.reason}`,
        null,
        err instanceof FetchRefusedError,
      );
    }
    throw err;
  }
  if (page.status < 200 || page.status > 299) {
    return result(
      "error",
      `Cannot check the badge on "${homepage}": the homepage returned ${page.status}`,
      null,
      page.status < 500,
    );
  }
  const type = page.headers.get("content-type") ?? "";
  if (type && !/html/i.test(type)) {
    return result("not_found", `The homepage "${page.url}" is not HTML (${type})`);
  }
  const link = await findServiceLink(page.text(), page.url, deps.config.publicUrl);
  if (link) return result("found", `Found a link to "${link}" on "${page.url}"`, page.url);
  const origin = new URL(deps.config.publicUrl).origin;
  return result(
    "not_found",
    `No link to ${origin} found in the HTML served at "${page.url}"`,
  );
}
