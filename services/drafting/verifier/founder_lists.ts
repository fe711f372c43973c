/**
 * Founder titles that bind a whole list of names: "A and B are the co-founders (of X)" and a
 * PLURAL title right after the list ("Maya Chen & Tomás Berg / Co-founders, Tideline", "A, B and
 * C, founders of X"). The list must open its clause and every item must read as a person's full
 * name (two to four capitalised words, no company word, not the product); a list holding anything
 * else binds nobody, and a singular title binds only the name next to it (support.ts).
 */
import type { Tok } from "./support.ts";
import { LIST_AND, NOT_FOUNDER } from "./role_words.ts";

/** "and" in six languages: what separates the items of a list (particles such as "van" do not). */
const AND_WORDS = new Set(["and", "en", "und", "et", "y", "e"]);
const PLURAL_TITLES = new Set([
  "founders",
  "cofounders",
  ...["fondateurs", "cofondateurs", "fundadores", "cofundadores", "oprichters"],
  ...["fondatori", "cofondatori"],
]);
/** Whether the word is a plural founder title: it binds a list, never one name alone. */
export function isPluralTitle(t: Tok): boolean {
  return PLURAL_TITLES.has(t.w);
}

/** Words that make a list item a company or a place rather than a person. */
const ORG_WORDS = new Set([
  ...["inc", "ltd", "llc", "llp", "gmbh", "ag", "ab", "as", "bv", "sa", "sas", "srl", "plc"],
  ...["labs", "lab", "capital", "ventures", "studio", "studios", "group", "partners", "fund"],
  ...["foundation", "university", "college", "hospital", "hospitals", "bank", "media", "team"],
]);

/** "of"/"at" after a title, also in Dutch, German, French, Spanish and Italian ("cofondatrice di"). */
const OF_WORDS = new Set([
  "of",
  "at",
  "de",
  "di",
  "da",
  "del",
  "du",
  "van",
  "von",
  "bei",
  "bij",
  "chez",
]);

/** Whether "of X"/"at X" after the title at `k` names another company than the product. */
export function otherCompany(q: Tok[], k: number, productWords: Set<string>): boolean {
  const of = q[k + 1];
  const who = q[k + 2];
  if (!of || !who || of.brk || who.brk || !OF_WORDS.has(of.w)) return false;
  if (productWords.size === 0) return false;
  return /^\p{Lu}/u.test(who.raw) && !productWords.has(who.w);
}

/** "A and B are the co-founders (of X)": a list of names, then "are/were (the|our) founders". */
export function listAreFounders(q: Tok[], end: number, productWords: Set<string>): boolean {
  const next = q[end]?.w ?? "";
  if (!LIST_AND.has(next) && !q[end]?.comma && next !== "are" && next !== "were") return false;
  let k = end;
  while (k < q.length && k < end + 12 && (LIST_AND.has(q[k].w) || /^\p{Lu}/u.test(q[k].raw))) k++;
  if (!["are", "were"].includes(q[k]?.w ?? "") || q[k].brk) return false;
  k++;
  if (["the", "our", "its"].includes(q[k]?.w ?? "")) k++;
  if (q[k]?.w === "co") k++;
  if (!["founders", "cofounders"].includes(q[k]?.w ?? "")) return false;
  return !otherCompany(q, k, productWords);
}

/** The end (index after) of a plural founder title starting at `k`, or -1. */
function pluralTitleAt(q: Tok[], k: number): number {
  let j = k;
  if (["the", "our"].includes(q[j]?.w ?? "") && !q[j].brk) j++;
  if (q[j]?.w === "co" && (j === k || !q[j].brk)) j++;
  if (!PLURAL_TITLES.has(q[j]?.w ?? "") || (j > k && q[j].brk)) return -1;
  const next = q[j + 1];
  // A title line or appositive, not prose ("Founders are hard to find").
  const closes = !next || next.brk || next.comma || ["of", "at"].includes(next.w);
  return closes ? j : -1;
}

/** Whether an item's words read as a person's full name. */
function personItem(item: Tok[], productWords: Set<string>): boolean {
  const words = item.filter((t) => !LIST_AND.has(t.w));
  if (words.length < 2 || words.length > 4 || !/^\p{Lu}/u.test(item[0].raw)) return false;
  return words.every((t) =>
    /^\p{Lu}/u.test(t.raw) && !ORG_WORDS.has(t.w) && !productWords.has(t.w)
  );
}

/**
 * Whether the name at [start, end) is an item of a list of people bound by a plural title: one
 * after the list, which opens its clause ("Maya Chen & Tomás Berg Co-founders, Tideline"), or
 * "the founding team" right before it ("The founding team: A, B and C").
 */
export function pluralTitleAfterList(
  q: Tok[],
  start: number,
  end: number,
  productWords: Set<string>,
): boolean {
  return foundingTeamBefore(q, start) || titleAfterList(q, start, end, productWords);
}

/**
 * "The founding team: A, B and C", "Our founding team is A and B": the name stands in the list
 * (capitalised words and list words only) that follows the title and its colon or verb. A
 * former founding team binds nobody.
 */
function foundingTeamBefore(q: Tok[], start: number): boolean {
  let k = start - 1;
  while (k >= 0 && !q[k + 1].brk && (/^\p{Lu}/u.test(q[k].raw) || LIST_AND.has(q[k].w))) k--;
  let team = k;
  if (q[k + 1].brk && !q[k + 1].colon) return false;
  if (!q[k + 1].brk) {
    if (!["is", "was", "are", "were"].includes(q[k]?.w ?? "") || q[k].brk) return false;
    team = k - 1;
  }
  if (q[team]?.w !== "team" || q[team].brk || q[team - 1]?.w !== "founding") return false;
  return !NOT_FOUNDER.has(q[team - 2]?.w ?? "");
}

/** A list of people that opens its clause, followed by a plural founder title. */
function titleAfterList(
  q: Tok[],
  start: number,
  end: number,
  productWords: Set<string>,
): boolean {
  let from = start;
  while (from > 0 && !q[from].brk && start - from < 16) from--;
  if (!q[from].brk) return false;
  const items: { from: number; toks: Tok[] }[] = [{ from, toks: [] }];
  for (let k = from; k < q.length && k < from + 24; k++) {
    const title = k > from ? pluralTitleAt(q, k) : -1;
    if (title >= 0) {
      if (otherCompany(q, title, productWords) || k < end) return false;
      const mine = items.find((it) => it.from <= start && end <= it.from + it.toks.length);
      return items.length >= 2 && !!mine && items.every((it) => personItem(it.toks, productWords));
    }
    if (k > from && q[k].brk) return false;
    if (AND_WORDS.has(q[k].w)) items.push({ from: k + 1, toks: [] });
    else if (k > from && q[k].comma) items.push({ from: k, toks: [q[k]] });
    else if (/^\p{Lu}/u.test(q[k].raw) || LIST_AND.has(q[k].w)) items.at(-1)!.toks.push(q[k]);
    else return false;
  }
  return false;
}
