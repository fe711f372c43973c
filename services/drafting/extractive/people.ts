/**
 * People's names as pages write them: labels glued to a name cleaned off ("LinkedIn Jane Doe",
 * "Photo of Jane Doe", "CEO Jane Doe"), organisations told from people, the site's own names
 * (so "founder of <our product>" is ours and "founder of Globex" is not), and the sections of a
 * page whose people are never founders (advisors, investors, customers, testimonials).
 */
import type { PageView, Segment } from "./pages.ts";
import { looseText, normalizeQuoteText, spansOf } from "../text.ts";
import { PARTICLES } from "./founders_patterns.ts";

/**
 * A person's name: two to four capitalised words (particles such as "de", "van der" or "Ó"
 * allowed, a middle initial), or initials then a surname ("J. R. Smith").
 */
export const PERSON_RE = new RegExp(
  String
    .raw`^(?:\p{Lu}[\p{L}'-]+(?:\s\p{Lu}\.?)?(?:\s${PARTICLES}\p{Lu}[\p{L}'-]+){1,3}|(?:\p{Lu}\.\s){1,3}\p{Lu}[\p{L}'-]+)$`,
  "u",
);

/**
 * Link labels, picture captions, role words and a self-introduction's words ("Hi, I'm Jane Doe")
 * that pages glue to a name.
 */
const LABEL_WORDS = new Set(
  ("linkedin twitter x github gitlab website site homepage blog email e-mail mail instagram " +
    "facebook mastodon bluesky threads youtube dribbble behance medium substack profile bio " +
    "photo picture image headshot portrait avatar of meet about read more follow contact " +
    "ceo cto coo cpo cmo cfo founder co-founder cofounder president chief officer by and " +
    "the our with i'm i’m hi hello hey")
    .split(" "),
);
/** Labels that are role words: "CEO Jane Doe" names Jane Doe, and her title only where bound. */
export const ROLE_LABEL_RE = /^(?:(?:co-?)?founder|ceo|cto|coo|cpo|cmo|cfo|president)$/i;

/** Words that make a capitalised phrase an organisation, a product or a heading, not a person. */
const NOT_PERSON_WORDS = new Set(
  ("inc llc ltd gmbh ag bv sa sas srl plc labs lab studio studios technologies technology tech " +
    "corp corporation company co group capital ventures partners systems software solutions " +
    "team teams foundation agency ai app apps cloud media digital health bank pay university " +
    "institute network project community committee club collective consulting services " +
    "industries holdings hq news blog story stories how why what when where who " +
    "we us our this that these inside meet customer customers user users pricing features faq " +
    "about contact home docs product products platform api open source free pro plus")
    .split(" "),
);

/** Headings of sections whose people are not the product's founders. */
const NOT_FOUNDER_SECTION_RE =
  /\b(advis[eo]rs?|advisory|investors?|backed by|backers|board|steering|committee|mentors?|customers?|clients?|testimonials?|what (?:people|our users|they) say|loved by|trusted by|partners?|press(?! ?(?:kit|pack|resources)\b)|contributors?|community|speakers?|case stud(?:y|ies))\b/i;

/** A page whose people are not the site's (a blog post, a customer story, a news item). */
const TEASER_PATH_RE =
  /\/(?:blog|news|posts?|articles?|stories|customers?|case-stud(?:y|ies))(?:\/|$)/i;

/** A name with glued labels removed from both ends, or null when no person's name is left. */
export function cleanName(raw: string): { name: string; leadingRole: string | null } | null {
  const tokens = normalizeQuoteText(raw).replace(/[:|·•,]+/g, " ").split(" ").filter(Boolean);
  let leadingRole: string | null = null;
  while (tokens.length > 0 && LABEL_WORDS.has(tokens[0].toLowerCase())) {
    const t = tokens.shift()!;
    if (ROLE_LABEL_RE.test(t)) leadingRole = t;
  }
  while (tokens.length > 0 && LABEL_WORDS.has(tokens[tokens.length - 1].toLowerCase())) {
    tokens.pop();
  }
  // Words glued in front from a heading or a button ("Team Jane Doe"): drop them one by one.
  for (let from = 0; tokens.length - from >= 2; from++) {
    const name = tokens.slice(from).join(" ");
    if (isPersonName(name)) return { name, leadingRole: from === 0 ? leadingRole : null };
  }
  return null;
}

/** Whether a text is a person's name: the shape of one, and no organisation or heading word. */
export function isPersonName(name: string): boolean {
  if (!PERSON_RE.test(name)) return false;
  return !name.split(/\s+/).some((w) => NOT_PERSON_WORDS.has(w.toLowerCase()));
}

/** The site's own names (host label, site name, JSON-LD organisation name), loosely written. */
export function ownNames(views: PageView[]): string[] {
  const out = new Set<string>();
  for (const v of views) {
    try {
      const host = new URL(v.url).hostname.replace(/^www\./, "");
      out.add(looseText(host.split(".")[0]));
    } catch {
      // A page URL that does not parse names nothing.
    }
    const site = v.page.facts.og?.["site_name"];
    if (site) out.add(looseText(site));
    // The home page's title names the product first: "Tidewell | Support inbox".
    if (v.kind === "home" && v.page.title) {
      out.add(looseText(v.page.title.split(/\s[|–—:·-]\s/)[0]));
    }
  }
  return [...out].filter((n) => n.length >= 2);
}

/** Whether a name (an organisation after "founder of") is the site's own. */
export function isOwnName(name: string, own: string[]): boolean {
  const n = looseText(name);
  const squashed = n.replace(/ /g, "");
  return own.some((o) => o === n || o.replace(/ /g, "") === squashed || n.startsWith(`${o} `));
}

/** Whether a page is a blog post, news item or customer story (its people are not the site's). */
export function isTeaserPage(view: PageView): boolean {
  try {
    return TEASER_PATH_RE.test(new URL(view.url).pathname);
  } catch {
    return false;
  }
}

/** The heading a segment sits under (the last heading before it on its page), or "". */
export function sectionOf(view: PageView, seg: Segment): string {
  let heading = "";
  for (const s of view.segments) {
    if (s.start >= seg.start) break;
    if (s.heading) heading = s.text;
  }
  return heading;
}

/** Zones whose text is about other things than the site's company (see PageFacts.zones). */
const OTHER_ZONES = new Set(["teaser", "logos", "aside"]);

/**
 * Whether a segment is about other people than the site's founders: under a heading of advisors,
 * investors, customers and the like, or inside a teaser, logo wall or sidebar.
 */
export function inNonFounderSection(view: PageView, seg: Segment): boolean {
  const heading = sectionOf(view, seg);
  if (NOT_FOUNDER_SECTION_RE.test(heading) && !/\bfound(?:er|ing|ed)/i.test(heading)) return true;
  return inOtherZone(view, seg);
}

/** Whether a segment stands in a teaser, logo wall or sidebar: about other things than the company. */
export function inOtherZone(view: PageView, seg: Segment): boolean {
  return otherZoneSpans(view).some(([s, e]) => s <= seg.start && seg.end <= e);
}

const zoneSpanCache = new WeakMap<PageView, [number, number][]>();

function otherZoneSpans(view: PageView): [number, number][] {
  let spans = zoneSpanCache.get(view);
  if (!spans) {
    const zones = (view.page.facts.zones ?? []).filter((z) => OTHER_ZONES.has(z.kind));
    spans = spansOf(view.text, zones.map((z) => normalizeQuoteText(z.text)));
    zoneSpanCache.set(view, spans);
  }
  return spans;
}
