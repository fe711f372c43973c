/**
 * A draft edited after it was saved as a listing changes only the listing fields the edit carries:
 * what the listing's own operations added (milestones, the founder story) stays.
 */
import assert from "node:assert/strict";
import { bearer, buildFixture, getJson, sendJson } from "./fixtures.ts";
import { readyDraft } from "./draft_fixture.ts";

Deno.test("update_draft after submit keeps the listing's own milestones and story", async () => {
  const f = await buildFixture();
  const auth = bearer(f.keys.owner);
  const draft = await readyDraft(f, "keeper.example");
  await sendJson(f.app, "PATCH", `/api/v1/drafts/${draft.id}`, {
    milestones: [{ date: "2026-01-01", title: "Drafted milestone" }],
    story: { story: "Drafted story" },
  }, auth);
  const saved = await sendJson(f.app, "POST", `/api/v1/drafts/${draft.id}/submit`, {}, auth);
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const mine = `/api/v1/me/listings/${saved.body.listing_id}`;
  for (let i = 1; i <= 3; i++) {
    const added = await sendJson(f.app, "POST", `${mine}/milestones`, {
      date: `2026-0${i + 1}-01`,
      title: `Listing milestone ${i}`,
    }, auth);
    assert.equal(added.status, 201, JSON.stringify(added.body));
  }
  const story = { title: "Our story", story: "Written on the listing", lessons: "Ship it" };
  assert.equal((await sendJson(f.app, "PUT", `${mine}/story`, story, auth)).status, 200);
  const before = (await getJson(f.app, mine, { headers: auth })).body;
  assert.equal(before.milestones.length, 4);

  const edit = await sendJson(f.app, "PATCH", `/api/v1/drafts/${draft.id}`, {
    fields: { tagline: "A new tagline" },
  }, auth);
  assert.equal(edit.status, 200, JSON.stringify(edit.body));
  const after = (await getJson(f.app, mine, { headers: auth })).body;
  assert.equal(after.tagline, "A new tagline", "the edited field reaches the listing");
  assert.deepEqual(after.milestones, before.milestones, "milestones are intact");
  assert.deepEqual(after.story, story, "the story is intact");

  const again = await sendJson(f.app, "POST", `/api/v1/drafts/${draft.id}/submit`, {}, auth);
  assert.equal(again.status, 200);
  const resubmitted = (await getJson(f.app, mine, { headers: auth })).body;
  assert.deepEqual(resubmitted.milestones, before.milestones, "a new submit keeps them too");
  assert.deepEqual(resubmitted.story, story);

  await sendJson(f.app, "PATCH", `/api/v1/drafts/${draft.id}`, {
    story: { story: "Edited in the draft" },
  }, auth);
  const storyEdited = (await getJson(f.app, mine, { headers: auth })).body;
  assert.deepEqual(
    storyEdited.story,
    { ...story, story: "Edited in the draft" },
    "only the section the edit carries changes",
  );
  assert.deepEqual(storyEdited.milestones, before.milestones);
});
