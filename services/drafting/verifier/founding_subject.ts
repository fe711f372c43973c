/**
 * Founders as the subject of a founding verb whose object is the product: "Ana Silva and Rui
 * Costa founded Tidepool", "Ben Adeyemi, a former Headspace engineer, started Quietroom", and a
 * person named in full whose "she"/"he" leads such a list in the same quote ("Nora Lindqvist was
 * leading a team … In 2022 she and Ben Adeyemi started Quietroom"). The product must follow the
 * verb, so "Jane Doe founded Globex" never makes Jane Doe a founder of another product.
 */
import { BY_VERBS, LIST_AND, NOT_FOUNDER, type Tok } from "./support.ts";

const PRONOUNS = new Set(["she", "he"]);

/** The verb's place when a list of names runs from `from` into a founding verb of the product. */
function verbAfterList(q: Tok[], from: number, productWords: Set<string>): number {
  let k = from;
  for (let steps = 0; k < q.length && steps < 16; k++, steps++) {
    const t = q[k];
    if (t.brk) return -1;
    if (BY_VERBS.has(t.w)) break;
    if (t.comma) {
      // An appositive set off by commas ("Ben Adeyemi, a former Headspace engineer, started").
      let j = k;
      while (j < q.length && j < k + 9 && !q[j].brk && (j === k || !q[j].comma)) j++;
      if (q[j]?.comma && !q[j].brk && BY_VERBS.has(q[j].w)) return productAfter(q, j, productWords);
      if (!LIST_AND.has(t.w) && !/^\p{Lu}/u.test(t.raw)) return -1;
      continue;
    }
    if (!LIST_AND.has(t.w) && !/^\p{Lu}/u.test(t.raw)) return -1;
  }
  return k < q.length && BY_VERBS.has(q[k].w) ? productAfter(q, k, productWords) : -1;
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
  if (verbAfterList(q, end, productWords) >= 0) return true;
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
