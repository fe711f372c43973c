/**
 * Whose account a social link is: the site's own (its handle carries one of the site's names) or
 * the platform's that hosts the page (a code host's or a newsletter platform's chrome links).
 */
import { HOSTED_REPO_RE, HOSTING_RE, PAGE_NAME_RE, SECTION_NAME_RE } from "../page_names.ts";

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * The site's names, loosely squashed: its host's first label, og:site_name, and its title's parts
 * of at most three words that are not a page's or a section's name (a tagline is not a name). A
 * repository's title ("owner/repo: description") gives the repository's name; a code host's name
 * ("Codeberg.org") is never one of the site's names.
 */
export function brandNames(doc: Document, base: string): string[] {
  const host = new URL(base).hostname.replace(/^www\./, "").split(".")[0];
  const site = (doc.querySelector('meta[property="og:site_name"]')?.getAttribute("content") ?? "")
    .trim();
  // Every part of the title but a page's name ("Community · Lumenbird" names Lumenbird).
  const titles = (doc.querySelector("title")?.textContent ?? "").split(/\s[|\-–—:·•]\s/)
    .map((p) => p.trim()).map((p) => p.match(HOSTED_REPO_RE)?.[1] ?? p).filter((p) =>
      p && p.split(/\s+/).length <= 3 && !PAGE_NAME_RE.test(p) && !SECTION_NAME_RE.test(p)
    );
  return [host, HOSTING_RE.test(site) ? "" : site, ...titles]
    .filter((b) => !HOSTING_RE.test(b)).map(squash)
    .filter((b) => b.length >= 3 && !/^\d+$/.test(b));
}

/** A profile's handle, squashed ("@acme-app" → "acmeapp"). */
function handleOf(url: URL): string {
  const segments = url.pathname.split("/").filter(Boolean);
  const company = segments[0] === "profile" || segments[0] === "company";
  return squash((company ? segments[1] : segments[0]) ?? "").replace(/^@/, "");
}

/** Whether a profile's handle is one of the site's names ("@acme", "acmehq", "acme-app"). */
export function ownHandle(url: URL, brands: string[]): boolean {
  const handle = handleOf(url);
  return handle.length >= 3 && brands.some((b) => handle.includes(b) || b.includes(handle));
}

/** "published on Letterkiln", "hosted on Codeberg", "powered by Ghost": the platform a page is on. */
const NAME_WORD = String.raw`\p{Lu}[\p{L}\p{N}]{2,}(?:[.-][\p{L}\p{N}]+)*`;
const HOSTED_ON_RE = new RegExp(
  String.raw`\b(?:published|hosted|powered|built|made|created)\s+(?:on|by|with)\s+` +
    `(${NAME_WORD}(?: ${NAME_WORD})?)`,
  "gu",
);

/**
 * The parties hosting the page, squashed: the code hosts, the page's og:site_name when it is a
 * code host, and the platform a sentence says the page is published or hosted on. None of them
 * is the site's own name.
 */
export function hostParties(text: string, brands: string[]): string[] {
  const named = [...text.matchAll(HOSTED_ON_RE)].map((m) => squash(m[1]));
  const hosts = ["github", "gitlab", "codeberg", "bitbucket", "sourceforge", "gitea"];
  return [...hosts, ...named].filter((p) =>
    p.length >= 4 && !brands.some((b) => b.includes(p) || p.includes(b))
  );
}

/**
 * Whether a profile's handle names a party hosting the page ("x.com/codeberg_org" on a repository
 * hosted by Codeberg, "linkedin.com/company/letterkiln" under "published on Letterkiln"): the
 * platform's account, never the site's.
 */
export function hostsHandle(url: URL, parties: string[]): boolean {
  const handle = handleOf(url);
  return handle.length >= 3 && parties.some((p) => handle.includes(p));
}

/** A fediverse handle written as a link's label ("@ferrowasm@hachyderm.io"). */
const FEDIVERSE_HANDLE_RE = /^@([\w.-]+)@([\w.-]+\.[a-z]{2,})$/iu;

/**
 * Whether a link's own label says it is a Mastodon profile: its text is the fediverse handle of
 * that very URL, or its text, image alt text, aria-label or title names Mastodon.
 */
export function labelledFediverse(el: Element, url: URL, label: string): boolean {
  const m = label.trim().match(FEDIVERSE_HANDLE_RE);
  if (m) {
    return url.hostname.toLowerCase() === m[2].toLowerCase() &&
      url.pathname.replace(/\/$/, "").toLowerCase() === `/@${m[1].toLowerCase()}`;
  }
  const named = [
    label,
    el.getAttribute("aria-label") ?? "",
    el.getAttribute("title") ?? "",
    ...[...el.querySelectorAll("img")].map((img) => img.getAttribute("alt") ?? ""),
  ];
  return named.some((t) => /\bmastodon\b/i.test(t));
}
