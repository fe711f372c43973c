/**
 * The words by which a link's path or text promises a kind of page, in English and the languages
 * product sites are most often written in (French, Spanish, Portuguese, Italian, German, Dutch,
 * Scandinavian). Words are matched whole on `normalizeWords` text: lower case, accents dropped,
 * hyphens, underscores, dots and slashes read as spaces ("Qui sommes-nous ?" and
 * "/qui-sommes-nous" both read "qui sommes nous").
 */

/** A kind a link may promise, how much a page of that kind is wanted, and its words. */
export interface KindRule {
  kind: string;
  score: number;
  pattern: RegExp;
  /** Only a path says this (a link text with the word means something else, e.g. "App Store"). */
  pathOnly?: boolean;
}

/** Text as words separated by single spaces: lower case, no accents, no punctuation. */
export function normalizeWords(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/** A pattern matching any of `words` (phrases of whole words) in normalized text. */
export function wordsPattern(words: string[]): RegExp {
  return new RegExp(`(?:^| )(?:${words.join("|")})(?= |$)`);
}

const PRICING = [
  "pricing",
  "prices?",
  "plans?",
  "tarife?",
  "tarifs",
  "tarifas?",
  "tariffe",
  "tarieven",
  "preise",
  "preisliste",
  "precios?",
  "prezzi",
  "prijzen",
  "precos",
  "priser",
  "planes",
  "planos",
  "abonnements?",
  "suscripciones",
  "buy",
  "buy now",
  "kaufen",
  "acheter",
  "comprar",
  "upgrade",
  "pro",
  "premium",
  "licensing",
  "editions",
];
const ABOUT = [
  "about",
  "about us",
  "company",
  "our company",
  "our story",
  "story",
  "who we are",
  "mission",
  "manifesto",
  "ueber uns",
  "uber uns",
  "a propos",
  "qui sommes nous",
  "notre histoire",
  "sobre",
  "sobre nosotros",
  "sobre nos",
  "quienes somos",
  "nosotros",
  "chi siamo",
  "over ons",
  "wie zijn wij",
  "om oss",
  "om os",
];
const FEATURES = [
  "features?",
  "product",
  "how it works",
  "tour",
  "solutions?",
  "why us",
  "why choose us",
  "fonctionnalites",
  "funcionalidades",
  "funciones",
  "funzionalita",
  "functies",
  "funktionen",
  "caracteristiques",
  "caracteristicas",
  "produit",
  "producto",
  "produto",
  "prodotto",
];
const TEAM = [
  "team",
  "our team",
  "meet the team",
  "founders?",
  "people",
  "leadership",
  "equipe",
  "notre equipe",
  "equipo",
  "equipa",
  "squadra",
  "grunder",
  "gruender",
  "fondateurs",
  "fundadores",
  "oprichters",
];
const FAQ = [
  "faqs?",
  "frequently",
  "help",
  "questions",
  "support",
  "preguntas frecuentes",
  "preguntas",
  "perguntas frequentes",
  "perguntas",
  "domande frequenti",
  "veelgestelde vragen",
  "haufige fragen",
  "haeufige fragen",
  "aide",
  "ayuda",
  "ajuda",
  "aiuto",
  "hilfe",
];
const CONTACT = [
  "contact",
  "contact us",
  "get in touch",
  "kontakt",
  "contacto",
  "contato",
  "contatti",
  "contactez nous",
  "hello",
  "say hello",
];
const LEGAL_NOTICE = [
  "impressum",
  "imprint",
  "legal notice",
  "mentions legales",
  "aviso legal",
  "note legali",
  "colofon",
];

/** The kinds a link may promise, best first; the first rule that matches wins. */
export const KIND_RULES: KindRule[] = [
  { kind: "pricing", score: 95, pattern: wordsPattern(PRICING) },
  { kind: "about", score: 90, pattern: wordsPattern(ABOUT) },
  { kind: "features", score: 85, pattern: wordsPattern(FEATURES) },
  { kind: "team", score: 80, pattern: wordsPattern(TEAM) },
  { kind: "faq", score: 75, pattern: wordsPattern(FAQ) },
  { kind: "contact", score: 70, pattern: wordsPattern(CONTACT) },
  { kind: "pricing", score: 60, pattern: wordsPattern(["store", "compare"]), pathOnly: true },
  { kind: "link", score: 45, pattern: wordsPattern(LEGAL_NOTICE) },
];

/** Pages with no product facts, or that act (sign-in, cart): never read. */
export const SKIPPED_WORDS = wordsPattern([
  "login",
  "log in",
  "signin",
  "sign in",
  "signup",
  "sign up",
  "register",
  "logout",
  "cart",
  "checkout",
  "account",
  "dashboard",
  "privacy",
  "terms",
  "cookies?",
  "gdpr",
  "unsubscribe",
  "connexion",
  "inscription",
  "anmelden",
  "registrieren",
  "inloggen",
  "aanmelden",
  "accedi",
  "registrati",
  "iniciar sesion",
  "panier",
  "warenkorb",
  "carrito",
]);

/**
 * Pages that rarely state the product's own facts (posts, customer stories, jobs, partners,
 * events): read only when nothing better is left.
 */
export const LOW_VALUE_WORDS = wordsPattern([
  "blog",
  "news",
  "posts?",
  "articles?",
  "press",
  "presse",
  "prensa",
  "changelog",
  "releases?",
  "tags?",
  "category",
  "customers?",
  "case studies",
  "case study",
  "cas clients",
  "casos de exito",
  "success stories",
  "testimonials",
  "careers?",
  "jobs",
  "hiring",
  "recrutement",
  "carrieres",
  "karriere",
  "vacatures",
  "empleo",
  "webinars?",
  "webinaires",
  "events?",
  "partners?",
  "partenaires",
  "affiliates?",
  "resources",
  "ressources",
  "recursos",
  "templates",
  "community",
  "status",
]);

/** ISO 639-1 codes of the languages a site's locale folders (/de/, /fr-ca/) are named by. */
const LANGUAGE_CODES = new Set(
  ("ar bg ca cs da de el en es et fa fi fr he hi hr hu id it ja ko lt lv ms nb nl no pl pt ro " +
    "ru sk sl sr sv th tr uk vi zh").split(" "),
);

/** The language of a path's locale folder ("de" for /de/preise, "pt" for /pt-br/), or null. */
export function localeOf(pathname: string): string | null {
  const first = pathname.split("/").find(Boolean)?.toLowerCase() ?? "";
  const match = /^([a-z]{2})(?:[-_][a-z]{2,4})?$/.exec(first);
  return match && LANGUAGE_CODES.has(match[1]) ? match[1] : null;
}
