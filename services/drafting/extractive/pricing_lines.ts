/**
 * Which lines of a site may speak about the product's own price, and whether anything on the
 * site suggests a free option. Precision first: a headline, a changelog entry or another seller's
 * item is never a price of the product, and a paid-only model is drafted only when nothing on the
 * site points to a free one.
 */
import type { PageView, Segment } from "./pages.ts";
import { HEADLINE_RE, hintsFree, LICENCE_ID } from "../vocabulary.ts";
import { PRICE_RE } from "./pricing_rows.ts";

/** A line that starts with an amount ("€19", "$12 / month …"). */
export const PRICE_START_RE = new RegExp(`^${PRICE_RE.source}`, "iu");

/** Section headings over articles, issues, posts, changelogs, news or other people's items. */
const OFF_TOPIC_HEADING_RE =
  /\b(recent|latest|past|popular|trending|featured|archive[sd]?|back issues|issues|posts|articles|stories|blog|news|press|changelog|release notes|what'?s new|updates|listings?|products|shop|marketplace|sellers?|deals|from the blog|read next|related|add-?ons?|extras|accessories|hardware)\b/iu;
/** A line that prices add-ons, not the product ("Add-ons: lab import €9 a month, …"). */
const ADD_ON_LINE_RE = /^(?:optional )?(?:add-?ons?|extras)\b/iu;

/** Section headings over other products (integrations, partners, comparisons with competitors). */
const OTHERS_HEADING_RE =
  /\b(?:integrations?|partners?|works with|comparisons?|compares|compared|versus|vs\.?|alternatives?)\b/iu;

/** Words that keep a comparison heading the product's own ("Plan comparison", "Compare tiers"). */
const OWN_PLANS_RE = /\b(?:plans?|tiers?|pricing|editions?)\b/iu;

/**
 * A short section heading (not the page's h1) over articles, news, changelogs, listings or other
 * products (integrations, competitors) or add-ons.
 */
function offTopicHeading(text: string, level: number): boolean {
  if (level <= 1 || text.split(/\s+/).length > 5) return false;
  return OFF_TOPIC_HEADING_RE.test(text) ||
    (OTHERS_HEADING_RE.test(text) && !OWN_PLANS_RE.test(text));
}

/**
 * A line about what other products charge ("Most agency tools charge $49 a month", "Otros editores
 * cobran 12 € al mes"): never the product's price.
 */
const OTHERS_PRICE_RE =
  /\b(?:competitors?|other|competing|rival|most|many|typical|otros|otras|la mayoría de|andere[nr]?|die meisten|autres|la plupart des)\s+(?:[\p{L}-]+\s+){0,3}(?:charge[sd]?|cost|price|cobran|cuestan|verlangen|kosten|coûtent|facturent|rekenen|vragen)\b|\bcompetitors?'?s? (?:price|pricing|charge)/iu;

/**
 * A line about supporting the project with money ("Backers at $5 a month get their name in
 * BACKERS.md", "Buy me a coffee for $3"): what a sponsor gives, never the product's price.
 */
const SUPPORT_PRICE_RE =
  /\b(?:sponsors?(?:ship)?|sponsoring|backers?|donat(?:e|es|ed|ions?|ing)|tip jar|buy (?:me|us) a coffee|ko-?fi|open ?collective|liberapay|patreon|patrons?)\b/iu;

/**
 * A pricing page's path or a pricing section's heading, in English, Dutch, German, French, Spanish,
 * Portuguese and Italian.
 */
const PRICING_PLACE_RE =
  /\b(?:pricing|prices|plans|tarie?fs?|tarieven|prijzen|preise|precios|prix|kosten|prezzi|preços|planos)(?![\p{L}])|\/(?:pricing|prices|plans|tarifs?|tarieven|prijzen|preise|precios|prezzi|precos|planos)\b/iu;

/**
 * Paths whose prices are not the product's: posts, news and changelog entries, and the index pages
 * of posts and news (their teasers are headlines). A changelog's own page may state an upgrade
 * price ("Upgrade from 1.x for $15").
 */
const OFF_TOPIC_PAGE_RE =
  /(?:^|\/)(?:(?:blog|news|posts?|articles?|press)(?:\/|\.html?$|$)|(?:changelog|releases|issues?|p)\/)/iu;

/** A careers page: its perks and salaries are not the product's prices ("Learning budget: $1,500"). */
const CAREERS_PATH_RE = /(?:^|\/)(?:careers?|jobs|join-us|work-with-us|hiring)(?:[/.-]|$)/iu;
/** A page about other products: integrations, partners, a comparison ("/compare", "/alternatives"). */
const OTHERS_PATH_RE =
  /(?:^|\/)(?:integrations?|partners?|compare|comparisons?|alternatives?)(?:\/|\.html?$|$)/iu;
/** A comparison with competitors: "Acme vs Rival", "Acme alternatives", "/acme-vs-rival". */
const COMPARISON_RE = /(?:^|[\s-])(?:vs\.?|versus|alternatives?)(?=[\s-]|$)/iu;

/**
 * Whether a page's prices are not the product's: a post, news or changelog page, a careers page,
 * a page about integrations or partners, or a comparison with competitors (its table's columns are
 * other products, not plans).
 */
export function othersPrices(view: PageView): boolean {
  const path = new URL(view.url).pathname;
  const h1 = (view.page.facts.headings ?? []).find((h) => h.level === 1)?.text ?? "";
  const title = view.page.facts.title ?? view.page.title ?? "";
  return OFF_TOPIC_PAGE_RE.test(path) || CAREERS_PATH_RE.test(path) || OTHERS_PATH_RE.test(path) ||
    [path, title, h1].some((t) => COMPARISON_RE.test(t));
}

/** The shape of a button's label: an imperative with no sentence stop ("Start your free trial"). */
export const CALL_TO_ACTION_RE =
  /^(?:start|try|get|begin|claim|activate|sign up|join|book|request|create|open|go|download|install)\b[^.!?]*$/iu;

/**
 * A segment split where a button's label runs into the next label with no space ("Start your
 * 14-day free trialLearn more"): a lower-case letter straight before a capital ends a label that
 * reads as a call to action. Each part keeps its place in the page's text.
 */
function labels(seg: Segment): Segment[] {
  const parts: Segment[] = [];
  let from = 0;
  for (const m of seg.text.matchAll(/(?<=\p{Ll})(?=\p{Lu})/gu)) {
    const text = seg.text.slice(from, m.index);
    if (!CALL_TO_ACTION_RE.test(text.trim())) continue;
    parts.push({ ...seg, text, start: seg.start + from, end: seg.start + m.index! });
    from = m.index!;
  }
  if (from === 0) return [seg];
  const rest = seg.text.slice(from);
  return [...parts, { ...seg, text: rest, start: seg.start + from, end: seg.end }];
}

/**
 * The segments that may state the product's own prices: not excluded, not headings, not numbered
 * headlines or changelog entries, not under an article/news/listing heading, not on a post, a
 * careers page or a comparison with competitors; each
 * says whether it stands on a pricing page or under a pricing heading.
 */
export function* pricingLines(
  views: PageView[],
): Generator<{ view: PageView; seg: Segment; pricing: boolean }> {
  for (const view of views) {
    if (othersPrices(view)) continue;
    const path = new URL(view.url).pathname;
    const pricingPage = view.kind === "pricing" || PRICING_PLACE_RE.test(path);
    let pricingSection = false;
    const levels = new Map((view.page.facts.headings ?? []).map((h) => [h.text, h.level]));
    // The level of the off-topic heading in force: its section runs to the next heading as high.
    let offTopic = 0;
    const out: { view: PageView; seg: Segment; pricing: boolean }[] = [];
    view.segments.forEach((seg, i) => {
      if (seg.heading) {
        pricingSection = PRICING_PLACE_RE.test(seg.text);
        const level = levels.get(seg.text) ?? 6;
        if (offTopic && level > offTopic) return;
        // A heading straight over its own price names a priced item ("Updates for a year" over
        // "€19"), not a section of news or other items.
        const priced = PRICE_START_RE.test(view.segments[i + 1]?.text ?? "");
        offTopic = offTopicHeading(seg.text, level) && !priced ? level : 0;
        return;
      }
      if (seg.excluded || offTopic || HEADLINE_RE.test(seg.text)) return;
      // Add-ons' prices and what other products charge are not the product's price.
      if (ADD_ON_LINE_RE.test(seg.text) || OTHERS_PRICE_RE.test(seg.text)) return;
      // What a sponsor gives: an amount beside sponsorship words is no price of the product.
      if (PRICE_RE.test(seg.text) && SUPPORT_PRICE_RE.test(seg.text)) return;
      for (const part of labels(seg)) {
        out.push({ view, seg: part, pricing: pricingPage || pricingSection });
      }
    });
    yield* out;
  }
}

/** The first line on the site that suggests a free option, or null. */
export function freeHint(views: PageView[]): { view: PageView; seg: Segment } | null {
  for (const line of pricingLines(views)) {
    if (hintsFree(line.seg.text)) return line;
  }
  return null;
}

/**
 * A marketplace's or platform's own cut: "8% commission", "a $0.30 fee per sale", "keeps 4% of each
 * booking", "we keep 5% of the price" (a verb of taking and a share of a sale or its price).
 */
export const COMMISSION_RE =
  /\b\d+(?:[.,]\d+)?\s?%\s+(?:commission|(?:transaction |service |platform )?fee)\b|\bfee per (?:sale|order|transaction|booking)\b|\b(?:keeps?|takes?) (?:only |just )?\d+(?:[.,]\d+)?\s?% (?:of|from|on) (?:(?:each|every) (?:sale|order|transaction|booking|payment|payout)|the (?:sale )?price)\b/iu;

/**
 * A licence section of the product's own page ("License" over "Apache-2.0. See LICENSE."): the
 * heading and the licence's identifier as one quote. Only an open-source licence identifier right
 * under a heading that is only the word "License" counts.
 */
export function licenceSection(views: PageView[]): { view: PageView; text: string } | null {
  for (const view of views) {
    const segs = view.segments;
    for (let i = 0; i + 1 < segs.length; i++) {
      const [head, next] = [segs[i], segs[i + 1]];
      if (!head.heading || !/^licen[cs]e$/iu.test(head.text.trim())) continue;
      if (next.heading || next.excluded) continue;
      const id = next.text.match(LICENCE_ID_START_RE)?.[0];
      if (id) return { view, text: view.text.slice(head.start, next.start + id.length).trim() };
    }
  }
  return null;
}
const LICENCE_ID_START_RE = new RegExp(`^${LICENCE_ID}`, "iu");
