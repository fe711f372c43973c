/** Where a page points: its logo, same-site links, social profiles, email addresses and videos. */
import { normalizeWhitespace } from "../evidence.ts";
import { ancestorsAndSelf, classAndId, resolve, visibleText } from "./dom.ts";
import { jsonLdTypes, organizations, stringsOf } from "./json_ld.ts";
import { isPersonName } from "../extractive/people.ts";
import {
  brandNames,
  hostParties,
  hostsHandle,
  labelledFediverse,
  ownHandle,
} from "./social_owner.ts";

const MAX_LINKS = 300;

/** The logo URL: JSON-LD organisation logo, a header image that is the logo, else the largest icon. */
export function readLogo(
  doc: Document,
  base: string,
  jsonLd: Record<string, unknown>[],
): string | null {
  for (const org of organizations(jsonLd)) {
    for (const logo of stringsOf(org.logo)) {
      const url = resolve(logo, base);
      if (url) return url.href;
    }
  }
  for (const item of jsonLd) {
    if (jsonLdTypes(item).includes("Person")) continue;
    for (const logo of stringsOf(item.logo)) {
      const url = resolve(logo, base);
      if (url) return url.href;
    }
  }
  const headerImages = [...doc.querySelectorAll("img")].filter(inHeader);
  const byWord = headerImages.find((img) =>
    /logo/i.test(`${classAndId(img)} ${img.getAttribute("alt") ?? ""} ${imgSrc(img)}`) ||
    ancestorsAndSelf(img).slice(1, 4).some((a) => /logo|brand/i.test(classAndId(a)))
  );
  const homeLink = headerImages.find((img) => {
    const href = img.closest("a")?.getAttribute("href");
    return href !== undefined && href !== null && resolve(href, base)?.pathname === "/";
  });
  for (const img of [byWord, homeLink]) {
    const url = img ? resolve(imgSrc(img), base) : null;
    if (url) return url.href;
  }
  const icons = [...doc.querySelectorAll("link[rel][href]")].filter((l) =>
    /(^|\s)(icon|apple-touch-icon|apple-touch-icon-precomposed)(\s|$)/i.test(
      l.getAttribute("rel") ?? "",
    )
  );
  const iconSize = (l: Element) => {
    if (/apple-touch-icon/i.test(l.getAttribute("rel") ?? "")) return 1000;
    return Number(/(\d+)x\d+/.exec(l.getAttribute("sizes") ?? "")?.[1] ?? 0);
  };
  icons.sort((a, b) => iconSize(b) - iconSize(a));
  for (const icon of icons) {
    const url = resolve(icon.getAttribute("href"), base);
    if (url) return url.href;
  }
  return null;
}

function imgSrc(img: Element): string {
  return img.getAttribute("src") ?? img.getAttribute("data-src") ?? "";
}

function inHeader(el: Element): boolean {
  return ancestorsAndSelf(el).some((a) =>
    a.localName === "header" || a.localName === "nav" || a.getAttribute("role") === "banner" ||
    /(^|[\s_-])(header|navbar|topbar|masthead|site-nav)([\s_-]|$)/i.test(classAndId(a))
  );
}

/** Same-site links with their anchor text, one per URL (at most 300). */
export function readLinks(doc: Document, base: string): { url: string; text: string }[] {
  const page = new URL(base);
  const byUrl = new Map<string, { url: string; text: string }>();
  for (const a of doc.querySelectorAll("a[href], area[href]")) {
    const url = resolve(a.getAttribute("href"), base);
    if (!url || !isSameSite(url, page)) continue;
    url.hash = "";
    const text = visibleText(a) || normalizeWhitespace(
      a.getAttribute("aria-label") ?? a.getAttribute("title") ??
        a.querySelector("img[alt]")?.getAttribute("alt") ?? "",
    );
    const known = byUrl.get(url.href);
    if (!known) {
      if (byUrl.size >= MAX_LINKS) continue;
      byUrl.set(url.href, { url: url.href, text });
    } else if (!known.text && text) {
      known.text = text;
    }
  }
  return [...byUrl.values()];
}

/** Same site: the same host (ignoring a leading `www.`) and port; the scheme may differ. */
export function isSameSite(a: URL, b: URL): boolean {
  const host = (u: URL) => u.hostname.toLowerCase().replace(/^www\./, "");
  const port = (u: URL) => u.port || (u.protocol === "https:" ? "443" : "80");
  if (host(a) !== host(b)) return false;
  // http and https on default ports are one site (e.g. an http link on an https site).
  const defaults = new Set(["80", "443"]);
  return port(a) === port(b) || (defaults.has(port(a)) && defaults.has(port(b)));
}

const KNOWN_MASTODON_HOSTS = new Set([
  "mastodon.social",
  "mastodon.online",
  "mastodon.world",
  "mas.to",
  "mstdn.social",
  "fosstodon.org",
  "hachyderm.io",
  "infosec.exchange",
  "techhub.social",
  "indieweb.social",
  "universeodon.com",
  "mastodon.cloud",
  "social.vivaldi.net",
  "ruby.social",
  "phpc.social",
  "toot.community",
]);

/** The platform key of a social profile URL (x, linkedin, github, ...), or null. */
export function socialPlatform(url: URL, relMe = false): string | null {
  const host = url.hostname.toLowerCase().replace(/^(?:www|m|mobile)\./, "")
    .replace(/^[a-z]{2}\.(?=linkedin\.com$)/, ""); // uk.linkedin.com: a country's LinkedIn
  const segments = url.pathname.split("/").filter(Boolean);
  const first = (segments[0] ?? "").toLowerCase();
  if (!first && host !== "discord.gg") return null;
  switch (host) {
    case "x.com":
    case "twitter.com":
      return ["intent", "share", "home", "i", "search", "hashtag", "login"].includes(first)
        ? null
        : "x";
    case "linkedin.com":
      return ["company", "in", "school", "showcase"].includes(first) ? "linkedin" : null;
    case "github.com":
      return ["features", "pricing", "login", "about", "sponsors", "marketplace", "topics"]
          .includes(first)
        ? null
        : "github";
    case "youtube.com":
      return first.startsWith("@") || ["c", "channel", "user"].includes(first) ? "youtube" : null;
    case "facebook.com":
    case "fb.com":
      return ["sharer", "sharer.php", "share.php", "dialog", "share", "plugins"].includes(first)
        ? null
        : "facebook";
    case "instagram.com":
      return ["p", "reel", "reels", "explore", "stories"].includes(first) ? null : "instagram";
    case "tiktok.com":
      return first.startsWith("@") ? "tiktok" : null;
    case "discord.gg":
      return segments.length > 0 ? "discord" : null;
    case "discord.com":
    case "discordapp.com":
      return first === "invite" && segments.length > 1 ? "discord" : null;
    case "reddit.com":
      return ["r", "user", "u"].includes(first) && segments.length > 1 ? "reddit" : null;
    case "threads.net":
    case "threads.com":
      return first.startsWith("@") ? "threads" : null;
    case "bsky.app":
      return first === "profile" && segments.length > 1 ? "bluesky" : null;
  }
  const profilePath = /^\/@[\w.-]+\/?$/.test(url.pathname);
  const mastodonHost = KNOWN_MASTODON_HOSTS.has(host) || /^(?:mastodon|mstdn|toot)\./.test(host);
  return profilePath && (mastodonHost || relMe) ? "mastodon" : null;
}

/** Classes and ids of the blocks that hold one person (a team card, an author box). */
const PERSON_BLOCK_RE =
  /(^|[\s_-])(team|member|members|founders?|person|people|author|speaker|staff|bio|profile|avatar|advisors?|investors?|crew|employee)([\s_-]|$)/i;

/**
 * Whether a profile URL is a company's: an organisation page, not a person's LinkedIn (/in/),
 * a post or status, nor a repository's releases, issues or files.
 */
export function isCompanyProfile(url: URL, platform: string): boolean {
  const segments = url.pathname.split("/").filter(Boolean);
  const first = (segments[0] ?? "").toLowerCase();
  switch (platform) {
    case "linkedin":
      return first !== "in" && segments.length <= 3;
    case "x":
      return segments.length === 1;
    case "github":
      return segments.length <= 2;
    case "facebook":
    case "instagram":
    case "tiktok":
    case "threads":
      return segments.length <= 2;
  }
  return true;
}

/**
 * Whether a link is a person's: inside a person's card (team member, author box), or labelled
 * with a person's name after "by" ("Created by <a>Chidi Okonkwo</a>", "by <a>A</a> and <a>B</a>").
 */
function inPersonBlock(el: Element): boolean {
  if (
    ancestorsAndSelf(el).slice(0, 8).some((a) =>
      a.localName !== "body" && a.localName !== "main" && PERSON_BLOCK_RE.test(classAndId(a))
    )
  ) return true;
  const label = visibleText(el);
  if (!label || !el.parentElement) return false;
  const around = visibleText(el.parentElement);
  const before = around.slice(0, Math.max(0, around.indexOf(label)));
  // "Made by @annika_codes", "Designed by <a>Studio Vela</a>": the maker's account, whoever it is.
  if (MAKER_CREDIT_RE.test(before)) return true;
  return isPersonName(label) && /\bby\b[^.!?]{0,120}$/i.test(before);
}

/** A credit right before a link: "Made by", "Built with ♥ by", "Site by", "Design by". */
const MAKER_CREDIT_RE =
  /\b(?:made|built|crafted|created|designed|developed|maintained|coded|site|website|design|photos?|illustrations?)(?: with [^.!?]{1,20})? by:?\s*$/iu;

/** Whether an element is in the page's header, navigation or footer. */
export function inChrome(el: Element): boolean {
  return ancestorsAndSelf(el).some((a) =>
    a.localName === "header" || a.localName === "footer" || a.localName === "nav" ||
    a.getAttribute("role") === "contentinfo" || a.getAttribute("role") === "banner"
  );
}

/**
 * The company's social profile URLs by platform: JSON-LD `sameAs` of the organisation or product
 * first, then links in the header, navigation and footer, then other links; never a link inside a
 * testimonial or a person's card, a personal LinkedIn, a post, or a repository's sub-page.
 */
export function readSocials(
  doc: Document,
  base: string,
  jsonLd: Record<string, unknown>[],
  testimonials: Element[],
): Record<string, string> {
  const socials: Record<string, string> = {};
  const brands = brandNames(doc, base);
  const parties = hostParties(visibleText(doc.body ?? doc.documentElement!), brands);
  const add = (href: string | null | undefined, relMe: boolean) => {
    const url = resolve(href, base);
    if (!url) return;
    const platform = socialPlatform(url, relMe);
    if (!platform || platform in socials || !isCompanyProfile(url, platform)) return;
    if (hostsHandle(url, parties)) return; // the hosting platform's own account
    url.hash = "";
    url.search = "";
    socials[platform] = url.href;
  };
  const sameAsOwners = [
    ...organizations(jsonLd),
    ...jsonLd.filter((item) => !jsonLdTypes(item).includes("Person")),
  ];
  for (const owner of sameAsOwners) {
    for (const href of stringsOf(owner.sameAs)) add(href, false);
  }
  const links = [...doc.querySelectorAll("a[href], link[href]")].filter((el) =>
    !testimonials.some((t) => t.contains(el)) && !inPersonBlock(el)
  );
  const relMe = (el: Element) => /(^|\s)me(\s|$)/i.test(el.getAttribute("rel") ?? "");
  // rel="me", or a label that says Mastodon: a Mastodon profile on an instance not listed.
  const fediverse = (el: Element) => {
    const url = el.localName === "a" ? resolve(el.getAttribute("href"), base) : null;
    return relMe(el) || (!!url && labelledFediverse(el, url, visibleText(el)));
  };
  for (const el of links.filter(inChrome)) add(el.getAttribute("href"), fediverse(el));
  // In the page's content, a personal-style account is the company's only when its handle is the
  // site's name or the link asks to follow or join "us": else it is someone else's profile.
  for (const el of links.filter((l) => !inChrome(l))) {
    const href = el.getAttribute("href");
    const url = resolve(href, base);
    const platform = url && socialPlatform(url, fediverse(el));
    if (!url || !platform) continue;
    // "Follow me on X" invites to follow a person: the "me" is whoever wrote the block.
    const label = visibleText(el);
    const invites = /\b(?:follow|join|star|us|our)\b/i.test(label) && !/\b(?:me|my)\b/i.test(label);
    if (relMe(el) || !ACCOUNT_PLATFORMS.has(platform) || invites || ownHandle(url, brands)) {
      add(href, fediverse(el));
    }
  }
  return socials;
}

/** Platforms where a profile may be a person's or a company's account. */
const ACCOUNT_PLATFORMS = new Set([
  "x",
  "github",
  "instagram",
  "tiktok",
  "threads",
  "bluesky",
  "mastodon",
  "facebook",
  "youtube",
]);

const EMAIL_IN_TEXT = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi;
/** " [at] ", "(at)", "{at}": an @ written out against spam harvesters, always in brackets. */
const WRITTEN_AT = String.raw`\s*[\[({]\s*at\s*[\])}]\s*`;
/** "." or " [dot] ", "(dot)" in a written-out address. */
const WRITTEN_DOT = String.raw`(?:\s*[\[({]\s*dot\s*[\])}]\s*|\.)`;
const WRITTEN_EMAIL_RE = new RegExp(
  String.raw`([A-Z0-9._%+-]+)${WRITTEN_AT}((?:[A-Z0-9-]+${WRITTEN_DOT})+[A-Z]{2,})\b`,
  "gi",
);

/**
 * Addresses a text writes out against spam harvesters ("hello [at] acme [dot] com",
 * "hello(at)acme.com"), each with the address and the words as written (a span of the text).
 */
export function writtenEmails(text: string): { email: string; written: string }[] {
  return [...text.matchAll(WRITTEN_EMAIL_RE)].map((m) => ({
    email: `${m[1]}@${m[2].replace(new RegExp(WRITTEN_DOT, "gi"), ".")}`,
    written: m[0],
  }));
}

/** Email addresses from mailto: links and the visible text (also written out with [at]), each once. */
export function readEmails(doc: Document, text: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const add = (email: string) => {
    const clean = email.trim().replace(/^mailto:/i, "");
    if (!/^[^\s@<>(),;:]+@[^\s@<>(),;:]+\.[a-z]{2,}$/i.test(clean)) return;
    if (/\.(?:png|jpe?g|gif|webp|svg|avif)$/i.test(clean)) return; // logo@2x.png
    const key = clean.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    found.push(clean);
  };
  for (const a of doc.querySelectorAll("a[href]")) {
    const href = (a.getAttribute("href") ?? "").trim();
    if (!/^mailto:/i.test(href)) continue;
    let addresses = href.slice(7).split("?")[0];
    try {
      addresses = decodeURIComponent(addresses);
    } catch {
      // Keep the raw text.
    }
    for (const address of addresses.split(",")) add(address);
  }
  // "@ferrowasm@hachyderm.io" is a fediverse handle, not an address.
  for (const match of text.matchAll(EMAIL_IN_TEXT)) {
    if (text[(match.index ?? 0) - 1] !== "@") add(match[0]);
  }
  for (const { email } of writtenEmails(text)) add(email);
  return found;
}

/** Whether a URL is a video: YouTube, Vimeo, Loom or Wistia, or a video file. */
export function isVideoUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/^(?:www|m)\./, "");
  const path = url.pathname;
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    return (path === "/watch" && url.searchParams.has("v")) ||
      /^\/(?:embed|shorts|live|v)\/[\w-]+/.test(path);
  }
  if (host === "youtu.be") return /^\/[\w-]+/.test(path);
  if (host === "vimeo.com") return /^\/(?:\d+|video\/\d+|channels\/[\w-]+\/\d+)/.test(path);
  if (host === "player.vimeo.com") return /^\/video\/\d+/.test(path);
  if (host === "loom.com") return /^\/(?:share|embed)\/\w+/.test(path);
  if (host.endsWith("wistia.com") || host.endsWith("wistia.net")) {
    return /\/(?:medias|embed)\//.test(path);
  }
  return /\.(?:mp4|webm|mov|m4v|ogv)$/i.test(path);
}

/** Video URLs from links, embeds and video elements. */
export function readVideoLinks(doc: Document, base: string): string[] {
  const out: string[] = [];
  const add = (href: string | null | undefined, always: boolean) => {
    const url = resolve(href, base);
    if (!url || !(always || isVideoUrl(url))) return;
    url.hash = "";
    if (!out.includes(url.href)) out.push(url.href);
  };
  for (const el of doc.querySelectorAll("a[href]")) add(el.getAttribute("href"), false);
  for (const el of doc.querySelectorAll("iframe, embed")) {
    add(el.getAttribute("src") ?? el.getAttribute("data-src"), false);
  }
  for (const el of doc.querySelectorAll("video[src], video source[src]")) {
    add(el.getAttribute("src"), true);
  }
  return out;
}
