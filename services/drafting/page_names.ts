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
  ].join("|") + ")$",
  "iu",
);
