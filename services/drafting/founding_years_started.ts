/**
 * A year-first story sentence whose starting verb takes a name as its object: "In 2020 we started
 * Trellisform in Gdańsk", "In 2021 Thu Hà and Tomás set out to build Pantrywise", "In 2022 she and
 * Ben Adeyemi, a former Headspace engineer, started Quietroom". "Started" also begins careers,
 * lessons and betas, so the object must be a name standing alone (a preposition, a conjunction or
 * the sentence's end after it): "In 2019 I started Spanish lessons", "started Quietroom's Android
 * beta" and "started Acme 2.0" state no founding. With the site's names known (the drafter), the
 * object must be one of them; without (the verifier), any such name.
 */
import { looseText } from "./text.ts";

const YEAR = String.raw`(?:18|19|20)\d\d`;
/** A name of up to three capitalised words ("Trellisform", "Harbour Light"). */
const NAME = String.raw`\p{Lu}[\p{L}\p{N}&.'-]*(?:\s+\p{Lu}[\p{L}\p{N}&.'-]*){0,2}`;
/** Verbs that start a venture when their object is its name. */
const STARTING = String
  .raw`started|set out to build|set out to make|began building|began work on`;
/** What may follow the name: the sentence's end, a preposition or a conjunction. */
const AFTER_NAME = String
  .raw`(?=\s*(?:[.!?,;:)]|$)|\s+(?:in|from|with|after|as|to|for|because|so|and|while|on|at|out|together|back)\b)`;

const STARTED_RE = new RegExp(
  String
    .raw`\b(?:In|in|By|by)\s+(${YEAR})\b(,?[^.!?|\d;:"“”]{0,90}?)\b(?:${STARTING})\s+(${NAME})${AFTER_NAME}`,
  "gu",
);
/** An appositive inside the subject: ", a former Headspace engineer,". */
const APPOSITIVE_RE = /,\s+(?:a|an|the|our|my|his|her)\s+[^,]{1,60},/gu;
/** A negation in the subject: "In 2017 we had not yet started Acme". */
const NEGATION_RE = /\b(?:not|never|nor)\b|n't\b/u;
/** A possessive, a version or a release after the name: "Quietroom's beta", "Acme 2.0". */
const THING_AFTER_RE = /^(?:['’]s\b|\s+\d|\s+v\d)/u;

/** A year stated by a starting sentence, and where the sentence's match begins. */
export interface StartedYear {
  year: string;
  at: number;
}

/**
 * Years stated by a year-first sentence that starts a venture named right after its verb; `names`
 * the site's own names (null: any name, as for the verifier, which knows none).
 */
export function startedNameYears(text: string, names: string[] | null): StartedYear[] {
  const out: StartedYear[] = [];
  for (const m of text.matchAll(STARTED_RE)) {
    const subject = m[2].replace(/^,/u, "").replace(APPOSITIVE_RE, " ");
    if (/[,]/u.test(subject) || NEGATION_RE.test(subject)) continue;
    const rest = text.slice(m.index! + m[0].length);
    if (THING_AFTER_RE.test(rest)) continue;
    if (names !== null && !names.some((n) => sameName(m[3], n))) continue;
    out.push({ year: m[1], at: m.index! });
  }
  return out;
}

/** Whether the object names the site: it is one of its names, or begins with one ("Acme Ltd"). */
function sameName(object: string, name: string): boolean {
  const o = looseText(object);
  const n = looseText(name);
  return n.length > 0 && (o === n || o.startsWith(`${n} `));
}

/** A month, a day, or both before a year: "March 2021", "4 March 2021", "March 4, 2021". */
const WHEN = String
  .raw`(?:(?:\d{1,2}\s+)?(?:[Jj]an|[Ff]eb|[Mm]ar|[Aa]pr|[Mm]ay|[Jj]un|[Jj]ul|[Aa]ug|[Ss]ep|[Oo]ct|[Nn]ov|[Dd]ec)\p{L}*\.?\s+(?:\d{1,2},?\s+)?)?(${YEAR})`;
/**
 * A publication's first issue, its start: a label "First issue: March 2021", the first person
 * sending it ("We sent the first issue to 40 friends in March 2019"), or "the/our first issue"
 * with a publishing verb ("Our first issue went out in 2021"). "First issue" is also a bug or
 * another publication's number: without one of these shapes ("The first issue we fixed in
 * 2020", "the first issue of Wired in 1993") no year is stated.
 */
const FIRST_ISSUE_RES = [
  new RegExp(String.raw`(?:^|[.!?|]\s+)[Ff]irst issue:\s*${WHEN}\b`, "gu"),
  new RegExp(
    String
      .raw`\b(?:[Ww]e|I)\s+(?:sent|mailed|published)(?:\s+out)?\s+(?:the|our|my)\s+first issue\b(?!\s+of\b)[^.!?|:;,"“”]{0,40}?\b(?:in|on)\s+${WHEN}\b`,
    "gu",
  ),
  new RegExp(
    String
      .raw`(?:^|[.!?|]\s+|\b[Oo]ur\s+|\b[Mm]y\s+)(?:[Tt]he\s+)?first issue\s+(?:went out|was sent|was published|came out|shipped|landed)\s+(?:in|on)\s+${WHEN}\b`,
    "gu",
  ),
];

/** Years a publication's first issue is dated with (see FIRST_ISSUE_RES), and where each begins. */
export function firstIssueYears(text: string): StartedYear[] {
  return FIRST_ISSUE_RES.flatMap((re) =>
    [...text.matchAll(re)].filter((m) => !NEGATION_RE.test(m[0]))
      .map((m) => ({ year: m[1], at: m.index! }))
  );
}
