/**
 * Where a Spanish or Portuguese site says it was born: "Cistella nació en 2019 en València",
 * "nacimos en Sevilla", "A Tramela nasceu em 2020 em Braga", "nascemos no Porto". The place counts
 * only when the site speaks of itself: the first-person verb ("nacimos", "nascemos"), or the
 * third-person one ("nació", "nasceu") right after one of the site's own names. A customer's or
 * partner's "La Garrofa nació en 2011 en Castelló" names no place of the site.
 */
import { isOwnName } from "./people.ts";

const CAP = String.raw`\p{Lu}[\p{L}'.-]*`;
const YEAR = String.raw`(?:19|20)\d\d`;
/** "en", "em", and Portuguese "no"/"na" (em + article) before the place. */
const IN = String.raw`(?:en|em|no|na)`;
/** The place: capitalised words, with "de"/"del"/"da"/"do" inside ("Santiago de Compostela"). */
const PLACE = String.raw`${CAP}(?: (?:de |del |da |do |dos )?${CAP}){0,3}`;
const BORN_RE = new RegExp(
  String
    .raw`(?:(${CAP}(?: ${CAP}){0,2}) (?:naci[óo]|nasceu)|\b(?:[Nn]acimos|[Nn]ascemos))(?: (?:en|em) ${YEAR})?,? ${IN} (${PLACE})`,
  "gu",
);

/** An article before the name: "A Tramela nasceu", "La Colmena nació". */
const ARTICLE_RE = /^(?:A|O|As|Os|La|El|Las|Los) /u;

/**
 * The matches of a segment that say the site was born in a place (the place is group 2), given
 * the site's own names.
 */
export function bornPlaces(text: string, own: string[]): RegExpMatchArray[] {
  return [...text.matchAll(BORN_RE)].filter((m) =>
    m[1] === undefined || isOwnName(m[1].replace(ARTICLE_RE, ""), own)
  );
}
