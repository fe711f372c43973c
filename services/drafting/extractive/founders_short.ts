/**
 * A founding list that opens with a first name alone, the person named in full earlier on the
 * same page: "2018 Megan Doyle, the bar manager, writes the first app" … "2019 Megan and Arjun
 * Mehta found Tillroll in London". The first name stands for that person only when exactly one
 * person named in full on the page before it has that first name (and it is not the list's other
 * name); the verb's object must be the site's company; the present tense ("found", "founds")
 * counts only in an entry that opens with a year (a timeline) and ends its clause after the
 * company ("found Tillroll useful" never). The quote runs from the full name to the founding.
 */
import { looseText, MAX_QUOTE_CHARS } from "../text.ts";
import type { PageView, Segment } from "./pages.ts";
import { quote } from "./pages.ts";
import { NAME } from "./founders_patterns.ts";
import { inNonFounderSection, isOwnName, isPersonName } from "./people.ts";
import type { Add } from "./founders.ts";

const SHORT_LIST_FOUNDED_RE = new RegExp(
  String
    .raw`(?<=^|[.!?;]\s|^(?:19|20)\d\d\s(?:[–—-]\s)?)(\p{Lu}[\p{L}'-]+) and (${NAME}),? (co-?founded|cofounded|founded|started|founds?) (\p{Lu}[\p{L}\p{N}'.-]*)(?=\s+in\s+[\p{Lu}\d]|\s*[,.;]|\s*$)`,
  "gu",
);
const YEAR_LED_RE = /^(?:19|20)\d\d\s(?:[–—-]\s)?$/;
const FULL_NAME_RE = new RegExp(NAME, "gu");

/** The one person named in full on the page before `until` whose first name is `first`. */
function fullNameBefore(
  v: PageView,
  first: string,
  until: number,
): { name: string; at: number } | null {
  const found = new Map<string, number>();
  for (const m of v.text.slice(0, until).matchAll(FULL_NAME_RE)) {
    if (m[0].split(" ")[0] !== first || !isPersonName(m[0])) continue;
    if (!found.has(looseText(m[0]))) found.set(looseText(m[0]), m.index!);
  }
  if (found.size !== 1) return null;
  const [[, at]] = [...found];
  const name = v.text.slice(at).match(FULL_NAME_RE)![0];
  return { name, at };
}

/** "Megan and Arjun Mehta found Tillroll", Megan named in full earlier on the page. */
export function shortFormFounders(v: PageView, seg: Segment, own: string[], add: Add): void {
  for (const m of seg.text.matchAll(SHORT_LIST_FOUNDED_RE)) {
    const present = /^found/.test(m[3]) && !/^founded/.test(m[3]);
    if (present && !YEAR_LED_RE.test(seg.text.slice(0, m.index!))) continue;
    if (!isOwnName(m[4], own)) continue;
    const full = fullNameBefore(v, m[1], seg.start + m.index!);
    if (!full || looseText(full.name) === looseText(m[2])) continue;
    const from = v.segments.find((s) => s.start <= full.at && full.at < s.end);
    if (!from || from.excluded || inNonFounderSection(v, from)) continue;
    const to = seg.start + m.index! + m[0].length;
    if (to - from.start > MAX_QUOTE_CHARS) continue;
    const q = quote(v, v.text.slice(from.start, to));
    add(full.name, null, null, [q]);
    add(m[2], null, null, [q]);
  }
}
