/**
 * Who and where a quote is about: a name after "by" or in a trademark line is another party's
 * (a vendor, a trademark holder); a place next to servers or data centres is where data is, not
 * the company; a city may not be a fragment of a longer place name; a founder's name carries no
 * label; an FAQ question is a question.
 */
import { countryCodeOf } from "../text.ts";
import { NOT_FOUNDER, ROLE_WORDS, spansIn, type Tok, tokens } from "./support.ts";

const VENDOR_BEFORE: string[][] = [
  ["by"],
  ["trademark", "of"],
  ["trademarks", "of"],
  ["integrates", "with"],
  ["works", "with"],
  ["partnered", "with"],
  ["partner", "with"],
  ["vs"],
  ["versus"],
  ["alternative", "to"],
  ["compared", "to"],
  ["acquired", "by"],
  ["from"],
];

/** Verbs after which "from" names where the company works: "started Quietroom from Copenhagen". */
const OWN_PLACE_FROM = new Set(
  "founded started launched built run runs operate operates operating work works working based"
    .split(" "),
);

/**
 * Why a name in the quote is another party's and not the product's, or "": a vendor after "by",
 * a trademark holder, an integration, a competitor. For a `place`, "from" after a founding or
 * working verb ("started Quietroom from Copenhagen") is the company's own place.
 */
export function otherPartyName(quote: string, name: string, place = false): string {
  const q = tokens(quote);
  const n = tokens(name);
  const spans = spansIn(q, n);
  if (spans.length === 0) return "";
  const bad = spans.every((at) => {
    const before = q.slice(Math.max(0, at - 2), at).map((t) => t.w);
    if (q[at].brk) return trademarkAfter(q, at + n.length);
    const ownFrom = place && q[at - 1]?.w === "from" &&
      q.slice(Math.max(0, at - 5), at - 1).some((t) => OWN_PLACE_FROM.has(t.w));
    const vendor = !ownFrom &&
      VENDOR_BEFORE.some((p) => p.every((w, i) => before[before.length - p.length + i] === w));
    return vendor || trademarkAfter(q, at + n.length);
  });
  return bad
    ? `the quote names "${name}" as another party (a vendor, partner or trademark holder)`
    : "";
}

function trademarkAfter(q: Tok[], end: number): boolean {
  const after = q.slice(end, end + 5).map((t) => t.w).join(" ");
  return /^(?:is|are) (?:a )?(?:registered )?trademarks?\b/.test(after);
}

const HOSTING_WORDS = new Set([
  "data",
  "datacenter",
  "datacentre",
  "datacenters",
  "datacentres",
  "server",
  "servers",
  "hosted",
  "hosting",
  "region",
  "regions",
  "cdn",
  "colocation",
  "stored",
  "storage",
  "zone",
  "zones",
]);

/** Whether a place in the quote is where data or servers are, not where the company is. */
export function hostingPlace(quote: string, place: string): boolean {
  const q = tokens(quote);
  const n = tokens(place);
  const spans = spansIn(q, n);
  return spans.length > 0 && spans.every((at) => {
    for (let k = at - 1; k >= Math.max(0, at - 6) && !q[k + 1].brk; k--) {
      if (HOSTING_WORDS.has(q[k].w)) return true;
    }
    return false;
  });
}

/** Why a founder's name is not a person's name alone (a label or role glued to it), or "". */
export function nameProblem(name: string): string {
  // Initials ("M. J. Hartley") are part of the name, whatever word they spell.
  const initials = new Set([...name.matchAll(/(?<![\p{L}'’])(\p{Lu})\./gu)].map((m) => m[1]));
  const label = tokens(name).find((t) =>
    !initials.has(t.raw) && (ROLE_WORDS.has(t.w) || NOT_FOUNDER.has(t.w) || LABEL_WORDS.has(t.w))
  );
  return label ? `"${name}" carries the label "${label.raw}", not only a name` : "";
}

const LABEL_WORDS = new Set([
  "linkedin",
  "twitter",
  "github",
  "website",
  "team",
  "about",
  "meet",
  "contact",
  "our",
  "the",
  // "I'm Hanna Lindqvist", "Hi, we're …": the sentence around a name is not the name.
  "i",
  "m",
  "we",
  "re",
  "hi",
  "hello",
  "by",
  // A section heading glued in front of a card's name ("Leadership Marcus Hale").
  ...["leadership", "management", "executive", "executives", "people", "company", "staff"],
  ...["crew", "story", "mission", "history", "imprint", "impressum"],
]);

const QUESTION_START =
  /^(?:how|what|why|can|could|do|does|did|is|are|was|will|would|where|when|who|which|should|may|must|have|has|wie|wat|waarom|kan|kun|hoe|qué|cómo|puedo|wo|was|kann)\b/iu;

/** Why a text is not an FAQ question: a question of three words or more. */
export function questionProblem(question: string): string {
  if (tokens(question).length < 3) return `"${question}" is too short to be a question`;
  if (!/\?\s*$/.test(question) && !QUESTION_START.test(question)) {
    return `"${question}" is not a question`;
  }
  return "";
}

const PLACE_JOINERS = new Set([
  "im",
  "am",
  "an",
  "der",
  "upon",
  "sur",
  "del",
  "de",
  "la",
  "le",
  "di",
]);

/** Whether the words from `at` start with a country's name (one to three words). */
function countryAfter(q: Tok[], at: number): boolean {
  for (let n = 3; n >= 1; n--) {
    const words = q.slice(at, at + n);
    const name = words.map((t) => t.raw).join(" ");
    if (words.length === n && name.length > 2 && countryCodeOf(name)) return true;
  }
  return false;
}

/**
 * Surname particles that never join a place to what follows it in a sentence ("Jan van der Berg",
 * "Ursula von Stein"); "da" and "de" do ("fondata a Bologna da Giulia …") and are left out.
 */
const SURNAME_PARTICLES = new Set(["van", "von", "ter", "ten", "vander"]);

/** Whether a particle then a capitalised word follow `at`: "Jan" of "Jan van der Berg". */
function particleNameAfter(q: Tok[], at: number): boolean {
  const next = q[at];
  if (!next || next.brk || next.comma || !SURNAME_PARTICLES.has(next.raw)) return false;
  return q.slice(at + 1, at + 3).some((t) => !t.brk && /^\p{Lu}\p{Ll}/u.test(t.raw));
}

/**
 * Whether a city in the quote is only part of a longer name: of a place ("Breisgau" of "Freiburg
 * im Breisgau") or a person's first name ("Jan" of "Jan van der Berg").
 */
export function placeFragment(quote: string, city: string): boolean {
  const q = tokens(quote);
  const n = tokens(city);
  const spans = spansIn(q, n);
  return spans.length > 0 && spans.every((at) => {
    const before = q[at - 1];
    const after = q[at + n.length];
    const joinedBefore = before && !q[at].brk && !q[at].comma &&
      (PLACE_JOINERS.has(before.w) || /^\p{Lu}\p{Ll}/u.test(before.raw)) &&
      !streetThenCity(q, at, n.length);
    // "04275 Leipzig Deutschland": a country after the city is the address's next line.
    const joinedAfter = after && !after.brk && !after.comma && /^\p{Lu}\p{Ll}/u.test(after.raw) &&
      !countryAfter(q, at + n.length);
    return Boolean(joinedBefore || joinedAfter || particleNameAfter(q, at + n.length));
  });
}

/** Words that end a street or quay's name in an address ("Sutton Harbour", "Mill Lane"). */
const STREET_WORDS = new Set([
  "street",
  "st",
  "road",
  "rd",
  "lane",
  "avenue",
  "ave",
  "way",
  "quay",
  "wharf",
  "harbour",
  "harbor",
  "square",
  "drive",
  "terrace",
  "crescent",
  "straße",
  "strasse",
]);

/**
 * Whether the city at `at` is an address's next line: a street word before it and a postcode
 * (a token with a digit, "PL4", "10115") right after it ("Sutton Harbour Plymouth PL4 0DW").
 */
function streetThenCity(q: Tok[], at: number, length: number): boolean {
  const after = q[at + length];
  return STREET_WORDS.has(q[at - 1]?.w ?? "") && Boolean(after) && !after.brk &&
    /^(?=.*\d)[\p{Lu}\d-]{2,}$/u.test(after.raw);
}
