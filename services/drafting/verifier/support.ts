/**
 * Whether a quote SUPPORTS a value, not merely contains its words: the value is one run of the
 * quote's words (case, punctuation, whitespace, number separators and price formats aside), not
 * reversed by a negation around it; a person is a founder only when the role is bound to the
 * name in the same clause; a name, city or country is not another party's (a vendor after "by",
 * a trademark holder, a data centre's place).
 */
import type { CheckedQuote, PageIndex } from "./quotes.ts";
import { HEADLINE_RE, hintsFree, OPEN_SOURCE_RE } from "../vocabulary.ts";
import { type PageView, viewPage } from "../extractive/pages.ts";
import { isNegator, negatedAt, type Quoted, quotedLanguage, quotedText } from "./negation.ts";
export { negatedAt, type Quoted, quotedText };
import { pricingLines } from "../extractive/pricing_lines.ts";
import { subjectFounded } from "./founding_subject.ts";
import { referencedFounders } from "../extract/json_ld.ts";
import { normalizeQuoteText } from "../text.ts";
import { withoutNameNotes } from "../extractive/founders_patterns.ts";
import {
  BY_VERBS,
  BY_WORDS,
  LIST_AND,
  NOT_FOUNDER,
  ROLE_WORDS,
  VERB_THEN_NAMES,
} from "./role_words.ts";
export { BY_VERBS, LIST_AND, NOT_FOUNDER, ROLE_WORDS };
import {
  isPluralTitle,
  listAreFounders,
  otherCompany,
  pluralTitleAfterList,
} from "./founder_lists.ts";

/** One word of a text as the rules read it. */
export interface Tok {
  /** Lower case; numbers without separators; currency symbols as codes; prices per period as one form. */
  w: string;
  /** The word as written (for capitals). */
  raw: string;
  /** A clause break (. ! ? ; : | or a line of its own) comes right before this word. */
  brk: boolean;
  /** The break before this word is a colon ("Founders: Jane Doe"): a list follows its label. */
  colon: boolean;
  /** A comma comes right before this word. */
  comma: boolean;
}

const CURRENCY: Record<string, string> = { "$": "usd", "€": "eur", "£": "gbp", "¥": "jpy" };
const PERIOD: Record<string, string> = {
  mo: "month",
  month: "month",
  months: "month",
  monthly: "month",
  yr: "year",
  year: "year",
  years: "year",
  yearly: "year",
  annually: "year",
  annual: "year",
  user: "user",
  users: "user",
  seat: "user",
  seats: "user",
};
const TOKEN_RE =
  /([$€£¥])|(\d[\d,]*(?:\.\d+)?)|([\p{L}\p{N}]+)|((?<!(?:^|[\s(])\p{Lu})[.!?;|•·]+(?=\s|$)|\s[-–—]\s|\n)|(,)|(:(?=\s|$))/gu;

/** The words of a text, with clause breaks (not an initial's dot) and commas noted (see Tok). */
export function tokens(text: string): Tok[] {
  const out: Tok[] = [];
  let brk = true;
  let comma = false;
  let colon = false;
  for (const m of text.normalize("NFKC").replace(/&/g, " and ").matchAll(TOKEN_RE)) {
    if (m[4] || m[6]) {
      colon = !!m[6] && (colon || !brk);
      brk = true;
      continue;
    }
    if (m[5]) {
      comma = true;
      continue;
    }
    let w: string;
    if (m[1]) w = CURRENCY[m[1]];
    else if (m[2]) w = m[2].replace(/,/g, "").replace(/\.0+$/, "").replace(/(\.\d*?)0+$/, "$1");
    else w = m[3].toLowerCase();
    out.push({ w, raw: m[0], brk, comma, colon });
    brk = false;
    comma = false;
    colon = false;
  }
  // A price per period reads the same in every form: "$19/month", "$19 per month", "$19 a mo".
  for (let i = 1; i < out.length; i++) {
    if (!/^\d/.test(out[i - 1].w)) continue;
    const filler = ["per", "a", "an", "each"].includes(out[i].w) && i + 1 < out.length;
    const j = filler ? i + 1 : i;
    const period = PERIOD[out[j].w];
    if (period && !out[j].brk) {
      out[j] = { ...out[j], w: period };
      if (filler) out.splice(i, 1);
    }
  }
  return out;
}

/** Every place (start index in `quote`) where `value`'s words stand as one run. */
export function spansIn(quote: Tok[], value: Tok[]): number[] {
  const out: number[] = [];
  if (value.length === 0) return out;
  for (let i = 0; i + value.length <= quote.length; i++) {
    let j = 0;
    while (j < value.length && quote[i + j].w === value[j].w) j++;
    if (j === value.length) out.push(i);
  }
  return out;
}

/** Whether a span is a whole clause of the quote (breaks, or its ends, on both sides). */
function wholeClause(quote: Tok[], at: number, length: number): boolean {
  return quote[at].brk && (at + length === quote.length || quote[at + length].brk);
}

/**
 * Whether the quote supports the value as a span: its words as one run, not negated. A value of
 * one or two words that is a whole clause elsewhere ("No.", "Yes, always") must be a whole clause.
 */
export function supportsAsSpan(quoted: Quoted, value: string): boolean {
  const q = tokens(quotedText(quoted));
  const lang = quotedLanguage(quoted, q);
  const v = tokens(value);
  if (v.length === 0) return false;
  const short = v.length <= 2 && /[.!?]$/.test(value.trim());
  return spansIn(q, v).some((at) =>
    !negatedAt(q, at, v, lang) && (!short || wholeClause(q, at, v.length))
  );
}

/** A value cut into the parts each of which must be a span of a quote (sentences; `;` items). */
export function valueParts(value: string, semicolons = false): string[] {
  const parts = value.split(/(?<=[.!?])\s+/u).flatMap((p) => semicolons ? p.split(/;\s*/u) : [p]);
  return parts.map((p) => p.trim()).filter((p) => tokens(p).length > 0);
}

const ROLE_FILLER = new Set(["is", "was", "our", "the", "a", "an", "and", "co", "chief"]);

function isRole(t: Tok | undefined): boolean {
  return !!t && (ROLE_WORDS.has(t.w) && t.w !== "co");
}

/** Whether a checked quote names the person as a founder: bound in text, or a JSON-LD founder. */
export function foundedBy(q: CheckedQuote, name: string, product: string | null): boolean {
  if (q.source === "jsonld") {
    if (!q.usable.includes(name)) return false;
    if (/(?:^|\.)founders?(?:\.|$)/.test(q.locator ?? "")) return true;
    // A node a `founder` points to by `@id`, quoted from its own name.
    return /(?:^|\.)name$/.test(q.locator ?? "") && q.usable.endsWith(`: ${name}`) &&
      referencedFounders(q.page?.page.facts.json_ld ?? []).some((n) =>
        normalizeQuoteText(n) === name
      );
  }
  return roleBound(q.usable, name, product);
}

/**
 * Whether the quote binds a founder role to the name in the same clause: "Jane Doe, co-founder",
 * "Jane Doe (CEO)", "Co-founder Jane Doe", "founded by Jane Doe and Ali Khan". Not when the role
 * sits elsewhere in the quote, is a former one or an advisor's, or is at another company
 * ("founder of Globex" when the product is not Globex).
 */
export function roleBound(quote: string, name: string, product?: string | null): boolean {
  // A past note or a handle in brackets is no part of a list ("Ana Ruiz (ex-Glovo) and Marc Vidal").
  const q = tokens(withoutNameNotes(quote));
  const n = tokens(name);
  const productWords = new Set(tokens(product ?? "").map((t) => t.w));
  return spansIn(q, n).some((at) =>
    boundAfter(q, at + n.length, productWords) || boundBefore(q, at, at + n.length, productWords) ||
    listAreFounders(q, at + n.length, productWords) ||
    pluralTitleAfterList(q, at, at + n.length, productWords) ||
    subjectFounded(q, at, at + n.length, productWords) ||
    firstPerson(q, at, at + n.length, productWords)
  );
}

/**
 * "Hi, I'm Hannah Okafor. I started The Margin in 2021": the person introduces themself and, in the
 * same quote, says in the first person that they founded the product (named).
 */
function firstPerson(q: Tok[], start: number, end: number, productWords: Set<string>): boolean {
  if (productWords.size === 0) return false;
  const intro = (q[start - 2]?.w === "i" && ["m", "am"].includes(q[start - 1]?.w ?? "")) ||
    (q[start - 2]?.w === "name" && q[start - 1]?.w === "is");
  if (!intro) return false;
  for (let j = end; j < Math.min(q.length - 2, end + 40); j++) {
    if (q[j].w === "i" && ["m", "am"].includes(q[j + 1]?.w ?? "")) return false;
    if (q[j].w !== "i" || !BY_VERBS.has(q[j + 1].w) || NOT_FOUNDER.has(q[j - 1]?.w ?? "")) continue;
    if (productWords.has(q[j + 2].w) && /^\p{Lu}/u.test(q[j + 2].raw)) return true;
  }
  return false;
}

/** "Jane Doe, co-founder and CEO", "Jane Doe (CEO)", "Jane Doe is our founder". */
function boundAfter(q: Tok[], end: number, productWords: Set<string>): boolean {
  for (let k = end; k < Math.min(q.length, end + 4); k++) {
    // "Jane Doe - CEO", "Jane Doe: CEO": a break right after the name still binds.
    if (q[k].brk && k > end) return false;
    if (NOT_FOUNDER.has(q[k].w)) return false;
    if (isRole(q[k]) || (q[k].w === "co" && isRole(q[k + 1]))) {
      const role = q[k].w === "co" ? k + 1 : k;
      // A plural title binds the whole list before it or nobody (founder_lists.ts).
      return !isPluralTitle(q[role]) && !otherCompany(q, role, productWords);
    }
    if (!ROLE_FILLER.has(q[k].w)) return false;
  }
  return false;
}

/** "Co-founder Jane Doe", "Founders: Jane Doe and Ali Khan", "founded by A, B and C". */
function boundBefore(q: Tok[], start: number, end: number, productWords: Set<string>): boolean {
  // A role right before a name that has its own title after it is the previous person's.
  const next = q[end];
  const ownTitle = next && !next.brk && !next.comma && /^\p{Lu}/u.test(next.raw) && !isRole(next);
  for (let k = start - 1, steps = 0; k >= 0 && steps < 14; k--, steps++) {
    if (q[k + 1].brk && !q[k + 1].colon) return false;
    const t = q[k];
    if (NOT_FOUNDER.has(t.w)) return false;
    if (BY_WORDS.has(t.w)) return verbBefore(q, k) || (t.w === "von" && verbAfter(q, end));
    if (VERB_THEN_NAMES.has(t.w)) return true;
    if (t.w === "of" && q[k - 1]?.w === "project") return true;
    if (t.w === "of" && q[k - 1]?.w === "brainchild") {
      return !brainchildOfOther(q, k - 1, productWords);
    }
    if (isRole(t)) {
      if (ownTitle || NOT_FOUNDER.has(q[k - 1]?.w ?? "") || q[k - 1]?.w === "ex") return false;
      return true;
    }
    // Walk back over the other names of a list ("A, B and C"), not over prose.
    if (!/^\p{Lu}/u.test(t.raw) && !LIST_AND.has(t.w)) return false;
  }
  return false;
}

/** "Globex is the brainchild of": a capitalised subject that is not the product (when known). */
function brainchildOfOther(q: Tok[], b: number, productWords: Set<string>): boolean {
  let j = b - 1;
  if (["the", "a"].includes(q[j]?.w ?? "")) j--;
  if (["is", "was"].includes(q[j]?.w ?? "")) j--;
  const subject = q[j];
  if (!subject || q.slice(j + 1, b + 1).some((t) => t.brk) || !/^\p{Lu}/u.test(subject.raw)) {
    return false;
  }
  return productWords.size > 0 && !productWords.has(subject.w);
}

/** Whether "by" at `k` follows a founding verb of its clause ("founded in 2018 in Toronto, by"). */
function verbBefore(q: Tok[], k: number): boolean {
  for (let j = k - 1; j >= Math.max(0, k - 10); j--) {
    if (BY_VERBS.has(q[j].w) || isRole(q[j])) return true;
    if (q[j].brk) return false;
  }
  return false;
}

/** German verb-final clauses: "von Anna Keller und Jonas Brandt gegründet". */
function verbAfter(q: Tok[], from: number): boolean {
  for (let j = from; j < Math.min(q.length, from + 8); j++) {
    if (q[j].brk) return false;
    if (BY_VERBS.has(q[j].w)) return true;
  }
  return false;
}

/** Whether a signal the regex finds in the text is stated, not negated ("no free plan"). */
export function statedSignal(re: RegExp, quoted: Quoted): boolean {
  const text = quotedText(quoted);
  const lang = quotedLanguage(quoted, tokens(text));
  const global = new RegExp(re.source, re.flags.includes("g") ? re.flags : re.flags + "g");
  for (const m of text.matchAll(global)) {
    // A stand-in word where the match starts tells whether a break comes right before it.
    const before = tokens(`${text.slice(0, m.index)} x`);
    const at = before.pop();
    let negated = false;
    for (let k = before.length - 1; k >= Math.max(0, before.length - 3); k--) {
      if ((k === before.length - 1 ? at?.brk : before[k + 1].brk)) break;
      if (isNegator(before[k], lang)) negated = true;
    }
    if (!negated) return true;
  }
  return false;
}

/**
 * Why a paid-only model (Subscription, One-time) cannot stand: one of its quotes, or a line of the
 * site about the product's own offer, suggests a free option. Empty for other models and when
 * nothing does.
 */
export function paidOnlyProblem(
  model: string,
  quotes: CheckedQuote[],
  pages: Map<string, PageIndex> | undefined,
): string {
  if (model !== "Subscription" && model !== "One-time") return "";
  const where = quotes.some((q) => freeOption(q.usable))
    ? "a quote"
    : siteHintsFree(pages)
    ? "the site"
    : "";
  return where ? `${where} shows a free option, so the model is not ${model}` : "";
}

/**
 * Whether a text suggests the product has a free option: a free plan, tier or quota, "$0", or the
 * product being open source. A trial, a free extra (shipping, a demo, onboarding, a guide) and a
 * denial ("no free plan") are not one (vocabulary.ts `hintsFree`).
 */
function freeOption(text: string): boolean {
  return hintsFree(text) || statedSignal(OPEN_SOURCE_RE, text);
}

/** Whether a quote is a numbered headline or changelog entry ("#112: …"): an article, not a price. */
export function headlineQuoted(quotes: CheckedQuote[]): boolean {
  return quotes.some((q) => HEADLINE_RE.test(q.usable.trim()));
}

/**
 * Whether the site states a free option of the product itself. Only the lines the drafter reads as
 * the product's own offer count (extractive/pricing_lines.ts): not a page about integrations,
 * partners or competitors, a post, a careers page, a section of articles or add-ons, a line on
 * what other products charge, a numbered headline; navigation, footers and teasers left out.
 */
function siteHintsFree(pages: Map<string, PageIndex> | undefined): boolean {
  const views = [...pages?.values() ?? []].map(ownLines);
  for (const { seg } of pricingLines(views)) if (freeOption(seg.text)) return true;
  return false;
}

/** A page as the drafter reads it, without the segments inside its zones (navigation, footer). */
function ownLines(p: PageIndex): PageView {
  const view = viewPage(p.page);
  const inZone = (a: number, b: number) => p.zoneSpans.some(([s, e]) => a >= s && b <= e);
  return { ...view, segments: view.segments.filter((seg) => !inZone(seg.start, seg.end)) };
}
