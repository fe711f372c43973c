import { normalizeQuoteText } from "./text.ts";

/**
 * The name of a section of a site written after the product's name ("Sluice docs", "Relaykit
 * Developers", "Acme Help Center"): the section's title, not the product's name.
 */
export const SECTION_SUFFIX_RE = new RegExp(
  "\\s+(?:" + [
    "docs",
    "documentation",
    "developer docs",
    "developers?",
    "api(?: reference| docs)?",
    "help(?: cent(?:er|re))?",
    "support(?: cent(?:er|re))?",
    "knowledge ?base",
    "blog",
    "wiki",
    "guides?",
    "community",
    "status",
  ].join("|") + ")$",
  "iu",
);

/** A title part that is only a section's name ("Community · Lumenbird"): not the site's name. */
export const SECTION_NAME_RE = /^(?:community|status|developers?|guides?|wiki|forum|events?)$/iu;

/**
 * A name that carries a section's suffix ("Sluice docs", "Relaykit Developers") names the product
 * without it when one of the site's page texts writes the shorter name as a word not followed by
 * the suffix ("Sluice stores jobs in Postgres").
 */
export function withoutSection(name: string, pageTexts: string[]): string {
  const m = name.match(SECTION_SUFFIX_RE);
  const bare = m?.index ? name.slice(0, m.index).trim() : "";
  if (!m || !/^\p{Lu}/u.test(bare)) return name;
  return pageTexts.some((t) => statedWithout(t, bare, m[0].trim().toLowerCase())) ? bare : name;
}

/**
 * What a title adds to a product's name on one page: a platform or audience after it ("Parcelo
 * App", "Parcelo for Teams", "Parcelo.io") or a call to action before it ("Get Parcelo").
 */
const PRODUCT_SUFFIX_RE = new RegExp(
  "(?:\\s+(?:apps?|for (?:teams|business|enterprise|work|mac|macos|windows|linux|ios|android|" +
    "iphone|ipad|web|desktop|mobile|slack|education|schools|startups|agencies))|" +
    "\\.(?:io|app|ai|co|com|dev|so|sh))$",
  "iu",
);
const PRODUCT_PREFIX_RE = /^(?:get|try|download|meet)\s+/iu;

/**
 * A name with a platform, audience or call to action added ("Parcelo App", "Get Parcelo") names
 * the product without it when a page makes the shorter name the subject of a sentence, followed by
 * a lower-case verb and not by the addition ("Parcelo reads your shipping emails"), and `isName`
 * accepts it (the pages never write it in lower case: "Cash" in "Cash App" is also a word).
 */
export function withoutProductAffix(
  name: string,
  pageTexts: string[],
  isName: (bare: string) => boolean,
): string {
  const suffix = name.match(PRODUCT_SUFFIX_RE);
  const prefix = name.match(PRODUCT_PREFIX_RE);
  const bare = suffix?.index
    ? name.slice(0, suffix.index).trim()
    : prefix
    ? name.slice(prefix[0].length).trim()
    : "";
  if (!bare || !/^\p{Lu}/u.test(bare) || !isName(bare)) return name;
  const added = (suffix ?? prefix)![0].trim().toLowerCase();
  const subject = (text: string) => {
    for (let i = text.indexOf(bare); i >= 0; i = text.indexOf(bare, i + 1)) {
      const opens = i === 0 || /[.!?:]\s+$/u.test(text.slice(Math.max(0, i - 3), i));
      const after = text.slice(i + bare.length);
      if (!opens || !/^\s+\p{Ll}/u.test(after)) continue;
      if (!after.trimStart().toLowerCase().startsWith(added)) return true;
    }
    return false;
  };
  return pageTexts.some(subject) ? bare : name;
}

/** Whether a text writes `bare` as a word not followed by `tail` (a lower-case suffix). */
function statedWithout(text: string, bare: string, tail: string): boolean {
  const word = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);
  for (let i = text.indexOf(bare); i >= 0; i = text.indexOf(bare, i + 1)) {
    const after = text.slice(i + bare.length);
    if (word(text[i - 1]) || word(after[0])) continue;
    if (!after.trimStart().toLowerCase().startsWith(tail)) return true;
  }
  return false;
}

/** A numbered issue, episode or edition: "Issue #42", "Episode 12", "Vol. 3", "#42". */
const ISSUE_NAME =
  String.raw`(?:(?:issue|episode|ep\.?|edition|vol(?:ume)?\.?|no\.|number)\s*)?#\s?\d+|` +
  String.raw`(?:issue|episode|edition|vol(?:ume)?\.?|no\.)\s*\d+`;

/** A heading that names one numbered issue or episode, with or without its headline after it. */
export const ISSUE_HEADING_RE = new RegExp(`^(?:${ISSUE_NAME})(?:\\s*[:.|·–—-]|$)`, "iu");

/**
 * Code-hosting platforms, whose name stands in a hosted page's title ("GitHub - owner/repo") and
 * og:site_name ("Codeberg.org"): the host's, never the hosted project's name or account.
 */
export const HOSTING_RE =
  /^(?:GitHub|GitLab|Codeberg|Bitbucket|SourceForge|Gitea|sr\.ht)(?:\.(?:com|org|io))?$/iu;
/** A repository part of a title: "owner/repo: description" or "owner / repo". */
export const HOSTED_REPO_RE = /^[\w.-]+\s?\/\s?([\w.-]+)(?::\s+(.+))?$/u;

/**
 * What a title or heading calls a page of a site rather than its product ("Home | Acme", "Press kit
 * — Vendemmia", "Über uns"): never a product's name, whatever the quote. The drafter drops such a
 * title part; the verifier refuses such a name.
 */
export const PAGE_NAME_RE = new RegExp(
  "^(?:" + [
    "home(?: ?page)?",
    "start(?: ?page)?",
    "welcome",
    "index",
    "about(?: us)?",
    "overview",
    "introduction",
    "getting started",
    "contact(?: us)?",
    "pricing",
    "plans",
    "features",
    "blog",
    "news",
    "docs",
    "documentation",
    "help(?: cent(?:er|re))?",
    "support",
    "faqs?",
    "changelog",
    "log ?in",
    "sign (?:in|up)",
    "untitled(?: page)?",
    "press(?: kit| room| releases?)?",
    "media(?: kit)?",
    "newsroom",
    "brand assets",
    "careers",
    "jobs",
    "(?:our |the )?team",
    "meet the team",
    "(?:our )?story",
    "imprint",
    "impressum",
    "legal(?: notice)?",
    "privacy(?: policy)?",
    "terms(?: of (?:service|use))?",
    // The same pages in Dutch, German, French, Spanish, Portuguese and Italian.
    "over ons",
    "über uns",
    "qui sommes-nous",
    "à propos",
    "sobre (?:nosotros|nós)",
    "quiénes somos",
    "chi siamo",
    "contatti",
    "kontakt",
    "prezzi",
    "preise",
    "tarifs",
    "precios",
    // One issue of a newsletter, podcast or magazine ("Issue #42 · Quiet Fork", "Episode 12").
    ISSUE_NAME,
  ].join("|") + ")$",
  "iu",
);

/** A title part's section suffix: "Relaykit Docs" names Relaykit. */
const TITLE_SECTION_RE = /\s+(?:Docs|Documentation|Blog|Help Cent(?:er|re)|Help|Wiki|Guides?)$/u;

/**
 * The parts of a page title ("Name | Tagline"). On a repository page hosted by a code-hosting
 * platform the platform's name is not a part, and "owner/repo: description" gives the repository's
 * name and its description as parts.
 */
export function titleParts(title: string): string[] {
  const parts = splitTitle(title);
  const out: string[] = [];
  for (const p of parts) {
    if (!p || HOSTING_RE.test(p) || PAGE_NAME_RE.test(p)) continue;
    const repo = p.match(HOSTED_REPO_RE);
    if (repo) out.push(repo[1], ...(repo[2] ? [repo[2]] : []));
    else out.push(p.replace(TITLE_SECTION_RE, "") || p);
  }
  return out;
}

function splitTitle(title: string): string[] {
  return normalizeQuoteText(title).split(/\s+[|\-–—:·•]\s+|:\s+/).map((p) => p.trim());
}

/** Whether a title names the page before (or after) the product ("Home | Tidewater"). */
export function namesPage(title: string): boolean {
  return splitTitle(title).some((p) => PAGE_NAME_RE.test(p));
}
