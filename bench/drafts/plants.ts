/**
 * Wrong values planted into the fake model's careless answer, each kind the verifier must drop.
 * They are built from the prompt's pages only (never from the answer key), most with verbatim
 * quotes: a data centre's city as the company's city, another product or a vendor named in a
 * teaser or a small-print line as the product's name, people with other roles as founders, a
 * copyright year as the founding year, navigation text as the tagline, meanings flipped ("no
 * longer" inserted, an FAQ's Yes turned to No, a price changed), and values whose quotes are
 * made up or come from a page that was never read.
 *
 * A plant that happens to equal a true value is not counted (the benchmark checks each against
 * the truth when it scores; the model never sees it).
 */
import type { DraftProposal } from "../../services/drafting/evidence.ts";
import { looseText } from "../../services/drafting/text.ts";
import {
  findSentence,
  type ModelAnswer,
  type PromptPage,
  sentences,
  textQuote,
} from "./fake_model.ts";

/** The kinds of planted values, in report order. */
export const PLANT_KINDS = [
  "made_up_quote",
  "unread_page",
  "copyright_year",
  "data_centre_city",
  "other_product",
  "non_founder",
  "navigation",
  "flip_negation",
  "flip_yes_no",
  "flip_number",
] as const;
/** One kind of planted value. */
export type PlantKind = typeof PLANT_KINDS[number];

/** One planted value: where it went and what it says. */
export interface Plant {
  kind: PlantKind;
  /** A draft field, or "founders", "faqs", "features", "milestones". */
  field: string;
  value: string;
  /** For a flipped FAQ: its question. */
  question?: string;
}

const NAME = "(\\p{Lu}[\\p{L}]+(?: \\p{Lu}[\\p{L}]+){0,2})";
const OTHER_RE = new RegExp(
  `(?:tried|vs\\.?|versus|made by|trademark of|powered by|processed by|sponsored by|love) ${NAME}`,
  "u",
);
const DC_RE =
  /(?:hosted|servers?|data cent(?:re|er)s?|stored)\b[^.]{0,40}? in (\p{Lu}[\p{L}-]+(?: \p{Lu}[\p{L}-]+)?)/u;
const ROLE_RE =
  /(\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+)[ ,.;—-]{1,4}(?:[^.]{0,30}?)(Advisor|Engineer|Designer|Lead|Manager|Head of [\p{L} ]+|investor|Clinical Lead|Senior Engineer)\b/u;
const FLIPS: [RegExp, string][] = [
  [/^Yes\b/, "No"],
  [/^No\b/, "Yes"],
  [/^Sí\b/, "No"],
  [/^Ja\b/, "Nee"],
  [/^Nee\b/, "Ja"],
];

/** Adds planted values to a careless answer; returns what was planted. */
export function plant(answer: ModelAnswer, pages: PromptPage[], origin: string): Plant[] {
  const planted: Plant[] = [];
  const home = pages[0];
  if (!home) return planted;
  const put = (kind: PlantKind, field: string, value: string, quote: string, page = home) => {
    answer.fields[field] = { value, quotes: [textQuote(page, quote)] };
    planted.push({ kind, field, value });
  };
  // Made-up quotes and a page that was never read.
  const features = (answer.fields.features?.value as string[] | null) ?? [];
  answer.fields.features = {
    value: [...features, "Two-factor login for every account"],
    quotes: [
      ...(answer.fields.features?.quotes ?? []),
      textQuote(home, "Every account gets two-factor login."),
    ],
  };
  planted.push({
    kind: "made_up_quote",
    field: "features",
    value: "Two-factor login for every account",
  });
  answer.milestones.push({
    date: "2024-03-01",
    title: "Raised a seed round",
    description: null,
    url: null,
    quotes: [textQuote(home, "In March 2024 we raised a seed round.")],
  });
  planted.push({ kind: "made_up_quote", field: "milestones", value: "Raised a seed round" });
  answer.fields.stage = {
    value: "launched",
    quotes: [{ quote: "We launched version 1.0 to everyone.", url: `${origin}/internal/roadmap` }],
  };
  planted.push({ kind: "unread_page", field: "stage", value: "launched" });
  // Verbatim quotes, wrong values.
  const copy = findSentence(pages, /©\s?((?:19|20)\d\d)/);
  if (copy) put("copyright_year", "founded_year", copy.match[1], copy.sentence, copy.page);
  const dc = findSentence(pages, DC_RE);
  if (dc) put("data_centre_city", "city", dc.match[1], dc.sentence, dc.page);
  const other = findSentence(pages, OTHER_RE);
  if (other) put("other_product", "name", other.match[1], other.sentence, other.page);
  plantNonFounders(answer, pages, planted);
  // Link texts glued together ("HomeTeamPricing") open a page whose text starts with its menu.
  const nav = home.text.split(" ").slice(0, 5).join(" ");
  if (/\p{Ll}\p{Lu}/u.test(nav.split(" ")[0])) put("navigation", "tagline", nav, nav);
  plantFlips(answer, pages, planted);
  return planted;
}

function plantNonFounders(answer: ModelAnswer, pages: PromptPage[], planted: Plant[]): void {
  for (const page of pages) {
    for (const m of page.text.matchAll(new RegExp(ROLE_RE, "gu"))) {
      if (planted.filter((p) => p.kind === "non_founder").length >= 3) return;
      const span = m[0];
      answer.founders.push({
        name: m[1],
        title: "Co-founder",
        bio: null,
        quotes: [textQuote(page, span)],
      });
      planted.push({ kind: "non_founder", field: "founders", value: m[1] });
    }
  }
}

function plantFlips(answer: ModelAnswer, pages: PromptPage[], planted: Plant[]): void {
  const home = pages[0];
  const claim = sentences(home).find((s) => / (is|are) /.test(s) && s.length > 30);
  if (claim) {
    const flipped = claim.replace(/ (is|are) /, " $1 no longer ");
    answer.fields.description = { value: flipped, quotes: [textQuote(home, claim)] };
    planted.push({ kind: "flip_negation", field: "description", value: flipped });
  }
  answer.faqs = answer.faqs.map((q) => {
    const rule = FLIPS.find(([re]) => re.test(q.answer));
    if (!rule) return q;
    const answerText = q.answer.replace(rule[0], rule[1]);
    planted.push({ kind: "flip_yes_no", field: "faqs", value: answerText, question: q.question });
    return { ...q, answer: answerText };
  });
  const price = findSentence(pages, /([$€£]\s?)(\d+)/);
  if (price) {
    const changed = price.sentence.replace(
      price.match[0],
      `${price.match[1]}${Number(price.match[2]) + 7}`,
    );
    answer.fields.pricing_summary = {
      value: changed,
      quotes: [textQuote(price.page, price.sentence)],
    };
    planted.push({ kind: "flip_number", field: "pricing_summary", value: changed });
  }
}

const loose = (s: string) => looseText(s);

/** Whether a planted value made it into the verified draft. */
export function plantKept(p: Plant, proposal: DraftProposal): boolean {
  switch (p.field) {
    case "features":
      return ((proposal.fields.features?.value as string[] | null) ?? [])
        .some((f) => loose(f) === loose(p.value));
    case "milestones":
      return proposal.milestones.some((m) => loose(m.title) === loose(p.value));
    case "founders":
      return proposal.founders.some((f) => loose(f.name) === loose(p.value));
    case "faqs":
      return proposal.faqs.some((q) =>
        loose(q.question) === loose(p.question ?? "") &&
        loose(q.answer).split(" ")[0] === loose(p.value).split(" ")[0]
      );
    default: {
      const v = proposal.fields[p.field as keyof DraftProposal["fields"]]?.value;
      return v !== null && v !== undefined && loose(String(v)) === loose(p.value);
    }
  }
}
