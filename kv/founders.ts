/** Founder profiles. */
import { getManyValues, present } from "./read.ts";
import * as keys from "./keys.ts";
import type { Founder } from "./types.ts";
import { commitListingWrite } from "./listing_changes.ts";

/**
 * Writes a founder profile (create or replace), told as a write of each of the founder's listings
 * (their public profiles show it).
 */
export async function putFounder(kv: Deno.Kv, founder: Founder): Promise<void> {
  const op = kv.atomic().set(keys.founderKey(founder.slug), founder);
  await commitListingWrite(kv, op, founder.listing_ids);
}

/** Reads one founder. */
export async function getFounderRecord(kv: Deno.Kv, slug: string): Promise<Founder | null> {
  return (await kv.get<Founder>(keys.founderKey(slug))).value;
}

/** Reads several founders by slug, in order (missing ones left out). */
export async function getFounderRecords(kv: Deno.Kv, slugs: string[]): Promise<Founder[]> {
  return present(await getManyValues<Founder>(kv, slugs.map(keys.founderKey)));
}

/** Every founder, in slug order. */
export async function listFounderRecords(kv: Deno.Kv): Promise<Founder[]> {
  const out: Founder[] = [];
  for await (const e of kv.list<Founder>({ prefix: keys.foundersPrefix() }, { batchSize: 500 })) {
    out.push(e.value);
  }
  return out;
}
