/**
 * The drafting benchmark's matching rules: a drafted proposal scored against a site's truth.json.
 *
 * Per field:
 * - name, city: equal ignoring case and punctuation (any of the truth's alternatives);
 * - tagline: equal ignoring case and punctuation, or 80 % of its meaningful words shared both ways;
 * - description: the truth is a gist: at least half of its meaningful words in the draft;
 * - pricing_model, country, contact_email, stage: equal ignoring case; founded_year: the same year;
 * - pricing_summary: every amount the truth names is in the draft and the draft names no paid
 *   amount the truth lacks (plain words compared when the truth names no amount);
 * - demo_video_url: the same video (YouTube or Vimeo id) or the same URL; logo_url: the same URL;
 * - features: items paired one to one when equal, sharing 60 % of their meaningful words, when the
 *   drafted item's head (before a colon or dash) is the truth's, or when the drafted item holds
 *   every meaningful word of a truth item of two or more words;
 * - socials: per platform key, the same account (scheme, www, trailing slash ignored; twitter.com
 *   is x.com; a GitHub organisation matches its repositories' roots and the reverse);
 * - founders: per person, the same name; faqs: per item, the same question, and an answer that
 *   keeps the truth's leading Yes/No (a flipped answer is a wrong item);
 * - founder_socials: per founder and platform, the same account, drafted on that founder.
 * A drafted value matching one of the truth's `also_ok` values is neither a hit nor a miss.
 * `stage` is scored only where the truth has the key. A list the truth sets to null expects none.
 * Invented values: every drafted value that matches nothing, every string from a disallowed page
 * anywhere in the draft, a customer drafted as the product's own, and a decoy (advisor, vendor,
 * teaser company, data-centre city, copyright year) drafted as name, city, founding year or founder.
 */
import { type DraftFieldName, type DraftProposal } from "../../services/drafting/evidence.ts";
import { canonicalUrl, contentStems, looseText } from "../../services/drafting/text.ts";
import type { OneOf, SiteTruth } from "../sites/serve.ts";

/** The fields scored, in report order. */
export const SCORED = [
  "name",
  "tagline",
  "description",
  "stage",
  "pricing_model",
  "pricing_summary",
  "country",
  "city",
  "founded_year",
  "features",
  "contact_email",
  "demo_video_url",
  "logo_url",
  "socials",
  "founders",
  "founder_socials",
  "faqs",
] as const;
/** One scored field. */
export type Scored = typeof SCORED[number];
type ScalarField = Exclude<
  Scored,
  "features" | "socials" | "founders" | "founder_socials" | "faqs"
>;
const SCALARS = SCORED.filter((f): f is ScalarField =>
  !["features", "socials", "founders", "founder_socials", "faqs"].includes(f)
);

/** True positives, false positives and false negatives of one field. */
export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

/** A scored draft: counts per field and the invented values, described. */
export interface Scoring {
  counts: Record<Scored, Counts>;
  invented: string[];
}

function alternatives<T>(value: OneOf<T> | null | undefined): T[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function stems(text: string): Set<string> {
  return new Set(contentStems(text));
}

/** The share of `a`'s meaningful words that `b` holds. */
export function shareOf(a: string, b: string): number {
  const sa = stems(a);
  const sb = stems(b);
  if (sa.size === 0) return 0;
  return [...sa].filter((x) => sb.has(x)).length / sa.size;
}

function looseEqual(a: string, b: string): boolean {
  return looseText(a) === looseText(b);
}

const AMOUNT_RE =
  /(?:[$€£]\s?(\d+(?:[.,]\d+)?)|\b(?:usd|eur|gbp)\s?(\d+(?:[.,]\d+)?)|(\d+(?:[.,]\d+)?)\s?(?:[$€£]|usd|eur|gbp)(?![\p{L}\p{N}]))/giu;

/** The money amounts a text names. */
export function amounts(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(AMOUNT_RE)) {
    out.add(Number((m[1] ?? m[2] ?? m[3]).replace(",", ".")));
  }
  return out;
}

function videoId(url: string): string {
  const yt = url.match(/(?:youtube\.com\/(?:watch\?v=|embed\/)|youtu\.be\/)([\w-]+)/);
  if (yt) return `yt:${yt[1]}`;
  const vimeo = url.match(/vimeo\.com\/(?:video\/)?(\d+)/);
  if (vimeo) return `vimeo:${vimeo[1]}`;
  return canonicalUrl(url);
}

function bareLink(url: string): string {
  return canonicalUrl(url).replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, "")
    .replace(/^twitter\.com\//, "x.com/").toLowerCase();
}

/** The same link: scheme, www, a trailing slash and twitter.com/x.com ignored. */
export function sameLink(a: string, b: string): boolean {
  return bareLink(a) === bareLink(b);
}

/** The same social account; on GitHub an organisation and its repositories' roots match. */
export function sameAccount(a: string, b: string): boolean {
  if (sameLink(a, b)) return true;
  const [ha, ...pa] = bareLink(a).split("/");
  const [hb, ...pb] = bareLink(b).split("/");
  return ha === "github.com" && hb === "github.com" && pa[0] === pb[0] &&
    pa.length <= 2 && pb.length <= 2;
}

const YES_NO = /^(yes|no|ja|nee|sí|si|no|oui|non|nein)\b/i;

function leadingYesNo(text: string): string | null {
  const m = looseText(text).match(YES_NO);
  return m ? m[1].replace("í", "i") : null;
}

/** Whether a drafted scalar matches the truth, by the rules in the module comment. */
export function scalarMatches(field: ScalarField, drafted: string, truth: string): boolean {
  switch (field) {
    case "tagline":
      return looseEqual(drafted, truth) ||
        (shareOf(truth, drafted) >= 0.8 && shareOf(drafted, truth) >= 0.8);
    case "description":
      return shareOf(truth, drafted) >= 0.5;
    case "pricing_summary": {
      const want = amounts(truth);
      const got = amounts(drafted);
      if (want.size === 0) return shareOf(truth, drafted) >= 0.5;
      return [...want].every((x) => got.has(x)) && [...got].every((x) => x === 0 || want.has(x));
    }
    case "founded_year":
      return Number(drafted) === Number(truth);
    case "demo_video_url":
      return videoId(drafted) === videoId(truth);
    case "logo_url":
      return sameLink(drafted, truth);
    case "country":
    case "contact_email":
    case "pricing_model":
    case "stage":
      return drafted.trim().toLowerCase() === truth.trim().toLowerCase();
    default:
      return looseEqual(drafted, truth);
  }
}

function pairItems<D, T>(
  drafted: D[],
  truth: T[],
  same: (d: D, t: T) => boolean,
): { matched: number; extra: D[]; missing: T[] } {
  const left = [...truth];
  const extra: D[] = [];
  let matched = 0;
  for (const d of drafted) {
    const i = left.findIndex((t) => same(d, t));
    if (i >= 0) {
      left.splice(i, 1);
      matched++;
    } else extra.push(d);
  }
  return { matched, extra, missing: left };
}

function jaccard(a: string, b: string): number {
  const sa = stems(a);
  const sb = stems(b);
  const shared = [...sa].filter((x) => sb.has(x)).length;
  return shared / Math.max(1, new Set([...sa, ...sb]).size);
}

/**
 * The same feature: equal, 60 % of the words shared (Jaccard), the drafted item's head (before a
 * colon or dash: "Replay - resend any webhook") the same, or every word of a truth item of two or
 * more words inside the drafted one ("Project groups" in "Project groups that restore").
 */
function featureSame(drafted: string, truth: string): boolean {
  if (looseEqual(drafted, truth) || jaccard(drafted, truth) >= 0.6) return true;
  const head = drafted.split(/\s*[:—–]\s+|\s+-\s+/)[0];
  if (head !== drafted && jaccard(head, truth) >= 0.6) return true;
  return stems(truth).size >= 2 && shareOf(truth, drafted) === 1;
}

type Links = Partial<Record<string, { value: string | null }>>;

/** A drafted founder's own links (`links`; `socials` in drafts that named them so). */
export function founderLinks(p: DraftProposal["founders"][number]): Links {
  return p.links ?? (p as { socials?: Links }).socials ?? {};
}

/** Each founder's drafted own links, as `name|platform|url`. */
export function draftedFounderSocials(proposal: DraftProposal): string[] {
  const out = new Set<string>();
  for (const p of proposal.founders) {
    for (const [k, v] of Object.entries(founderLinks(p))) {
      if (v?.value) out.add(`${p.name}|${k}|${v.value}`);
    }
  }
  const first = proposal.founders[0]?.name ?? "";
  for (const [k, v] of Object.entries(proposal.founder_socials ?? {})) {
    if (v?.value && ![...out].some((x) => x.endsWith(`|${v.value}`))) {
      out.add(`${first}|${k}|${v.value}`);
    }
  }
  return [...out];
}

function emptyCounts(): Record<Scored, Counts> {
  return Object.fromEntries(SCORED.map((f) => [f, { tp: 0, fp: 0, fn: 0 }])) as Record<
    Scored,
    Counts
  >;
}

/** Scores a verified proposal against a site's truth. */
export function score(proposal: DraftProposal, truth: SiteTruth): Scoring {
  const counts = emptyCounts();
  const invented: string[] = [];
  const alsoOk = (v: string) =>
    (truth.also_ok ?? []).some((o) => looseEqual(o, v) || sameLink(o, v));
  for (const field of SCALARS) {
    if (field === "stage" && !("stage" in truth)) continue;
    const raw = proposal.fields[field as DraftFieldName]?.value;
    const d = raw === null || raw === undefined ? null : String(raw);
    const want = alternatives(truth[field] as OneOf<string | number> | null).map(String);
    if (d !== null && want.some((t) => scalarMatches(field, d, t))) counts[field].tp++;
    else if (d !== null && alsoOk(d)) continue;
    else {
      if (d !== null) {
        counts[field].fp++;
        const note = want.length === 0 ? " (site does not state it)" : "";
        invented.push(`${field}: "${d.slice(0, 80)}"${note}`);
      }
      if (want.length) counts[field].fn++;
    }
  }
  const list = <D, T>(
    field: Scored,
    drafted: D[],
    want: T[],
    same: (d: D, t: T) => boolean,
    show: (d: D) => string,
  ) => {
    const r = pairItems(drafted.filter((d) => !alsoOk(show(d))), want, same);
    counts[field].tp += r.matched;
    counts[field].fp += r.extra.length;
    counts[field].fn += r.missing.length;
    for (const e of r.extra) invented.push(`${field}: "${show(e).slice(0, 80)}"`);
  };
  const text = (s: string) => s;
  list(
    "features",
    (proposal.fields.features?.value as string[] | null) ?? [],
    truth.features ?? [],
    featureSame,
    text,
  );
  const socials = Object.entries(proposal.company_socials).filter(([, v]) => v?.value)
    .map(([k, v]) => `${k} ${v!.value}`);
  const wantSocials = Object.entries(truth.socials ?? {}).map(([k, v]) => `${k} ${v}`);
  list(
    "socials",
    socials,
    wantSocials,
    (a, b) => sameAccount(a.split(" ")[1], b.split(" ")[1]),
    text,
  );
  const founders = truth.founders ?? [];
  list(
    "founders",
    proposal.founders.map((p) => p.name),
    founders.map((p) => p.name),
    looseEqual,
    text,
  );
  const wantFounderSocials = founders.flatMap((f) =>
    Object.entries(f.socials ?? {}).map(([k, v]) => `${f.name}|${k}|${v}`)
  );
  list("founder_socials", draftedFounderSocials(proposal), wantFounderSocials, (d, t) => {
    const [dn, , du] = d.split("|");
    const [tn, , tu] = t.split("|");
    return looseEqual(dn, tn) && sameAccount(du, tu);
  }, (d) => d.split("|").filter(Boolean).join(" "));
  list(
    "faqs",
    proposal.faqs,
    truth.faqs ?? [],
    (d, t) =>
      looseEqual(d.question, t.question) && leadingYesNo(d.answer) === leadingYesNo(t.answer),
    (d) => `${d.question} → ${d.answer.slice(0, 30)}`,
  );
  invented.push(...leaks(proposal, truth));
  return { counts, invented };
}

/** Strings from disallowed pages, customers as the product's own, decoys as its facts. */
function leaks(proposal: DraftProposal, truth: SiteTruth): string[] {
  const out: string[] = [];
  const f = proposal.fields;
  const everything = JSON.stringify(proposal);
  for (const s of truth.must_not_appear) {
    if (everything.includes(s)) out.push(`leak: "${s}" (from a page robots.txt disallows)`);
  }
  const own = [
    String(f.name?.value ?? ""),
    ...proposal.founders.map((p) => p.name),
    ...Object.values(proposal.company_socials).map((v) => String(v?.value ?? "")),
  ].join(" | ").toLowerCase();
  for (const c of truth.customer_names) {
    if (own.includes(c.toLowerCase())) out.push(`customer "${c}" drafted as the product's own`);
  }
  const facts: [string, string][] = [
    ["name", String(f.name?.value ?? "")],
    ["city", String(f.city?.value ?? "")],
    ["founded_year", String(f.founded_year?.value ?? "")],
    ...proposal.founders.map((p): [string, string] => ["founder", p.name]),
  ];
  for (const d of truth.decoys ?? []) {
    const word = new RegExp(
      `(^|[^\\p{L}\\p{N}])${d.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}\\p{N}])`,
      "u",
    );
    for (const [field, value] of facts) {
      if (value && word.test(value)) out.push(`decoy "${d}" drafted as ${field} ("${value}")`);
    }
  }
  return out;
}
