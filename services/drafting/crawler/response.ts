/** What the crawler makes of an answer: the start URL it asks for, whether a page is HTML, its text. */
import type { GuardedResponse } from "../../platform/fetcher.ts";

/** The start URL with a scheme (https:// when missing) and no fragment, or why it is unusable. */
export function normalizeStartUrl(input: string): URL | string {
  const trimmed = input.trim();
  if (!trimmed) return "no URL was given";
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return "it is not a valid URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `only http and https sites are read, not "${url.protocol}"`;
  }
  url.hash = "";
  return url;
}

/** Why a fetched page is not evidence (status, not HTML), or null. */
export function pageProblem(res: GuardedResponse): string | null {
  if (res.status < 200 || res.status >= 300) return `HTTP ${res.status}`;
  const type = (res.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "text/html" || type === "application/xhtml+xml") return null;
  if (
    !type && /^\s*(?:<!doctype html|<html)/i.test(new TextDecoder().decode(res.body.slice(0, 512)))
  ) {
    return null;
  }
  return `not an HTML page (${type || "no content type"})`;
}

/** The body as text, in the charset the header or a <meta charset> names (UTF-8 by default). */
export function decodeHtml(res: GuardedResponse): string {
  const header = /charset=["']?([\w-]+)/i.exec(res.headers.get("content-type") ?? "")?.[1];
  const head = new TextDecoder("latin1").decode(res.body.slice(0, 2048));
  const meta = /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1];
  for (const label of [header, meta]) {
    if (!label || /^utf-?8$/i.test(label)) continue;
    try {
      return new TextDecoder(label).decode(res.body);
    } catch {
      // An unknown charset: fall back to UTF-8.
    }
  }
  return res.text();
}
