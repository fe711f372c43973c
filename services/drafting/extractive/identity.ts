/** What the product is called and how it describes itself: name, tagline and descriptions. */
import { type DraftedValue, type DraftProposal, type EvidenceQuote } from "../evidence.ts";
import { draftFaqs } from "./faqs.ts";
import { draftFeatures } from "./features.ts";
import type { PageView, Segment } from "./pages.ts";
import { isPersonName, sectionOf } from "./people.ts";
import { inPostsBlock } from "./story.ts";
import {
  isProse,
  jsonLdObjects,
  MAX_PROSE_QUOTE,
  metaDescription,
  NONE,
  proseRuns,
  quote,
  quoteFor,
  similar,
  sourcedQuote,
  value,
} from "./pages.ts";
import { looseText, MAX_QUOTE_CHARS, normalizeQuoteText, spansOf, words } from "../text.ts";
import {
  HOSTING_RE,
  ISSUE_HEADING_RE,
  namesPage,
  PAGE_NAME_RE,
  titleParts,
  withoutProductAffix,
  withoutSection,
} from "../page_names.ts";

export { titleParts };

const SOFTWARE_TYPES =
  /^(SoftwareApplication|WebApplication|MobileApplication|Product|WebSite|Organization|Corporation)$/;

function ldType(o: Record<string, unknown>): string {
  const t = o["@type"];
  return Array.isArray(t) ? String(t[0]) : String(t ?? "");
}

/** The product name: JSON-LD, og:site_name or the title part that names it, quoted on a page. */
export function draftName(ctx: { views: PageView[]; startUrl: string }): DraftedValue {
  const candidates: NameCandidate[] = [];
  const home = ctx.views.filter((v) => v.kind === "home");
  const ordered = [...home, ...ctx.views.filter((v) => v.kind !== "home")];
  for (const v of ordered) {
    const objs = jsonLdObjects(v).filter((o) => SOFTWARE_TYPES.test(ldType(o)));
    objs.sort((a, b) => typeOrder(ldType(a)) - typeOrder(ldType(b)));
    for (const o of objs) {
      if (typeof o.name !== "string") continue;
      // An organisation's legal form is not part of the product's name ("Ledgerline Ltd").
      const name = /^(Organization|Corporation)$/.test(ldType(o))
        ? normalizeQuoteText(o.name).replace(LEGAL_FORM_RE, "")
        : o.name;
      // A name then lower-case words names a thing of the product ("Tillroll add-ons"): the
      // leading name is the product's only when the page title states it.
      const thing = ldThingOf(v, name);
      if (thing) {
        candidates.push({ name: thing, view: v, rank: NAME_RANK.Other });
        continue;
      }
      const rank = typeOrder(ldType(o)) === 0 ? NAME_RANK.Product : NAME_RANK.Other;
      candidates.push({ name, view: v, ld: normalizeQuoteText(o.name), rank });
    }
    // A code host's og:site_name ("Codeberg.org" on a repository's page) is the host's name.
    const site = v.page.facts.og?.["og:site_name"] ?? v.page.facts.og?.["site_name"];
    if (site && !HOSTING_RE.test(site.trim())) {
      candidates.push({ name: site, view: v, rank: NAME_RANK.SiteName, site: site.trim() });
    }
  }
  let domain = "";
  try {
    domain = new URL(ctx.startUrl).hostname.replace(/^www\./, "").split(".")[0].toLowerCase();
  } catch { /* no start URL */ }
  for (const v of ordered) {
    const title = v.page.facts.title ?? v.page.title;
    if (!title) continue;
    const parts = titleParts(title);
    const byDomain = parts.find((p) => domain && looseText(p).replace(/ /g, "").includes(domain));
    const short = parts.find((p) => words(p).length <= 3);
    const h1 = (v.page.facts.headings ?? []).find((h) => h.level === 1)?.text;
    const desc = metaDescription(v);
    // A lone title part is the name when the h1 or the meta description's subject agrees.
    // A lone title part is the name when the h1, the meta description's subject or the subject
    // of the page's first sentences agrees ("Quietroom books a guided break …").
    const subject = (t: string, p: string) => looseText(t).startsWith(`${looseText(p)} `);
    const spoken = (p: string) =>
      (desc !== null && subject(desc, p)) ||
      v.segments.slice(0, 12).some((seg) => isProse(seg) && subject(seg.text, p));
    const agrees = (p: string) => (h1 !== undefined && looseText(h1) === looseText(p)) || spoken(p);
    const alone = parts.length === 1 && words(parts[0]).length <= 3 && agrees(parts[0])
      ? parts[0]
      : undefined;
    const pick = byDomain ?? (parts.length > 1 || namesPage(title) ? short : alone);
    // A title part the page's own sentences make their subject names the product, even when the
    // domain and og:site_name name the company that makes it ("Pagecraft — … | Northwind Labs").
    const stated = parts.find((p) => words(p).length <= 3 && properNoun(v, p) && agrees(p));
    const named = stated ?? pick;
    const rank = stated ? NAME_RANK.Subject : NAME_RANK.Title;
    // A short h1 the page's sentences make their subject names the product when no title part
    // does ("Home — Marram Studio" over an h1 "Seedlot" and "Seedlot keeps stock counts …"), and
    // no og:site_name names the site otherwise (an h1 "Juno" under og:site_name "Helpwise" is a
    // feature or an assistant of the product).
    const siteName = v.page.facts.og?.["og:site_name"] ?? v.page.facts.og?.["site_name"];
    const otherSite = !!siteName && looseText(siteName) !== looseText(h1 ?? "");
    if (!stated && !otherSite && h1 && words(h1).length <= 3 && properNoun(v, h1) && spoken(h1)) {
      const described = desc !== null && subject(desc, h1) ? normalizeQuoteText(desc) : undefined;
      candidates.push({ name: h1, view: v, rank: NAME_RANK.Subject, described });
    }
    if (named) candidates.push({ name: named, view: v, title: normalizeQuoteText(title), rank });
    if (v.kind === "home") break;
  }
  candidates.sort((a, b) => a.rank - b.rank);
  const texts = ctx.views.map((v) => normalizeQuoteText(v.page.text ?? ""));
  const everywhereName = (bare: string) => ctx.views.every((v) => properNoun(v, bare));
  for (const c of candidates) {
    const n = withoutProductAffix(
      withoutSection(normalizeQuoteText(c.name), texts),
      texts,
      everywhereName,
    );
    if (!n || n.length > 80) continue;
    const q = quoteFor([c.view, ...ctx.views.filter((v) => v !== c.view)], n, 200);
    // A name taken from the title is quoted from the title too: the only place it is stated may
    // be a footer, which does not speak for the product.
    const fromTitle = c.title ? sourcedQuote(c.view, c.title, "meta", "title") : null;
    const fromLd = c.ld ? sourcedQuote(c.view, c.ld, "jsonld", "name") : null;
    const fromDesc = c.described ? sourcedQuote(c.view, c.described, "meta", "description") : null;
    // og:site_name is where the site states its own name, even when no sentence repeats it.
    const fromSite = c.site ? sourcedQuote(c.view, c.site, "meta", "og:site_name") : null;
    if (q || fromTitle || fromLd || fromSite) {
      return value(n, [fromDesc, fromSite, q, fromTitle, fromLd]);
    }
  }
  return NONE;
}

/** Whether a page writes `term` only as a name: capitalised, never in lower case ("invoices"). */
function properNoun(view: PageView, term: string): boolean {
  if (!/\p{Lu}/u.test(term)) return false;
  const lower = term.toLowerCase();
  const text = normalizeQuoteText(view.page.text ?? "");
  const at = (i: number) => i < 0 || !/[\p{L}\p{N}]/u.test(text[i] ?? "");
  // An e-mail address or a domain ("hello@seedlot.example") writes a name in lower case too.
  const address = (i: number) =>
    /[@./]/.test(text[i - 1] ?? "") ||
    /^\.\p{L}/u.test(text.slice(i + lower.length, i + lower.length + 2));
  for (let i = text.indexOf(lower); i >= 0; i = text.indexOf(lower, i + 1)) {
    if (at(i - 1) && at(i + lower.length) && !address(i)) return false;
  }
  return true;
}

/** The leading name of a JSON-LD name such as "Tillroll add-ons" when the title states it. */
function ldThingOf(view: PageView, name: string): string | null {
  const m = normalizeQuoteText(name).match(
    /^(\p{Lu}[\p{L}\p{N}.]*(?: \p{Lu}[\p{L}\p{N}.]*)?)((?: \p{Ll}[\p{L}-]*)+)$/u,
  );
  if (!m) return null;
  const title = view.page.facts.title ?? view.page.title ?? "";
  return titleParts(title).some((p) => looseText(p) === looseText(m[1])) ? m[1] : null;
}

/** Where a name candidate comes from, most telling first. */
const NAME_RANK = { Product: 0, Subject: 1, Other: 2, SiteName: 3, Title: 4 } as const;

interface NameCandidate {
  name: string;
  view: PageView;
  rank: typeof NAME_RANK[keyof typeof NAME_RANK];
  /** The title it was read from. */
  title?: string;
  /** The JSON-LD name it was read from. */
  ld?: string;
  /** The meta description that makes it its subject. */
  described?: string;
  /** The og:site_name it was read from. */
  site?: string;
}

/** A company's legal form after its name. */
const LEGAL_FORM_RE =
  /,?\s+(?:Ltd\.?|Limited|Inc\.?|LLC|GmbH|AG|SAS|SARL|S\.A\.|B\.V\.|BV|Oy|AB|ApS|Pty\.? Ltd\.?|PLC)$/u;

function typeOrder(type: string): number {
  if (/Application|Product/.test(type)) return 0;
  if (type === "WebSite") return 1;
  return 2;
}

function firstSentence(text: string): string {
  const t = normalizeQuoteText(text);
  const m = t.match(/^.+?[.!?](?=\s|$)/);
  return (m ? m[0] : t).trim();
}

/** The tagline: a short og:description, the h1, the line under a name headline, or a title part. */
export function draftTagline(views: PageView[], name: string | null): DraftedValue {
  const home = views.find((v) => v.kind === "home") ?? views[0];
  if (!home) return NONE;
  const isName = (t: string) => name !== null && looseText(t) === looseText(name);
  const candidates: string[] = [];
  const og = home.page.facts.og?.["description"] ?? home.page.facts.og?.["og:description"];
  const meta = home.page.facts.meta_description;
  // A short og:description that only repeats part of the meta description is a description cut
  // short, not a tagline: the hero line comes first then.
  if (og && words(og).length <= 12 && (!meta || !looseText(meta).includes(looseText(og)))) {
    candidates.push(firstSentence(og));
  }
  const title = home.page.facts.title ?? home.page.title;
  const parts = title ? titleParts(title) : [];
  // An og:title that is only the line the title gives after the name ("tinyhq | Uptime checks
  // for tiny teams" with og:title "Uptime checks for tiny teams") is the line the site picked.
  const ogTitle = home.page.facts.og?.["og:title"] ?? home.page.facts.og?.["title"];
  const picked = parts.length > 1 && ogTitle
    ? parts.find((p) => !isName(p) && words(p).length >= 2 && looseText(p) === looseText(ogTitle))
    : undefined;
  if (picked) candidates.push(picked);
  const h1 = (home.page.facts.headings ?? []).find((h) => h.level === 1);
  // An h1 naming one issue or episode ("Issue #42: …") is that issue's headline, not the tagline.
  const lasting = h1 && !ISSUE_HEADING_RE.test(normalizeQuoteText(h1.text));
  if (lasting && words(h1.text).length >= 2 && words(h1.text).length <= 14) {
    candidates.push(h1.text);
  }
  if (h1 && (isName(normalizeQuoteText(h1.text)) || PAGE_NAME_RE.test(h1.text.trim()))) {
    // The name (or a docs page's "Overview") as the headline: the line right under it.
    const at = home.segments.findIndex((seg) =>
      seg.heading && seg.text === normalizeQuoteText(h1.text)
    );
    const next = at >= 0 ? home.segments[at + 1] : undefined;
    // A line that only repeats the meta description's first sentence is the description; the
    // title's own line, when it gives one, is the tagline then.
    const described = next && meta &&
      looseText(firstSentence(next.text)) === looseText(firstSentence(meta)) &&
      parts.some((p) => !isName(p) && words(p).length >= 2);
    if (next && !next.heading && !next.excluded && words(next.text).length <= 20 && !described) {
      candidates.push(firstSentence(next.text));
    }
  }
  if (parts.length > 1) candidates.push(...parts.filter((p) => !isName(p) && words(p).length >= 2));
  if (meta) candidates.push(firstSentence(meta));
  for (const c of candidates) {
    const t = normalizeQuoteText(c).replace(/[.!]$/, "");
    if (t.length < 8 || t.length > 160 || isName(t)) continue;
    const q = quoteFor([home], t);
    if (q) return value(t, [q]);
  }
  return NONE;
}

/** A one-sentence description: the meta description, else the first prose sentence. */
export function draftShortDescription(views: PageView[]): DraftedValue {
  const home = views.find((v) => v.kind === "home") ?? views[0];
  if (!home) return NONE;
  const meta = metaDescription(home);
  if (meta && normalizeQuoteText(meta).length <= 300 && normalizeQuoteText(meta).length >= 20) {
    const m = normalizeQuoteText(meta);
    const q = quoteFor([home], m, MAX_QUOTE_CHARS);
    if (q) return value(m, [q]);
  }
  const seg = home.segments.find((s) => isProse(s) && s.text.length <= 300);
  if (seg) return value(seg.text, [quote(home, seg.text)]);
  const ld = ldDescription(views);
  return ld ? value(ld.text, [ld.quote]) : NONE;
}

/** A description the site gives in JSON-LD (product first), with its `description:` line. */
function ldDescription(views: PageView[]): { text: string; quote: EvidenceQuote } | null {
  for (const v of views) {
    const objs = jsonLdObjects(v).filter((o) => SOFTWARE_TYPES.test(ldType(o)));
    objs.sort((a, b) => typeOrder(ldType(a)) - typeOrder(ldType(b)));
    for (const o of objs) {
      if (typeof o.description !== "string") continue;
      const text = normalizeQuoteText(o.description);
      const line = `description: ${text}`;
      if (text.length >= 20 && line.length <= MAX_QUOTE_CHARS && v.extras.includes(line)) {
        return { text, quote: quote(v, line) };
      }
    }
  }
  return null;
}

/** A description: the meta description and the opening prose runs, with the feature list. */
export function draftDescription(views: PageView[]): DraftedValue {
  const home = views.find((v) => v.kind === "home") ?? views[0];
  if (!home) return NONE;
  const parts: { text: string; quotes: EvidenceQuote[] }[] = [];
  // Near-duplicates (a meta description and the hero paragraph it shortens): the longer stays.
  const add = (text: string, q: EvidenceQuote) => {
    const key = looseText(text);
    const twin = parts.findIndex((p) => {
      const k = looseText(p.text);
      return k.includes(key) || key.includes(k) || similar(k, key);
    });
    if (twin < 0) parts.push({ text, quotes: [q] });
    else if (text.length > parts[twin].text.length) parts[twin] = { text, quotes: [q] };
  };
  const meta = metaDescription(home);
  if (meta) {
    const m = normalizeQuoteText(meta);
    const q = m.length <= MAX_PROSE_QUOTE ? quoteFor([home], m, MAX_QUOTE_CHARS) : null;
    if (q) add(m, q);
  }
  for (const run of proseRuns(home, 700, 2, notDescribing(home))) add(run, quote(home, run));
  const about = views.find((v) => v.kind === "about");
  if (about) {
    for (const run of proseRuns(about, 500, 1, notDescribing(about))) add(run, quote(about, run));
  }
  if (parts.length === 0) {
    const ld = ldDescription(views);
    if (!ld) return NONE;
    parts.push({ text: ld.text, quotes: [ld.quote] });
  }
  // What it does, in the site's own feature list.
  const features = draftFeatures(views);
  const items = (features.value as string[] | null) ?? [];
  if (items.length >= 2) {
    const shown = items.slice(0, 6);
    const listed = shown.join("; ");
    parts.push({ text: `Features: ${listed}.`, quotes: features.evidence.slice(0, shown.length) });
  }
  return value(parts.map((p) => p.text).join(" "), parts.flatMap((p) => p.quotes));
}

/**
 * Whether a segment is a person's card or bio (under a heading that is a person's name: "Lorenzo
 * De Santis" over "CTO. Built logistics software in Milan …"): it describes that person, never the
 * product.
 */
function inBio(view: PageView): (seg: Segment) => boolean {
  return (seg) => isPersonName(sectionOf(view, seg));
}

/**
 * What a description never takes from a page: a person's bio, the page's FAQ questions and
 * answers (they answer a visitor, they do not say what the product is), post teasers, and the
 * page's navigation, footer and legal notices.
 */
function notDescribing(view: PageView): (seg: Segment) => boolean {
  const bio = inBio(view);
  const posts = inPostsBlock(view);
  const faq = draftFaqs([view]).map((f) => looseText(`${f.question} ${f.answer}`));
  const frame = spansOf(
    view.text,
    (view.page.facts.zones ?? []).filter((z) => /^(?:nav|footer|legal)$/.test(z.kind))
      .map((z) => normalizeQuoteText(z.text)),
  );
  return (seg) => {
    const key = looseText(seg.text);
    return bio(seg) || posts(seg) || (key !== "" && faq.some((t) => t.includes(key))) ||
      frame.some(([s, e]) => seg.start < e && s < seg.end);
  };
}

/** The spec's limits of a draft's SEO title and meta description. */
export const SEO_TITLE_MAX = 70;
export const SEO_META_MAX = 170;

/**
 * The start of `text` that fits `max` characters, cut at a word boundary (trailing separators
 * dropped), so that the result stays a span of the text; null when no word fits.
 */
export function clipAtWord(text: string, max: number): string | null {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  if (space <= 0) return null;
  const clipped = cut.slice(0, space).replace(/[\s|\-–—:·•,;(]+$/u, "");
  return clipped.length >= MIN_SEO_CHARS ? clipped : null;
}

const MIN_SEO_CHARS = 8;

/** The SEO title and meta: the home page's own `<title>` and meta description, clipped to fit. */
export function draftSeo(views: PageView[]): NonNullable<DraftProposal["seo"]> {
  const home = views.find((v) => v.kind === "home") ?? views[0];
  if (!home) return { title: NONE as DraftedValue<string>, meta: NONE as DraftedValue<string> };
  const f = home.page.facts;
  const pick = (raw: string | null | undefined, max: number, locator: string) => {
    const text = raw ? normalizeQuoteText(raw) : "";
    const clipped = text ? clipAtWord(text, max) : null;
    if (!clipped || clipped.length < MIN_SEO_CHARS) return NONE as DraftedValue<string>;
    return value(clipped, [sourcedQuote(home, text.slice(0, MAX_QUOTE_CHARS), "meta", locator)]);
  };
  return {
    title: pick(f.title, SEO_TITLE_MAX, "title"),
    meta: pick(f.meta_description, SEO_META_MAX, "description"),
  };
}
