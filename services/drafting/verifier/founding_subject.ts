/**
 * Founders as the subject of a founding verb whose object is the product: "Ana Silva and Rui
 * Costa founded Tidepool", "Ben Adeyemi, a former Headspace engineer, started Quietroom", and a
 * person named in full whose "she"/"he" leads such a list in the same quote ("Nora Lindqvist was
 * leading a team … In 2022 she and Ben Adeyemi started Quietroom"). The product must follow the
 * verb, so "Jane Doe founded Globex" never makes Jane Doe a founder of another product. A
 * timeline entry that opens with a year may say it in the present ("2019 Megan and Arjun Mehta
 * found Tillroll in London"), and a list may open with the first name of a person the same quote
 * names in full before ("Megan Doyle … writes the first app. 2019 Megan and Arjun Mehta found
 * Tillroll"), when no one else in the quote has that first name. "A and B set out to build
 * Tidepool" says the same, with the product as the object.
 */
import type { Tok } from "./support.ts";
import { BY_VERBS, LIST_AND, NOT_FOUNDER } from "./role_words.ts";

const PRONOUNS = new Set(["she", "he"]);
/** The historical present of a timeline entry: "2019 Megan and Arjun found Tillroll". */
const PRESENT_VERBS = new Set(["found", "founds"]);

/** Whether the list holding the name at `start` opens a clause with a year ("2019 Megan and …"). */
function yearLed(q: Tok[], start: number): boolean {
  let k = start;
  while (k > 0 && !q[k].brk && (LIST_AND.has(q[k - 1].w) || /^\p{Lu}/u.test(q[k - 1].raw))) k--;
  const year = q[k - 1];
  return !!year && year.brk && /^(?:19|20)\d\d$/.test(year.w);
}

/** The verb's place when a list of names runs from `from` into a founding verb of the product. */
function verbAfterList(
  q: Tok[],
  from: number,
  productWords: Set<string>,
  present = false,
): number {
  const isVerb = (t: Tok) => BY_VERBS.has(t.w) || (present && PRESENT_VERBS.has(t.w));
  let k = from;
  for (let steps = 0; k < q.length && steps < 16; k++, steps++) {
    const t = q[k];
    if (t.brk) return -1;
    if (isVerb(t)) break;
    const setOut = setOutToBuild(q, k);
    if (setOut >= 0) return productAfter(q, setOut, productWords);
    if (t.comma) {
      // An appositive set off by commas ("Ben Adeyemi, a former Headspace engineer, started").
      let j = k;
      while (j < q.length && j < k + 9 && !q[j].brk && (j === k || !q[j].comma)) j++;
      if (q[j]?.comma && !q[j].brk && isVerb(q[j])) return foundingAt(q, j, productWords);
      if (!LIST_AND.has(t.w) && !/^\p{Lu}/u.test(t.raw)) return -1;
      continue;
    }
    if (!LIST_AND.has(t.w) && !/^\p{Lu}/u.test(t.raw)) return -1;
  }
  return k < q.length && isVerb(q[k]) ? foundingAt(q, k, productWords) : -1;
}

/** "set out to build|make|create": the place of its last word, or -1. */
function setOutToBuild(q: Tok[], k: number): number {
  const words = q.slice(k, k + 4);
  if (words.length < 4 || words.some((t, i) => i > 0 && (t.brk || t.comma))) return -1;
  const [set, out, to, verb] = words.map((t) => t.w);
  return set === "set" && out === "out" && to === "to" && SET_OUT_VERBS.has(verb) ? k + 3 : -1;
}
const SET_OUT_VERBS = new Set(["build", "make", "create"]);

/** The verb at `k` with the product as its object; "found" ends its clause after the product. */
function foundingAt(q: Tok[], k: number, productWords: Set<string>): number {
  const verb = productAfter(q, k, productWords);
  if (verb < 0 || BY_VERBS.has(q[k].w)) return verb;
  // "found Tillroll in London", never "found Tillroll useful" or "found Tillroll on a forum".
  const after = q[k + 2];
  return !after || after.brk || after.comma || after.w === "in" ? verb : -1;
}

function productAfter(q: Tok[], verb: number, productWords: Set<string>): number {
  const object = q[verb + 1];
  if (!object || object.brk || object.comma || !/^\p{Lu}/u.test(object.raw)) return -1;
  return productWords.has(object.w) ? verb : -1;
}

/** Whether the name at [start, end) is (or leads) the subject list of "founded <the product>". */
export function subjectFounded(
  q: Tok[],
  start: number,
  end: number,
  productWords: Set<string>,
): boolean {
  if (productWords.size === 0) return false;
  if (verbAfterList(q, end, productWords, yearLed(q, start)) >= 0) return true;
  if (shortFormFounded(q, start, end, productWords)) return true;
  if (weIntroduced(q, start, end, productWords)) return true;
  // "Nora Lindqvist was … In 2022 she and Ben Adeyemi started Quietroom": the name must open its
  // sentence, and no other capitalised word (but a sentence's first) comes before the pronoun.
  if (start > 0 && !q[start].brk) return false;
  for (let k = end; k < Math.min(q.length - 2, end + 50); k++) {
    if (PRONOUNS.has(q[k].w) && q[k + 1].w === "and" && !q[k + 1].brk) {
      return verbAfterList(q, k + 2, productWords) >= 0;
    }
    if (/^\p{Lu}/u.test(q[k].raw) && !q[k].brk || NOT_FOUNDER.has(q[k].w)) return false;
  }
  return false;
}

/**
 * Whether the person named in full at [start, end) is the first name opening a later founding
 * list in the quote ("Megan Doyle … 2019 Megan and Arjun Mehta found Tillroll"). The first name
 * must lead a list (an "and" follows it), and no other full name in the quote may share it.
 */
function shortFormFounded(
  q: Tok[],
  start: number,
  end: number,
  productWords: Set<string>,
): boolean {
  if (end - start < 2) return false;
  const first = q[start].w;
  const capital = (t: Tok | undefined) => !!t && /^\p{Lu}/u.test(t.raw);
  for (let k = 0; k < q.length - 1; k++) {
    const other = q[k].w === first && capital(q[k + 1]) && !q[k + 1].brk && k !== start;
    if (other && q[k + 1].w !== q[start + 1].w) return false;
  }
  for (let j = end; j < q.length - 1; j++) {
    if (q[j].w !== first || !capital(q[j]) || q[j + 1].w !== "and" || q[j + 1].brk) continue;
    if (verbAfterList(q, j + 1, productWords, yearLed(q, j)) >= 0) return true;
  }
  return false;
}

/**
 * Whether the name at [start, end) is an item of a list of full names that "We're" / "We are"
 * introduces as a sentence of its own, and a later "we <founding verb> <the product>" in the same
 * quote says they founded it ("We're Tomás Ruiz and Lena Ortiz. We started Plantcall in 2022").
 */
function weIntroduced(q: Tok[], start: number, end: number, productWords: Set<string>): boolean {
  if (productWords.size === 0) return false;
  const isItem = (t: Tok) => LIST_AND.has(t.w) || /^\p{Lu}/u.test(t.raw);
  let from = start;
  while (from > 0 && !q[from].brk && isItem(q[from - 1]) && !q[from - 1].brk) from--;
  const [we, are] = [q[from - 2], q[from - 1]];
  if (!we || !are || we.w !== "we" || !["re", "are"].includes(are.w) || are.brk) return false;
  let to = end;
  while (to < q.length && !q[to].brk && isItem(q[to])) to++;
  if (to < q.length && !q[to].brk) return false;
  if (personCount(q.slice(from, to)) < 2) return false;
  for (let j = to; j < Math.min(q.length - 2, to + 40); j++) {
    if (q[j].w === "we" && ["re", "are"].includes(q[j + 1].w)) return false;
    if (q[j].w !== "we" || !BY_VERBS.has(q[j + 1].w) || NOT_FOUNDER.has(q[j - 1]?.w ?? "")) {
      continue;
    }
    const object = q[j + 2];
    const possessive = q[j + 3]?.w === "s" && !q[j + 3].brk && !q[j + 3].comma;
    if (/^\p{Lu}/u.test(object.raw) && !object.brk && productWords.has(object.w) && !possessive) {
      return true;
    }
  }
  return false;
}

/** How many full names (two to four words) a list joined by commas and "and" holds, or 0. */
function personCount(list: Tok[]): number {
  const items: number[] = [0];
  for (const t of list) {
    if (t.w === "and") items.push(0);
    else if (t.comma) items.push(1);
    else items[items.length - 1]++;
  }
  return items.every((n) => n >= 2 && n <= 4) ? items.length : 0;
}
