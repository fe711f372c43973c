/**
 * Founders' bios from their stated backgrounds (see addBios), never a card's name and title line
 * or the link labels read before it.
 */
import type { DraftProposal } from "../evidence.ts";
import type { PageView, Segment } from "./pages.ts";
import { isProse, quote } from "./pages.ts";
import { containsPhrase, MAX_QUOTE_CHARS } from "../text.ts";
import { FOUNDER_TITLE_RE, ROLE_START_RE } from "./founders_patterns.ts";
import { inNonFounderSection } from "./people.ts";

type Founders = DraftProposal["founders"];

/**
 * Bios from the founders' stated backgrounds: on the team, about or home page, up to two
 * sentences in a row that name the founder in their first words and no other founder ("Before
 * Tidewell, Jane Doe ran support at Stripe."); by first name alone (if no other founder shares
 * it) right after a sentence naming them in full ("Jane Doe is our co-founder. Jane spent ten
 * years at Stripe."). A sentence that only states the role is skipped.
 */
export function addBios(views: PageView[], founders: Founders): void {
  for (const f of founders) {
    if (f.bio) continue;
    const others = founders.filter((o) => o !== f).map((o) => o.name);
    const first = f.name.split(" ")[0];
    const firstName = others.some((o) => o.split(" ")[0] === first) ? null : first;
    for (const v of views.filter((x) => ["team", "about", "home"].includes(x.kind))) {
      const run = bioRun(v, f.name, firstName, others);
      if (!run) continue;
      f.bio = run;
      f.evidence.push(quote(v, run));
      break;
    }
  }
}

/** Whether a name is written (case as given) among the first words of a text. */
function namedEarly(text: string, name: string): boolean {
  const head = text.split(/\s+/).slice(0, 8).join(" ");
  const at = head.indexOf(name);
  return at >= 0 && !/\p{L}/u.test(head[at - 1] ?? "") &&
    !/\p{L}/u.test(head[at + name.length] ?? "");
}

function bioRun(v: PageView, full: string, first: string | null, others: string[]): string | null {
  const segs = v.segments;
  const alone = (i: number) => !others.some((o) => containsPhrase(segs[i].text, o));
  const opens = (i: number) =>
    alone(i) && (namedEarly(segs[i].text, full) ||
      (first !== null && namedEarly(segs[i].text, first) && i > 0 &&
        segs[i - 1].text.includes(full)));
  const continues = (i: number) =>
    i < segs.length && alone(i) &&
    (namedEarly(segs[i].text, full) || (first !== null && namedEarly(segs[i].text, first)));
  const onlyRole = (s: Segment) =>
    FOUNDER_TITLE_RE.test(s.text) &&
    s.text.replace(FOUNDER_TITLE_RE, "").split(/\s+/).length <= full.split(" ").length + 6;
  const usable = (s: Segment) => isProse(s, 4, false) && !onlyRole(s) && !inNonFounderSection(v, s);
  for (let i = 0; i < segs.length; i++) {
    if (!opens(i)) continue;
    const card = afterCardLine(segs[i], full);
    if (card) return usable(card) ? card.text : null;
    if (!usable(segs[i])) continue;
    let end = segs[i].end;
    const next = segs[i + 1];
    if (continues(i + 1) && usable(next) && next.start - end <= 1) end = next.end;
    const run = v.text.slice(segs[i].start, end);
    return run.length <= MAX_QUOTE_CHARS ? run : segs[i].text;
  }
  return null;
}

/**
 * A card read as one run of text, its name and title line first ("LinkedIn Cian O'Rourke
 * Co-founder & CTO Bass player, …"): the part after the title, or null when the segment is no
 * such card. Link labels or a previous block's words before the name are never part of a bio.
 */
function afterCardLine(seg: Segment, full: string): Segment | null {
  const at = seg.text.indexOf(full);
  if (at < 0) return null;
  const rest = seg.text.slice(at + full.length).replace(/^[\s,:|·–—-]+/, "");
  const role = rest.match(ROLE_START_RE);
  if (!role || !FOUNDER_TITLE_RE.test(role[0])) return null;
  const bio = rest.slice(role[0].length).replace(/^[\s,.:;|·–—-]+/, "");
  if (!/^\p{Lu}/u.test(bio) || !/[.!?]$/.test(bio)) return null;
  const start = seg.end - bio.length;
  return { ...seg, text: bio, start };
}
