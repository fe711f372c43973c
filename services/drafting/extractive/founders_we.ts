/**
 * Founders who introduce themselves together and say in the first person that they started the
 * product: "We're Tomás Ruiz and Lena Ortiz. We started Plantcall in 2022 …" (in that block or the
 * next). Every name of the list must read as a person's full name, and the product (named) must be
 * the founding verb's object; "We're Ruth and Caleb Ashworth" with no founding of the product
 * binds nobody.
 */
import type { PageView } from "./pages.ts";
import { quote } from "./pages.ts";
import { looseText, MAX_QUOTE_CHARS } from "../text.ts";
import { LIST, namesOf } from "./founders_patterns.ts";
import { isPersonName } from "./people.ts";
import type { Add } from "./founders.ts";

/** "We're A and B", "We are A, B and C", at the start of a sentence. */
const WE_INTRO_RE = new RegExp(
  String.raw`(?:^|[.!?]\s+|\b(?:Hi|Hello|Hey)[,!]?\s+)We(?:['’]re| are)\s+(${LIST})(?=[.!])`,
  "u",
);
/**
 * "We started Plantcall", "we co-founded The Margin": the object is checked against the site; a
 * possessive ("we built Plantcall's sync") is no founding.
 */
const WE_FOUNDED_RE =
  /\b[Ww]e (?:co-?founded|founded|started|created|built) ((?:The )?\p{Lu}[\p{L}\p{N}.-]*(?: \p{Lu}[\p{L}\p{N}.-]*)?)(?![\p{L}\p{N}'’])/u;

/** Adds the founders a "We're A and B … we started <product>" block names. */
export function weFounders(v: PageView, i: number, own: string[], add: Add): void {
  const seg = v.segments[i];
  const intro = seg.text.match(WE_INTRO_RE);
  if (!intro) return;
  const people = namesOf(intro[1]);
  if (people.length < 2 || !people.every((p) => isPersonName(p.name))) return;
  const introEnd = intro.index! + intro[0].length;
  const after = seg.text.slice(introEnd);
  const next = v.segments[i + 1];
  const inNext = !after.match(WE_FOUNDED_RE) && next && !next.excluded && next.start - seg.end <= 3;
  const said = (inNext ? next.text : after).match(WE_FOUNDED_RE);
  if (!said || !own.some((o) => looseText(said[1]).startsWith(o))) return;
  const from = seg.start + intro.index! + intro[0].indexOf("We");
  const to = (inNext ? next.start : seg.start + introEnd) + said.index! + said[0].length;
  if (to - from > MAX_QUOTE_CHARS) return;
  const q = quote(v, v.text.slice(from, to));
  for (const p of people) add(p.name, p.role, null, [q]);
}
