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

/**
 * A name that carries a section's suffix ("Sluice docs", "Relaykit Developers") names the product
 * without it when one of the site's page texts writes the shorter name as a word not followed by
 * the suffix ("Sluice stores jobs in Postgres").
 */
export function withoutSection(name: string, pageTexts: string[]): string {
  const m = name.match(SECTION_SUFFIX_RE);
  const bare = m?.index ? name.slice(0, m.index).trim() : "";
  if (!m || !/^\p{Lu}/u.test(bare)) return name;
  const suffix = m[0].trim().toLowerCase();
  const word = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);
  const statedIn = (text: string) => {
    for (let i = text.indexOf(bare); i >= 0; i = text.indexOf(bare, i + 1)) {
      const after = text.slice(i + bare.length);
      if (word(text[i - 1]) || word(after[0])) continue;
      if (!after.trimStart().toLowerCase().startsWith(suffix)) return true;
    }
    return false;
  };
  return pageTexts.some(statedIn) ? bare : name;
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
