/** Planning the demo founders: about 150 people, one or two per listing, some serial founders. */
import { slugify } from "../kv/slugs.ts";
import type { Socials } from "../kv/types.ts";
import { PEOPLE } from "./data.ts";
import { personName, type Place } from "./names.ts";
import type { PlannedFounder, PlannedListing } from "./plan_types.ts";
import { chance, pick, type Rng, shuffled } from "./rng.ts";
import { ascii, listText } from "./text.ts";

const FOUNDER_TARGET = 150;
/** New people among the co-founders; the other co-founders already run a product. */
const NEW_COFOUNDERS = 25;

/** The people planned so far, with unique slugs. */
interface FounderPool {
  rng: Rng;
  founders: PlannedFounder[];
  slugs: Set<string>;
}

/** A new person living where a listing is based; returns their index. */
function addFounder(pool: FounderPool, place: Place): number {
  const { rng, founders, slugs } = pool;
  for (;;) {
    const { first, last } = personName(rng, place.country);
    const name = `${first} ${last}`;
    const slug = slugify(name);
    if (slugs.has(slug)) continue;
    slugs.add(slug);
    const handle = `${ascii(first)}${ascii(last)}`.slice(0, 15);
    const socials: Socials = { linkedin: `https://www.linkedin.com/in/${slug}` };
    if (chance(rng, 0.7)) socials.x = `https://x.com/${handle}`;
    if (chance(rng, 0.3)) socials.github = `https://github.com/${handle}`;
    if (chance(rng, 0.15)) socials.bluesky = `https://bsky.app/profile/${handle}.bsky.social`;
    founders.push({
      slug,
      name,
      first,
      ...place,
      pastRole: pick(rng, PEOPLE.past_roles),
      extra: pick(rng, PEOPLE.bio_extras),
      socials,
      listings: [],
      email: null,
      bio: "",
    });
    return founders.length - 1;
  }
}

/** Indexes of the people matching `keep`. */
function foundersWhere(
  pool: FounderPool,
  keep: (f: PlannedFounder, index: number) => boolean,
): number[] {
  return pool.founders.map((_, fi) => fi).filter((fi) => keep(pool.founders[fi], fi));
}

/** Where a listing is based. */
function placeOfListing(l: PlannedListing): Place {
  return { country: l.input.country!, city: l.input.city ?? "" };
}

/**
 * Plans the founders and links them to the listings (`PlannedListing.founders`). About 150 people
 * for about 260 places (primary founders and co-founders): most new products get a new founder,
 * the rest come from serial founders.
 */
export function planFounders(rng: Rng, listings: PlannedListing[]): PlannedFounder[] {
  const pool: FounderPool = { rng, founders: [], slugs: new Set() };
  const order = shuffled(rng, listings.map((l) => l.index));
  order.forEach((i, n) => {
    const l = listings[i];
    const serial = foundersWhere(pool, (f) => f.listings.length === 1);
    const primary = n < FOUNDER_TARGET - NEW_COFOUNDERS || serial.length === 0
      ? addFounder(pool, placeOfListing(l))
      : pick(rng, serial);
    l.founders.push(primary);
    pool.founders[primary].listings.push({ plan: i, primary: true });
  });
  let coNew = 0;
  for (const i of order) {
    const l = listings[i];
    if (!chance(rng, 0.22)) continue;
    const others = foundersWhere(pool, (f, fi) => fi !== l.founders[0] && f.listings.length < 2);
    const co = coNew < NEW_COFOUNDERS || others.length === 0
      ? (coNew++, addFounder(pool, placeOfListing(l)))
      : pick(rng, others);
    l.founders.push(co);
    pool.founders[co].listings.push({ plan: i, primary: false });
  }
  setEmails(pool.founders, listings);
  for (const f of pool.founders) f.bio = founderBio(rng, f, listings);
  return pool.founders;
}

/** Each founder's address at their first product's domain, unique. */
function setEmails(founders: PlannedFounder[], listings: PlannedListing[]): void {
  for (const f of founders) {
    const first = f.listings.find((x) => x.primary) ?? f.listings[0];
    const domain = new URL(listings[first.plan].input.url).hostname;
    f.email = `${ascii(f.first)}@${domain}`;
  }
  // Two founders of one listing may share a first name: give the second a distinct address.
  const emails = new Set<string>();
  for (const f of founders) {
    if (emails.has(f.email!)) {
      f.email = f.email!.replace("@", `.${ascii(f.name.split(" ").slice(-1)[0])}@`);
    }
    emails.add(f.email!);
  }
}

/** A founder's bio: 2-3 sentences naming their products. */
function founderBio(rng: Rng, f: PlannedFounder, listings: PlannedListing[]): string {
  const own = f.listings.filter((x) => x.primary).map((x) => listings[x.plan]);
  const co = f.listings.filter((x) => !x.primary).map((x) => listings[x.plan]);
  const sentences: string[] = [];
  if (own.length === 1) {
    const { input, theme } = own[0];
    const aud = theme.audiences[0];
    sentences.push(pick(rng, [
      `${f.name} is the founder of ${input.name}, a ${theme.product} for ${aud}.`,
      `${f.name} builds ${input.name}, which helps ${aud} ${theme.job}.`,
      `${f.name} started ${input.name} to help ${aud} ${theme.outcome}.`,
    ]));
  } else if (own.length > 1) {
    sentences.push(pick(rng, [
      `${f.name} builds small, focused products: ${listText(own.map((l) => l.input.name))}.`,
      `${f.name} runs a one-person product studio behind ${
        listText(own.map((l) => l.input.name))
      }.`,
    ]));
  }
  if (co.length > 0) {
    sentences.push(
      own.length === 0
        ? `${f.name} co-founded ${co[0].input.name} and looks after ${
          pick(rng, PEOPLE.cofounder_areas)
        }.`
        : `${f.first} is also a co-founder of ${listText(co.map((l) => l.input.name))}.`,
    );
  }
  sentences.push(`Before that, ${f.first} ${f.pastRole}.`);
  if (sentences.length < 3) {
    sentences.push(f.city && chance(rng, 0.6) ? `${f.first} lives in ${f.city}.` : f.extra);
  }
  return sentences.join(" ");
}
