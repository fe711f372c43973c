/**
 * Every text at its maximum at once, in CJK (two bytes a character in storage), through every
 * write operation that takes text, with and without an Idempotency-Key: no 500, and a read gives
 * back exactly what was written (records larger than one KV value are stored in parts).
 */
import assert from "node:assert/strict";
import { bearer, buildFixture, getJson, sendJson } from "./fixtures.ts";
import { readyDraft } from "./draft_fixture.ts";
import { SOCIAL_KEYS } from "../kv/types.ts";
import { STORY_SECTIONS } from "../services/drafting/evidence.ts";
import { getListing } from "../kv/listings.ts";
import { storedSize } from "../kv/split_values.ts";

/** `n` CJK characters, varied so that no two texts are equal. */
const cjk = (n: number, seed = 0) =>
  Array.from({ length: n }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7 + seed) % 2000))).join(
    "",
  );

/** A link of 500 characters with a CJK path. */
const link = (seed: number) => `https://x.example/${cjk(482, seed)}`;

const list = (seed: number) => Array.from({ length: 20 }, (_, i) => cjk(200, seed + i));

/** An update_draft body with every part at its maximum. */
function fullDraftEdit() {
  const text500 = (seed: number) => cjk(500, seed);
  return {
    fields: {
      tagline: text500(1),
      short_description: text500(2),
      description: cjk(20_000, 3),
      stage: text500(4),
      tags: list(5),
      pricing_model: text500(6),
      pricing_summary: text500(7),
      city: text500(8),
      founded_year: text500(9),
      features: list(10),
      usps: list(11),
      keywords: list(12),
      contact_email: `${"a".repeat(64)}@${"b".repeat(60)}.example`,
      demo_video_url: link(14),
      logo_url: link(15),
    },
    faqs: Array.from({ length: 10 }, (_, i) => ({ question: cjk(300, i), answer: cjk(1500, i) })),
    company_socials: Object.fromEntries(SOCIAL_KEYS.map((k, i) => [k, link(i)])),
    founder_socials: Object.fromEntries(SOCIAL_KEYS.map((k, i) => [k, link(50 + i)])),
    founders: Array.from({ length: 6 }, (_, i) => ({
      name: `${cjk(150, i)}${i}`,
      title: cjk(160, i),
      bio: cjk(3000, i),
    })),
    story: Object.fromEntries(STORY_SECTIONS.map((s, i) => [s, cjk(8000, i)])),
    milestones: Array.from({ length: 50 }, (_, i) => ({
      date: "2026-01-01",
      title: cjk(200, i),
      description: cjk(2000, i),
      url: link(i),
    })),
    seo: { title: cjk(70), meta: cjk(170) },
  };
}

for (const keyed of [false, true]) {
  const label = keyed ? "with an Idempotency-Key" : "without a key";
  Deno.test(`every text operation at its maximum in CJK, ${label}: no 500, read back exactly`, async () => {
    const f = await buildFixture();
    let n = 0;
    const headers = () => ({
      ...bearer(f.keys.owner),
      ...(keyed ? { "idempotency-key": `size-${n++}` } : {}),
    });
    const draft = await readyDraft(f, "bigtext.example");
    const edit = fullDraftEdit();

    const edited = await sendJson(f.app, "PATCH", `/api/v1/drafts/${draft.id}`, edit, headers());
    assert.equal(edited.status, 200, JSON.stringify(edited.body).slice(0, 300));
    const read = (await getJson(f.app, `/api/v1/drafts/${draft.id}`, { headers: headers() })).body;
    assert.equal(read.fields.description.value, edit.fields.description);
    assert.deepEqual(read.fields.features.value, edit.fields.features);
    assert.deepEqual(
      read.faqs.map((q: { answer: string }) => q.answer),
      edit.faqs.map((q) => q.answer),
    );
    assert.deepEqual(
      Object.fromEntries(
        Object.entries(read.story).map(([k, r]) => [k, (r as { value: string }).value]),
      ),
      edit.story,
    );
    assert.deepEqual(
      read.milestones.map((m: { description: string }) => m.description),
      edit.milestones.map((m) => m.description),
    );
    assert.deepEqual(edited.body, read, "the answer is the stored draft");

    const saved = await sendJson(f.app, "POST", `/api/v1/drafts/${draft.id}/submit`, {}, headers());
    assert.equal(saved.status, 200, JSON.stringify(saved.body).slice(0, 300));
    const listing = (await getListing(f.deps.kv, saved.body.listing_id))!;
    assert.ok(storedSize(listing) > 65_536, "the listing is larger than one KV value");
    assert.equal(listing.description, edit.fields.description);
    assert.deepEqual(listing.story, edit.story);

    // A second full edit of the saved draft rewrites the large listing too.
    const again = { ...edit, fields: { ...edit.fields, description: cjk(20_000, 99) } };
    const second = await sendJson(f.app, "PATCH", `/api/v1/drafts/${draft.id}`, again, headers());
    assert.equal(second.status, 200, JSON.stringify(second.body).slice(0, 300));
    assert.equal(
      (await getListing(f.deps.kv, saved.body.listing_id))!.description,
      again.fields.description,
    );

    const mine = `/api/v1/me/listings/${saved.body.listing_id}`;
    const story = {
      ...Object.fromEntries(STORY_SECTIONS.map((s, i) => [s, cjk(8000, 100 + i)])),
      title: cjk(200, 7),
    };
    const storySet = await sendJson(f.app, "PUT", `${mine}/story`, story, headers());
    assert.equal(storySet.status, 200, JSON.stringify(storySet.body).slice(0, 300));
    assert.deepEqual(storySet.body.story, story);
    const milestone = {
      date: "2026-02-02",
      title: cjk(200, 3),
      description: cjk(2000, 4),
      url: link(5),
    };
    const added = await sendJson(f.app, "POST", `${mine}/milestones`, milestone, headers());
    assert.equal(added.status, 201, JSON.stringify(added.body).slice(0, 300));
    const update = { title: cjk(200, 8), body: cjk(5000, 9) };
    const posted = await sendJson(f.app, "POST", `${mine}/updates`, update, headers());
    assert.equal(posted.status, 201, JSON.stringify(posted.body).slice(0, 300));

    const back = (await getJson(f.app, mine, { headers: headers() })).body;
    assert.deepEqual(back.story, story);
    assert.deepEqual(
      back.milestones.find((m: { id: number }) => m.id === added.body.milestone.id),
      { id: added.body.milestone.id, ...milestone },
    );
    const stored = (await getListing(f.deps.kv, saved.body.listing_id))!;
    assert.equal(stored.milestones.length, edit.milestones.length + 1);
  });
}
