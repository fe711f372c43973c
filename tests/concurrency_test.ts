/**
 * Concurrent writers: many requests on one draft answer 200 or 409 (never 500) and leave the draft
 * and its listing consistent; many listing creators at once each get their own id and slug.
 */
import assert from "node:assert/strict";
import { bearer, buildFixture, type Fixture, getJson, listingInput, sendJson } from "./fixtures.ts";
import { createListing, getListing, getListingByDomain, getListings } from "../kv/listings.ts";
import { readyDraft } from "./draft_fixture.ts";

const PARALLEL = 20;

const auth = (f: Fixture) => bearer(f.keys.owner);

Deno.test("parallel update_draft and submit_draft on one draft: 200 or 409, one listing, consistent", async () => {
  const f = await buildFixture();
  const draft = await readyDraft(f, "racer.example");

  const submits = await Promise.all(
    Array.from(
      { length: PARALLEL },
      () => sendJson(f.app, "POST", `/api/v1/drafts/${draft.id}/submit`, {}, auth(f)),
    ),
  );
  const submitStatuses = submits.map((r) => r.status);
  assert.ok(
    submitStatuses.every((s) => s === 200 || s === 409),
    `submit_draft statuses: ${submitStatuses}`,
  );
  const saved = submits.filter((r) => r.status === 200);
  assert.ok(saved.length > 0, "at least one submit succeeded");
  const listingIds = new Set(saved.map((r) => r.body.listing_id));
  assert.equal(listingIds.size, 1, "every submit saved the same listing");
  const stored = await getJson(f.app, `/api/v1/drafts/${draft.id}`, { headers: auth(f) });
  assert.equal(stored.body.listing_id, [...listingIds][0]);
  const byDomain = await getListingByDomain(f.deps.kv, "racer.example");
  assert.equal(byDomain?.id, stored.body.listing_id, "one listing for the website");

  const updates = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) =>
      sendJson(
        f.app,
        "PATCH",
        `/api/v1/drafts/${draft.id}`,
        { fields: { tagline: `Tagline ${i}` } },
        auth(f),
      )),
  );
  const updateStatuses = updates.map((r) => r.status);
  assert.ok(
    updateStatuses.every((s) => s === 200 || s === 409),
    `update_draft statuses: ${updateStatuses}`,
  );
  const accepted = new Set(
    updates.filter((r) => r.status === 200).map((r) => r.body.fields.tagline.value),
  );
  assert.ok(accepted.size > 0, "at least one edit succeeded");
  const final = (await getJson(f.app, `/api/v1/drafts/${draft.id}`, { headers: auth(f) })).body;
  assert.ok(
    accepted.has(final.fields.tagline.value),
    `final tagline ${final.fields.tagline.value}`,
  );
  const listing = await getListing(f.deps.kv, final.listing_id);
  assert.equal(
    listing!.tagline,
    final.fields.tagline.value,
    "the listing has the draft's last edit",
  );
});

Deno.test("32 concurrent listing creators get 32 distinct ids and slugs, all readable", async () => {
  const f = await buildFixture();
  const created = await Promise.all(
    Array.from({ length: 32 }, (_, i) =>
      createListing(
        f.deps.kv,
        listingInput("Same Name", { url: `https://same-${i}.example` }),
        f.deps.now(),
      )),
  );
  const ids = created.map((l) => l.id);
  assert.equal(new Set(ids).size, 32, `ids: ${ids}`);
  assert.equal(new Set(created.map((l) => l.slug)).size, 32);
  const read = await getListings(f.deps.kv, ids);
  assert.deepEqual(read.map((l) => l.slug), created.map((l) => l.slug));
  assert.ok(read.every((l) => l.name === "Same Name"));
});
