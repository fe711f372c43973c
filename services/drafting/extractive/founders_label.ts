/**
 * Founders under a bare plural label, as a definition list or a table row reads in the page's
 * text: "Founded 2020 Founders Leo Marsh and Inês Duarte Headquarters Ghent". The text does not
 * show where the list ends, so a name counts only when its end is certain: a list separator or
 * the block's end follows it, or a link on the page carries exactly that name (the anchors of a
 * `<dd>`). Anything else (a list running into prose, a word that is no person's, a run of
 * capitalised words no link confirms) drafts nobody from that label.
 */
import type { PageView, Segment } from "./pages.ts";
import { quote } from "./pages.ts";
import { normalizeQuoteText } from "../text.ts";
import { isPersonName } from "./people.ts";
import type { Add } from "./founders.ts";

/** "Founders", "Co-founders" written as a label, capitalised, with a capitalised word after it. */
const LABEL_RE = /(?<![\p{L}-])(?:Co-?founders|Cofounders|Founders)\s+(?=\p{Lu})/gu;
/** A word before the label that makes it part of a name or a phrase ("the Founders Fund"). */
const NOT_LABEL_BEFORE_RE = /(?:^|\s)(?:the|of|a|an|our|its|their|by|at|with)\s*$/i;
const CAPITALISED_RE = /^\p{Lu}[\p{L}'’.-]*$/u;
const SEPARATORS = new Set([",", "and", "&"]);

/** Founders named under a bare "Founders" label in one segment. */
export function labelledFounders(v: PageView, seg: Segment, add: Add): void {
  for (const m of seg.text.matchAll(LABEL_RE)) {
    if (NOT_LABEL_BEFORE_RE.test(seg.text.slice(0, m.index!))) continue;
    const from = m.index! + m[0].length;
    const list = namesAfter(seg.text.slice(from), linkLabels(v));
    if (!list) continue;
    const q = quote(v, seg.text.slice(m.index!, from + list.length));
    for (const name of list.names) add(name, null, null, [q]);
  }
}

/** The page's link texts that are people's names as written ("Leo Marsh"). */
function linkLabels(v: PageView): Set<string> {
  const out = new Set<string>();
  for (const l of v.page.facts.profile_links ?? []) {
    if (l.label) out.add(normalizeQuoteText(l.label));
  }
  for (const l of v.page.facts.links ?? []) out.add(normalizeQuoteText(l.text));
  return out;
}

/** Words and separators: "Leo Marsh and Inês Duarte, Ghent" → Leo, Marsh, and, Inês, Duarte, ",". */
function words(text: string): { w: string; end: number }[] {
  return [...text.matchAll(/[^\s,.;:!?]+|[,.;:!?]/gu)].map((m) => ({
    w: m[0],
    end: m.index! + m[0].length,
  }));
}

/**
 * The names of a list right after the label, and the length of text they take, or null when the
 * list's end is not certain or any part is not a person's name.
 */
function namesAfter(
  text: string,
  labels: Set<string>,
): { names: string[]; length: number } | null {
  const ws = words(text);
  const names: string[] = [];
  let i = 0;
  while (i < ws.length) {
    let j = i;
    while (j < ws.length && CAPITALISED_RE.test(ws[j].w) && !SEPARATORS.has(ws[j].w)) j++;
    const run = ws.slice(i, j).map((x) => x.w);
    const next = ws[j]?.w;
    const confirmed = [3, 2].map((n) => run.slice(0, n).join(" "))
      .find((n) => labels.has(n) && isPersonName(n));
    if (confirmed && (run.length > confirmed.split(" ").length || !SEPARATORS.has(next ?? ""))) {
      names.push(confirmed);
      return { names, length: ws[i + confirmed.split(" ").length - 1].end };
    }
    const name = run.join(" ");
    if (run.length < 2 || run.length > 3 || !isPersonName(name)) return null;
    if (run.length === 3 && !labels.has(name)) return null;
    names.push(name);
    if (next === undefined || /^[.;!?]$/.test(next)) return { names, length: ws[j - 1].end };
    if (!SEPARATORS.has(next)) return null;
    i = j + 1;
    if (ws[i]?.w === "and") i++;
  }
  return null;
}
