/** The test directory with tags on its listings (live, scheduled, waiting for a badge, a draft). */
import { buildFixture } from "./fixtures.ts";
import { updateListing } from "../kv/listings.ts";
import { listingWritesIndexed } from "../services/directory/search/load.ts";

/** Each listing's tags: `draft-only` is carried by a draft alone, `waiting-list` by waitapp. */
export const TAGS: Record<string, string[]> = {
  invoicely: ["Invoicing", "Open Source"],
  billwise: ["invoicing"],
  taskpilot: ["planning"],
  ledgerbox: ["invoicing", "bookkeeping"],
  soonapp: ["invoicing", "launch-soon"],
  waitapp: ["waiting-list"],
  draftapp: ["draft-only"],
};

/** buildFixture with TAGS written and indexed. */
export async function buildDirectoryFixture() {
  const fixture = await buildFixture();
  for (const [slug, tags] of Object.entries(TAGS)) {
    await updateListing(fixture.deps.kv, fixture.listings[slug].id, () => ({ tags }), new Date());
  }
  await listingWritesIndexed(fixture.deps.search);
  return fixture;
}
