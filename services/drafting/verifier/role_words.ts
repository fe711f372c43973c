/**
 * The words role binding reads (support.ts, founder_lists.ts, founding_subject.ts): founder titles,
 * founding participles and "by" in six languages, list words and the words that make a role
 * someone else's.
 */
export const ROLE_WORDS = new Set([
  "founder",
  "founders",
  "cofounder",
  "cofounders",
  "co",
  "ceo",
  "cto",
  "coo",
  "cpo",
  "owner",
  "creator",
  "maker",
  "founding",
  // German, Dutch, French and Spanish founder titles ("Gründerin", "Mitgründer", "Oprichter").
  ...["gründer", "gründerin", "mitgründer", "mitgründerin", "oprichter", "oprichtster"],
  ...["medeoprichter", "fondateur", "fondatrice", "cofondateur", "cofondatrice"],
  ...["fondatore", "cofondatore"],
  ...["fundador", "fundadora", "cofundador", "cofundadora"],
]);
export const BY_VERBS = new Set([
  "founded",
  "cofounded",
  "created",
  "built",
  "started",
  "made",
  // Dutch, German, French and Spanish participles ("opgericht door", "fundada por").
  "opgericht",
  "gestart",
  "gegründet",
  "fondée",
  "fondé",
  "fondee",
  "fonde",
  "fundada",
  "fundado",
  "creada",
  "creado",
  // Italian ("fondata da").
  "fondata",
  "fondato",
  "creata",
  "creato",
]);
/** "by" in Dutch, German, French, Spanish and Italian. */
export const BY_WORDS = new Set(["by", "door", "von", "par", "por", "da"]);
/** Spanish verbs whose subject follows: "la fundaron Lucía Gómez y Pablo Ruiz". */
export const VERB_THEN_NAMES = new Set(["fundaron", "fundó", "crearon", "creó"]);
/** Lower-case words a list of names may hold: "and" in five languages, particles ("van", "de"). */
export const LIST_AND = new Set([
  "and",
  "en",
  "und",
  "et",
  "y",
  "e",
  ...["van", "von", "de", "den", "der", "da", "del", "di", "le", "la", "ter"],
]);
/** Words that make a role someone else's or a past one: an advisor is not a founder. */
export const NOT_FOUNDER = new Set([
  "former",
  "formerly",
  "ex",
  "previously",
  "advisor",
  "advisors",
  "adviser",
  "advisers",
  "advisory",
  "investor",
  "investors",
  // Italian advisor and investor ("consulente", "investitore").
  ...["consulente", "consulenti", "investitore", "investitori"],
  "board",
  "committee",
  "steering",
  "mentor",
  "mentors",
  "member",
  "members",
  "customer",
  "customers",
  "partner",
  "partners",
]);
