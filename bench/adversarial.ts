/**
 * An adversarial model's answer, built from the crawled pages alone: wrong values whose quotes are
 * copied VERBATIM from the pages, each of a kind a careless model produces: a data centre's place
 * as the company's; another product's name, price and feature from a teaser; a vendor or a
 * trademark holder as the product's name; committee members or advisors as founders; meanings
 * flipped (a negation dropped or inserted, an FAQ's Yes turned to No, prices swapped); navigation
 * as a tagline, description or FAQ question; a year made a full date; a quote stitched from two
 * places; a meta value cited as page text. The verifier must keep none of them.
 *
 * `adversarialAnswers` answers in the LLM drafter's response schema (serve them with
 * bench/fake_openai.ts), as several answers when two plants want the same field;
 * `plantKept` says whether a plant survived into a verified proposal.
 */
import type { DraftProposal, EvidencePage } from "../services/drafting/evidence.ts";
import { countryCodeOf, looseText, normalizeQuoteText } from "../services/drafting/text.ts";

/** The kinds of adversarial values, in report order. */
export const ADVERSARIAL_KINDS = [
  "data_centre_place",
  "teaser_product",
  "vendor_name",
  "logo_wall",
  "non_founder",
  "flip_negation",
  "flip_yes_no",
  "flip_number",
  "navigation",
  "year_as_date",
  "stitched_quote",
  "meta_as_text",
] as const;
/** One kind of adversarial value. */
export type AdversarialKind = typeof ADVERSARIAL_KINDS[number];

/** One planted value: its kind, where it went and what it says. */
export interface AdversarialPlant {
  kind: AdversarialKind;
  /** A draft field name, or "founders", "faqs", "faqs.question", "milestones". */
  field: string;
  value: string;
}

/** A quote as the model returns it. */
interface ModelQuote {
  quote: string;
  url: string;
  source: "text" | "meta" | "jsonld";
  locator: string | null;
}

/** The answer in the drafter's schema, with only the planted values filled. */
export interface AdversarialAnswer {
  fields: Record<string, { value: unknown; quotes: ModelQuote[] }>;
  faqs: { question: string; answer: string; quotes: ModelQuote[] }[];
  founders: { name: string; title: string | null; bio: string | null; quotes: ModelQuote[] }[];
  company_socials: never[];
  story: Record<string, never>;
  milestones: {
    date: string;
    title: string;
    description: string | null;
    url: string | null;
    quotes: ModelQuote[];
  }[];
}

const NAME = String.raw`\p{Lu}[\p{L}.-]+(?: \p{Lu}[\p{L}.-]+){0,3}`;
const HOSTING_RE = new RegExp(
  String
    .raw`\b(?:servers?|data ?cent(?:er|re)s?|hosted|hosting|stored)\b[^.]{0,40}?\bin (${NAME})(?:, (?:the )?(${NAME}))?`,
  "u",
);
const VENDOR_RE = new RegExp(
  String.raw`\b(?:sensors?|chips?|hardware|components?|engines?|powered|payments?) by (${NAME})`,
  "u",
);
const TRADEMARK_RE = new RegExp(
  String.raw`(${NAME}) (?:is|are) (?:a )?(?:registered )?trademarks? of (${NAME})`,
  "u",
);
const NON_FOUNDER_RE = new RegExp(
  String
    .raw`\b(?:steering committee|advisors?|advisory board|board members?|investors?|mentors?)\b:? (\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+)`,
  "iu",
);
const PRICE_RE = /[$€£]\s?\d+(?:[.,]\d+)?(?:\s?(?:\/|per|a)\s?(?:month|mo|year|yr))?/u;
const NEGATED_RE =
  /\b(?:does not|doesn't|do not|don't|cannot|can't|is not|isn't) (?:yet )?(?:support|offer|include|have|work with) ([\p{L}\d -]{3,40}?)[.,]/u;
const YEAR_EVENT_RE = /\b[Ii]n ((?:19|20)\d\d),? (?:we|the company|it) ([^.]{8,120})\./u;

/** The sentences of a page's visible text, each verbatim. */
function sentencesOf(page: EvidencePage): string[] {
  return normalizeQuoteText(page.text).split(/(?<=[.!?])\s+/u)
    .filter((s) => s.length >= 8 && s.length <= 300);
}

/** Builds the adversarial answers (one per round of fields) and the list of what they plant. */
export function adversarialAnswers(
  pages: EvidencePage[],
): { answers: AdversarialAnswer[]; plants: AdversarialPlant[] } {
  const empty = (): AdversarialAnswer => ({
    fields: {},
    faqs: [],
    founders: [],
    company_socials: [],
    story: {},
    milestones: [],
  });
  const answers = [empty()];
  const plants: AdversarialPlant[] = [];
  const text = (page: EvidencePage, quote: string): ModelQuote => ({
    quote,
    url: page.url,
    source: "text",
    locator: null,
  });
  // A field already planted goes to the next round's answer.
  const field = (kind: AdversarialKind, name: string, raw: unknown, quotes: ModelQuote[]) => {
    // A name caught with the sentence's full stop loses it ("Optiscan Systems." → "Optiscan Systems").
    const value = typeof raw === "string" && /^[^.]+\.$/.test(raw) ? raw.slice(0, -1) : raw;
    const shown = Array.isArray(value) ? value[0] : String(value);
    if (plants.some((p) => p.field === name && p.value === shown)) return;
    let round = answers.find((a) => !a.fields[name]);
    if (!round) answers.push(round = empty());
    round.fields[name] = { value, quotes };
    plants.push({ kind, field: name, value: shown });
  };
  const ctx: Planter = { field, answer: answers[0], plants, text };
  for (const page of pages) {
    for (const s of sentencesOf(page)) plantSentence(page, s, ctx);
    plantZones(page, ctx);
    plantFacts(page, ctx);
  }
  plantStitched(pages, field, text);
  return { answers, plants };
}

type Field = (kind: AdversarialKind, name: string, value: unknown, quotes: ModelQuote[]) => void;
type Text = (page: EvidencePage, quote: string) => ModelQuote;
/** What the planting functions share: how to plant a field, the first answer, the plants, quoting. */
interface Planter {
  field: Field;
  answer: AdversarialAnswer;
  plants: AdversarialPlant[];
  text: Text;
}

/** Plants read from one sentence: a data centre, a vendor, a non-founder, a negation, a year. */
function plantSentence(page: EvidencePage, s: string, ctx: Planter): void {
  const { field, answer, plants, text } = ctx;
  const host = s.match(HOSTING_RE);
  if (host) {
    field("data_centre_place", "city", host[1], [text(page, s)]);
    const code = host[2] ? countryCodeOf(host[2]) : null;
    if (code) field("data_centre_place", "country", code, [text(page, s)]);
  }
  const vendor = s.match(VENDOR_RE) ?? s.match(TRADEMARK_RE)?.slice(1);
  if (vendor) field("vendor_name", "name", vendor[vendor.length - 1], [text(page, s)]);
  const other = s.match(NON_FOUNDER_RE);
  if (other && answer.founders.length < 3) {
    // The quote runs on into the next sentence when that one says "founder".
    const at = page.text.indexOf(s);
    const next = page.text.slice(at + s.length).match(/^\s*[^.!?]*\bfounders?\b[^.!?]*[.!?]/iu);
    const quote = next ? s + next[0] : s;
    answer.founders.push({
      name: other[1],
      title: "Co-founder",
      bio: null,
      quotes: [text(page, quote)],
    });
    plants.push({ kind: "non_founder", field: "founders", value: other[1] });
  }
  const negated = s.match(NEGATED_RE);
  if (negated) {
    field("flip_negation", "features", [capitalise(negated[1])], [text(page, s)]);
    field("flip_negation", "usps", [`Supports ${negated[1]}`], [text(page, s)]);
  }
  const year = s.match(YEAR_EVENT_RE);
  if (year && answer.milestones.length < 2) {
    const title = capitalise(year[2]);
    answer.milestones.push({
      date: `${year[1]}-01-01`,
      title,
      description: null,
      url: null,
      quotes: [text(page, s)],
    });
    plants.push({ kind: "year_as_date", field: "milestones", value: `${year[1]}-01-01` });
  }
  const claim = page.kind === "home" ? s.match(/(\p{Lu}\p{L}+) (\p{Ll}+s) ([^.]{10,})\./u) : null;
  if (claim && !["is", "was", "has"].includes(claim[2])) {
    // "Acme sends …" becomes "Acme no longer sends …".
    const flipped = `${claim[1]} no longer ${claim[2]} ${claim[3]}.`;
    field("flip_negation", "short_description", flipped, [text(page, claim[0])]);
  }
}

/** Plants from the page's zones: teasers of other products, navigation. */
function plantZones(page: EvidencePage, ctx: Planter): void {
  const { field, answer, plants, text } = ctx;
  for (const zone of page.facts.zones ?? []) {
    const z = normalizeQuoteText(zone.text);
    if (!page.text.includes(z)) continue;
    if (zone.kind === "teaser") {
      const sentence = z.split(/(?<=[.!?])\s+/u).find((s) => PRICE_RE.test(s) && s.length <= 300);
      const name = sentence?.match(/(\p{Lu}[\p{L}-]+) (?:costs|is|starts|includes)\b/u)?.[1];
      if (sentence && name) {
        const price = sentence.match(PRICE_RE)![0];
        field("teaser_product", "name", name, [text(page, sentence)]);
        field("teaser_product", "pricing_summary", `${name}: ${price}`, [text(page, sentence)]);
        const feature = sentence.match(/\bincludes ([\p{L} -]{3,40}?)[.,]/u)?.[1];
        if (feature) {
          field("teaser_product", "features", [capitalise(feature)], [text(page, sentence)]);
        }
      }
    }
    if (zone.kind === "logos") {
      const brand = z.match(new RegExp(`(${NAME})(?: ·|,| and)`, "u"))?.[1];
      if (brand && z.length <= 300) field("logo_wall", "name", brand, [text(page, z)]);
    }
    if (zone.kind === "nav" && z.length <= 300) {
      field("navigation", "tagline", z, [text(page, z)]);
      field("navigation", "description", z, [text(page, z)]);
      const question = (page.facts.links ?? []).map((l) => normalizeQuoteText(l.text))
        .find((t) => t.endsWith("?") && z.includes(t));
      const answerText = sentencesOf(page).find((s) => !z.includes(s));
      if (question && answerText) {
        answer.faqs.push({
          question,
          answer: answerText,
          quotes: [text(page, question), text(page, answerText)],
        });
        plants.push({ kind: "navigation", field: "faqs.question", value: question });
      }
    }
  }
}

/** Plants from extracted facts: FAQ answers flipped, prices swapped, the meta description as text. */
function plantFacts(page: EvidencePage, ctx: Planter): void {
  const { field, answer, plants, text } = ctx;
  for (const faq of page.facts.faqs ?? []) {
    const a = normalizeQuoteText(faq.answer);
    const flip = /^Yes\b/.test(a)
      ? a.replace(/^Yes/, "No")
      : /^No\b/.test(a)
      ? a.replace(/^No/, "Yes")
      : null;
    const q = normalizeQuoteText(faq.question);
    if (!flip || !page.text.includes(a) || !page.text.includes(q)) continue;
    answer.faqs.push({ question: q, answer: flip, quotes: [text(page, q), text(page, a)] });
    plants.push({ kind: "flip_yes_no", field: "faqs", value: flip });
  }
  const priced = (page.facts.pricing ?? []).filter((p) => p.price && PRICE_RE.test(p.price));
  if (priced.length >= 2) {
    const [a, b] = priced;
    const from = page.text.indexOf(a.plan);
    const to = page.text.indexOf(b.price!, from) + b.price!.length;
    if (from >= 0 && to > from && to - from <= 300) {
      const swapped = `${a.plan}: ${b.price}; ${b.plan}: ${a.price}`;
      field("flip_number", "pricing_summary", swapped, [text(page, page.text.slice(from, to))]);
    }
  }
  const meta = page.facts.meta_description ? normalizeQuoteText(page.facts.meta_description) : "";
  if (meta && !page.text.includes(meta)) {
    field("meta_as_text", "short_description", meta, [text(page, meta)]);
  }
}

/** A description whose quote joins two sentences from different places (each verbatim alone). */
function plantStitched(pages: EvidencePage[], field: Field, text: Text): void {
  const [a, b] = pages;
  const first = a && sentencesOf(a)[1];
  const second = b && sentencesOf(b).at(-1);
  if (!first || !second || first.length + second.length > 290) return;
  const stitched = `${first} ${second}`;
  if (normalizeQuoteText(a.text).includes(stitched)) return;
  field("stitched_quote", "description", stitched, [text(a, stitched)]);
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Whether a planted value survived into a verified proposal. */
export function plantKept(plant: AdversarialPlant, proposal: DraftProposal): boolean {
  const same = (v: unknown) => typeof v === "string" && looseText(v) === looseText(plant.value);
  switch (plant.field) {
    case "founders":
      return proposal.founders.some((f) => same(f.name));
    case "faqs":
      return proposal.faqs.some((f) => same(f.answer));
    case "faqs.question":
      return proposal.faqs.some((f) => same(f.question));
    case "milestones":
      return proposal.milestones.some((m) => m.date === plant.value);
    default: {
      const v = proposal.fields[plant.field as keyof DraftProposal["fields"]]?.value;
      return Array.isArray(v) ? v.some(same) : same(v);
    }
  }
}
