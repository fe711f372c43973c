/** Where to reach the product: contact email, demo video, logo and the company's social profiles. */
import { SOCIAL_KEYS } from "../../../kv/types.ts";
import { type DraftedValue, type DraftProposal, isDepartmentEmail } from "../evidence.ts";
import type { PageView } from "./pages.ts";
import { jsonLdObjects, NONE, quote, quoteFor, value } from "./pages.ts";
import { canonicalUrl, isFavicon, normalizeQuoteText } from "../text.ts";
import { isCompanyProfile, writtenEmails } from "../extract/links.ts";
import { isCompanySocialAt } from "../crawler/app_data.ts";

/**
 * The contact email, a contact page's and a hello@-style address first; a department's address
 * (press@, jobs@) is never the site's.
 */
export function draftEmail(views: PageView[]): DraftedValue {
  const candidates: { email: string; view: PageView; rank: number }[] = [];
  for (const v of views) {
    for (const e of v.page.facts.emails ?? []) {
      const email = e.trim().replace(/^mailto:/i, "");
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) continue;
      // A testimonial's e-mail is its author's; a footer line that ends in a copyright notice
      // ("Cork, Ireland · sales@… · © 2022") still gives the company's.
      if ((v.page.facts.testimonials ?? []).some((t) => t.includes(email))) continue;
      if (isDepartmentEmail(email)) continue;
      const local = email.split("@")[0].toLowerCase();
      const rank = (v.kind === "contact" ? 0 : 2) +
        (/^(hello|hi|contact|info|team|support|help|sales)$/.test(local) ? 0 : 1) +
        (/^(privacy|legal|abuse|noreply|no-reply|dpo|gdpr|security)$/.test(local) ? 5 : 0);
      const own = ownDomain(views, email);
      // Written out against harvesters on another organisation's domain ("dana [at] agency.example"
      // on a press page): a way to reach someone else, never the site's contact address.
      if (!own && writtenOnly(v, email)) continue;
      candidates.push({ email, view: v, rank: rank + (own ? 0 : 3) });
    }
  }
  candidates.sort((a, b) => a.rank - b.rank);
  const c = candidates[0];
  if (!c) {
    for (const v of views) {
      for (const o of jsonLdObjects(v)) {
        const email = typeof o.email === "string"
          ? normalizeQuoteText(o.email).replace(/^mailto:/i, "")
          : "";
        const line = v.extras.find((e) => e === `email: ${normalizeQuoteText(String(o.email))}`);
        if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && line) return value(email, [quote(v, line)]);
      }
    }
    return NONE;
  }
  // An address written out ("hello [at] acme.com") is quoted as the page writes it.
  const written = writtenEmails(c.view.text).find((w) =>
    w.email.toLowerCase() === c.email.toLowerCase()
  )?.written;
  const inText = quoteFor([c.view], written ?? c.email, 200);
  return value(c.email, [inText ?? quote(c.view, c.email)]);
}

/** Whether a page gives an address only written out ("dana [at] agency.example"). */
function writtenOnly(v: PageView, email: string): boolean {
  const lower = email.toLowerCase();
  return !v.text.toLowerCase().includes(lower) &&
    writtenEmails(v.text).some((w) => w.email.toLowerCase() === lower);
}

/**
 * Whether an address's domain is the site's own: its host, or a name the home title states
 * ("Tillroll | …" for hello@tillroll.example). Another organisation's address comes after the site's own;
 * written out ("orders [at] partner.example"), it is not drafted at all.
 */
function ownDomain(views: PageView[], email: string): boolean {
  const label = (email.split("@")[1] ?? "").toLowerCase().replace(/^(?:www|mail)\./, "")
    .split(".")[0];
  if (!label) return false;
  return views.some((v) => {
    let host = "";
    try {
      host = new URL(v.url).hostname.toLowerCase();
    } catch { /* no URL */ }
    const title = (v.page.facts.title ?? v.page.title ?? "").toLowerCase().replace(
      /[^\p{L}\p{N}]/gu,
      "",
    );
    return host.split(".").includes(label) || title.includes(label);
  });
}

/** The first video link on the pages. */
export function draftVideo(views: PageView[]): DraftedValue {
  for (const v of views) {
    const link = (v.page.facts.video_links ?? [])[0];
    if (link) return value(link, [quote(v, link)]);
  }
  return NONE;
}

/** The logo the extractor found, else a JSON-LD logo. */
export function draftLogo(views: PageView[]): DraftedValue {
  for (const v of views) {
    const logo = v.page.facts.logo_url;
    if (logo && !isIcon(logo)) return value(logo, [quote(v, logo)]);
  }
  for (const v of views) {
    for (const o of jsonLdObjects(v)) {
      const logo = typeof o.logo === "string"
        ? o.logo
        : typeof (o.logo as Record<string, unknown>)?.url === "string"
        ? (o.logo as Record<string, string>).url
        : null;
      if (logo && /^https?:\/\//.test(logo) && !isIcon(logo)) {
        return value(logo, [quote(v, logo)]);
      }
    }
  }
  return NONE;
}

/**
 * The default icons web frameworks' starter projects ship (Vite's `/vite.svg`, Next.js's
 * `next.svg`, Create React App's `logo192.png`, ...): a site that keeps one has no logo of its own
 * there.
 */
const DEFAULT_ICON_RE =
  /^(?:vite|react|vue|svelte|solid|preact|lit|qwik|astro|nuxt|next|vercel|angular|remix|gatsby-icon|logo192|logo512|docusaurus|tauri|electron|deno|bun)\.(?:svg|png|ico|webp)$/i;

/** Whether an image URL is a favicon or a framework's default icon, never the product's logo. */
function isIcon(url: string): boolean {
  let name = url;
  try {
    name = new URL(url).pathname;
  } catch { /* a path */ }
  return isFavicon(url) || DEFAULT_ICON_RE.test(name.split("/").pop() ?? "");
}

/**
 * The company's social profile links, one per platform: organisation pages only (never a
 * person's LinkedIn /in/ page, a founder's own link, a post, or a repository's releases or issues),
 * from the pages' links, then from the lists of the company's profiles in an app's data (quoted
 * from there, crawler/app_data.ts).
 */
export function draftSocials(
  views: PageView[],
  founders: DraftProposal["founders"] = [],
): DraftProposal["company_socials"] {
  const out: DraftProposal["company_socials"] = {};
  // A founder's own link (found by their name) is theirs, not the company's.
  const personal = new Set(
    founders.flatMap((f) =>
      Object.values(f.links ?? {}).map((d) => canonicalUrl(String(d?.value)))
    ),
  );
  const usable = (key: string, url: string) =>
    (SOCIAL_KEYS as readonly string[]).includes(key) && !out[key] &&
    /^https?:\/\//.test(url) && isCompanyProfile(new URL(url), key) &&
    !personal.has(canonicalUrl(url));
  for (const v of views) {
    for (const [key, url] of Object.entries(v.page.facts.socials ?? {})) {
      if (usable(key, url)) out[key] = value(url, [quote(v, url)]);
    }
  }
  for (const v of views) {
    for (const link of v.page.facts.profile_links ?? []) {
      if (!link.locator || !isCompanySocialAt(link.locator)) continue;
      if (!usable(link.platform, link.url)) continue;
      const cited = { quote: link.url, url: v.url, source: "app" as const, locator: link.locator };
      out[link.platform] = value(link.url, [cited]);
    }
  }
  return out;
}
