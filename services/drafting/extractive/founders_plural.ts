/**
 * A plural founder title right after a list of names that opens its clause (or follows a short
 * lead that names no one, such as a letter's "Fair winds,"): a signature
 * "Maya Chen & Tomás Berg / Co-founders, Tideline", "— A and B, co-founders of X", "A, B and C,
 * the founders". Every name of the list is drafted, and only when the verifier's own rule
 * (`roleBound`: every item a person's full name, no company word, not another company's
 * founders) accepts it on the same quote, so the drafter never offers what the verifier drops.
 */
import type { PageView, Segment } from "./pages.ts";
import { quote } from "./pages.ts";
import { NOT_FOUNDER, roleBound } from "../verifier/support.ts";
import { LIST, namesOf } from "./founders_patterns.ts";
import type { Add } from "./founders.ts";

/**
 * Whether the words before a comma-led list, back to the sentence's start, neither name anyone
 * nor give a role ("Fair winds," "With thanks,"; not "Our advisors," or "Thanks to Globex,").
 */
function plainLead(before: string): boolean {
  const lead = before.split(/[.!?;:]\s/u).at(-1)!.trim().split(/\s+/u);
  if (lead.length > 5) return false;
  return lead.every((w, i) =>
    !NOT_FOUNDER.has(w.toLowerCase().replace(/\W+$/u, "")) && (i === 0 || !/^\p{Lu}/u.test(w))
  );
}

/** A list at a clause's start, then a plural title and an optional "of X". */
const PLURAL_RE = new RegExp(
  String
    .raw`(?:^|[.!?;:]\s+|[—–]\s*|\s-\s+|(,)\s+)(${LIST}),?\s+(?:(?:the|our)\s)?(?:(?:[Cc]o-?\s?)?[Ff]ounders|[Cc]ofounders)(?!\p{L})((?:,?\s+(?:of|at)\s+\p{Lu}[\p{L}\p{N}'.&-]*)?)`,
  "dgu",
);

/** Founders named by a list with a plural founder title after it, in one segment. */
export function pluralTitleFounders(v: PageView, seg: Segment, own: string[], add: Add): void {
  const product = own.join(" ");
  for (const m of seg.text.matchAll(PLURAL_RE)) {
    const from = m.indices![2]![0];
    const to = m.indices![3]![1];
    const text = seg.text.slice(from, to);
    if (m[1] && !plainLead(seg.text.slice(0, m.index!))) continue;
    const names = namesOf(m[2]).map((p) => p.name);
    if (!names.every((n) => roleBound(text, n, product))) continue;
    const q = quote(v, text);
    // No title: a person's own title ("Co-founder") is not a phrase of the plural one.
    for (const name of names) add(name, null, null, [q]);
  }
}
