/** Names of the demo: products, their domains and taglines, and people and where they live. */
import { NAMING, PEOPLE, type Theme } from "./data.ts";
import { ascii, ucFirst } from "./text.ts";
import { chance, pick, type Rng, weighted } from "./rng.ts";

/** Where a person lives. */
export interface Place {
  country: string;
  city: string;
}

const TLDS = NAMING.tlds.map(({ tld, weight }) => [tld, weight] as const);
const PLACES = PEOPLE.places.map(({ country, cities, weight }) =>
  [[country, cities] as const, weight] as const
);
const POOL_NAMES = Object.keys(PEOPLE.name_pools);

/** A product name from the theme's stems that is not taken yet (case-insensitive); takes it. */
export function uniqueName(rng: Rng, theme: Theme, taken: Set<string>): string {
  for (let attempt = 0; attempt < 200; attempt++) {
    const stem = pick(rng, theme.stems);
    let name: string;
    if (chance(rng, 0.8)) {
      const suffix = pick(rng, NAMING.suffixes);
      const last = stem.charAt(stem.length - 1).toLowerCase();
      if ((suffix === "ly" && /[lyk]$/i.test(stem)) || suffix.charAt(0) === last) continue;
      const base = /[aeiouy]/.test(suffix.charAt(0)) && last === "e" ? stem.slice(0, -1) : stem;
      name = base + suffix;
    } else {
      name = pick(rng, NAMING.prefixes) + stem;
    }
    if (name.length > 14 || taken.has(name.toLowerCase())) continue;
    taken.add(name.toLowerCase());
    return name;
  }
  // Very unlikely: the stems are used up; number the name.
  const name = `${pick(rng, theme.stems)}${taken.size}`;
  taken.add(name.toLowerCase());
  return name;
}

/** A domain for the name that is not taken yet; takes it. */
export function domainFor(rng: Rng, name: string, theme: Theme, taken: Set<string>): string {
  const base = ascii(name);
  for (;;) {
    const tld = theme.developer && chance(rng, 0.3) ? "dev" : weighted(rng, TLDS);
    const variant = weighted(
      rng,
      [[base, 75], [`get${base}`, 12], [`${base}hq`, 7], [`use${base}`, 6]] as const,
    );
    // Demo websites live under the reserved .example domain: no real company's site is ever
    // fetched by a badge or claim check of the demo store.
    const domain = `${variant}${tld === "com" ? "" : `-${tld}`}.example`;
    if (!taken.has(domain)) {
      taken.add(domain);
      return domain;
    }
  }
}

/** A tagline not used yet: mostly the theme's own, else one built from its phrases. */
export function taglineFor(rng: Rng, theme: Theme, used: Set<string>): string {
  const own = theme.taglines.filter((t) => !used.has(t));
  const audience = pick(rng, theme.audiences);
  const generic = [
    `${ucFirst(theme.job)} for ${audience}`,
    `The ${theme.product} for ${audience}`,
    `${ucFirst(theme.outcome)}: the ${theme.product} for ${audience}`,
    `${ucFirst(theme.job)} without ${theme.pain}`,
    `${pick(rng, theme.taglines)}, for ${audience}`,
  ].filter((t) => !used.has(t));
  const pool = own.length > 0 && (chance(rng, 0.7) || generic.length === 0) ? own : generic;
  const tagline = pool.length > 0 ? pick(rng, pool) : `${ucFirst(theme.job)}, minus the busywork`;
  used.add(tagline);
  return tagline;
}

/** A person's name in a tradition matching the country most of the time. */
export function personName(rng: Rng, country: string): { first: string; last: string } {
  const poolName = chance(rng, 0.75)
    ? PEOPLE.pool_of_country[country] ?? "en"
    : pick(rng, POOL_NAMES);
  const { first, last } = PEOPLE.name_pools[poolName];
  return { first: pick(rng, first), last: pick(rng, last) };
}

/** A country (weighted by how many founders live there) and one of its cities. */
export function placeOf(rng: Rng): Place {
  const [country, cities] = weighted(rng, PLACES);
  return { country, city: pick(rng, cities) };
}
