/**
 * People's links on a page: profiles (LinkedIn /in/, X, GitHub, ...) and personal sites outside
 * the header, navigation, footer and testimonials, each with the visible text of the card around
 * it, which ties a founder's own links to their name.
 */
import { normalizeWhitespace } from "../evidence.ts";
import { ancestorsAndSelf, resolve, visibleText } from "./dom.ts";
import { inChrome, isSameSite, socialPlatform } from "./links.ts";

/**
 * Whether a URL is a person's own profile on its platform: a LinkedIn /in/ page, an X, GitHub or
 * other account (one path segment, or @name), or a personal site; not an organisation's page.
 */
export function isPersonalProfile(href: string, platform: string): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (platform === "website") return true;
  const segments = url.pathname.split("/").filter(Boolean);
  const first = (segments[0] ?? "").toLowerCase();
  if (platform === "linkedin") {
    // linkedin.com/in/jane-doe, or with a profile language: /in/jane-doe/de
    return first === "in" && (segments.length === 2 || /^[a-z]{2}$/.test(segments[2] ?? "x"));
  }
  if (["x", "github", "instagram", "threads", "tiktok", "mastodon"].includes(platform)) {
    return segments.length === 1;
  }
  if (platform === "bluesky") return segments.length === 2;
  return platform === "youtube" ? first.startsWith("@") && segments.length === 1 : false;
}

const MAX_PROFILE_LINKS = 100;
const PERSONAL_SITE_LABEL_RE =
  /^(?:(?:my|personal) )?(?:website|web ?site|site|page|home ?page|blog|portfolio)$|^www$|^[\w-]+(?:\.[\w-]+)+\/?$/i;

/** A link to a profile or personal site outside the page's chrome, with the text around it. */
export interface ProfileLink {
  url: string;
  /** A social platform key (x, linkedin, github, ...) or "website" for a personal site. */
  platform: string;
  /** The visible text of the smallest block around the link that says more than link labels. */
  context: string;
  /** The link's own visible text, and where it starts in `context`. */
  label?: string;
  at?: number;
}

const MARK = "\u2063";

/** Where a link's text starts in the visible text of a block around it (a marked copy). */
function offsetIn(block: Element, a: Element): number | undefined {
  const index = [...block.querySelectorAll<Element>("a")].indexOf(a);
  const copy = block.cloneNode(true) as Element;
  const twin = copy.querySelectorAll("a")[index];
  if (!twin) return undefined;
  twin.textContent = MARK;
  const at = visibleText(copy).indexOf(MARK);
  return at >= 0 ? at : undefined;
}

/** The text of the smallest block around a link with at least two words besides link labels. */
function linkContext(a: Element): { context: string; at?: number } | null {
  for (const el of ancestorsAndSelf(a).slice(1, 8)) {
    if (el.localName === "body" || el.localName === "main") return null;
    const text = visibleText(el);
    let rest = text;
    for (const link of el.querySelectorAll("a")) rest = rest.replace(visibleText(link), " ");
    if ((rest.match(/\p{L}{2,}/gu) ?? []).length < 2) continue;
    return text.length <= 400 ? { context: text, at: offsetIn(el, a) } : null;
  }
  return null;
}

/**
 * Links to people's profiles (LinkedIn, X, GitHub, ...) and personal sites outside the header,
 * navigation, footer and testimonials, each with the visible text of the card around it: what
 * ties a founder's own links to their name.
 */
export function readProfileLinks(
  doc: Document,
  base: string,
  testimonials: Element[],
): ProfileLink[] {
  const page = new URL(base);
  const out: ProfileLink[] = [];
  for (const a of doc.querySelectorAll("a[href]")) {
    if (out.length >= MAX_PROFILE_LINKS) break;
    if (inChrome(a) || testimonials.some((t) => t.contains(a))) continue;
    const url = resolve(a.getAttribute("href"), base);
    if (!url || isSameSite(url, page)) continue;
    url.hash = "";
    const label = visibleText(a) || normalizeWhitespace(a.getAttribute("aria-label") ?? "");
    const relMe = /(^|\s)me(\s|$)/i.test(a.getAttribute("rel") ?? "");
    // A link labelled "Mastodon" to an /@name path is a Mastodon profile on any instance.
    const platform = socialPlatform(url, relMe || /^mastodon$/i.test(label)) ??
      (relMe || PERSONAL_SITE_LABEL_RE.test(label) ? "website" : null);
    if (!platform || out.some((l) => l.url === url.href)) continue;
    const placed = linkContext(a);
    if (placed) out.push({ url: url.href, platform, ...placed, label });
  }
  return out;
}
