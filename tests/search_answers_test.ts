import assert from "node:assert/strict";
import { castVote } from "../kv/listing_stats.ts";
import { goLive } from "../kv/listings.ts";
import { listingWritesIndexed } from "../services/directory/search/load.ts";
import { SearchAnswers } from "../services/directory/search_answers.ts";
import type { Page } from "../services/platform/paging.ts";
import type { ListingSummary } from "../services/directory/summary.ts";
import { buildFixture, getJson } from "./fixtures.ts";
import { searchQuery } from "./search_corpus.ts";

function page(total: number): Page<ListingSummary> {
  return { items: [], page: 1, per_page: 20, total, total_pages: 0, has_more: false };
}

Deno.test("kept answers: per query and index version, least recently used dropped", async (t) => {
  await t.step("an answer is returned for the same query at the same version only", () => {
    const answers = new SearchAnswers();
    answers.set(searchQuery("Invoice"), 7, page(1));
    assert.equal(answers.get(searchQuery("invoice"), 7)?.total, 1);
    assert.equal(answers.get(searchQuery("invoice"), 8), undefined);
    // A stale answer is dropped when met.
    assert.equal(answers.size, 0);
  });
  await t.step("every field that shapes the answer is part of the key", () => {
    const answers = new SearchAnswers();
    answers.set(searchQuery("invoice"), 1, page(1));
    for (
      const other of [
        searchQuery("invoices"),
        searchQuery("invoice "),
        searchQuery("invoice", { page: 2 }),
        searchQuery("invoice", { per_page: 5 }),
        searchQuery("invoice", { sort: "votes" }),
        searchQuery("invoice", { status: "upcoming" }),
        searchQuery("invoice", { category: "finance" }),
        searchQuery("invoice", { country: "DE" }),
        searchQuery("invoice", { stage: "mvp" }),
        searchQuery("invoice", { pricing_model: "Free" }),
        searchQuery("invoice", { domain: "a.example" }),
      ]
    ) {
      assert.equal(answers.get(other, 1), undefined, JSON.stringify(other));
    }
    assert.equal(answers.get(searchQuery("invoice"), 1)?.total, 1);
  });
  await t.step("the least recently used answer goes when full", () => {
    const answers = new SearchAnswers(2);
    answers.set(searchQuery("a"), 1, page(1));
    answers.set(searchQuery("b"), 1, page(2));
    assert.equal(answers.get(searchQuery("a"), 1)?.total, 1);
    answers.set(searchQuery("c"), 1, page(3));
    assert.equal(answers.size, 2);
    assert.equal(answers.get(searchQuery("b"), 1), undefined);
    assert.equal(answers.get(searchQuery("a"), 1)?.total, 1);
    assert.equal(answers.get(searchQuery("c"), 1)?.total, 3);
  });
});

Deno.test("a search asked before sees later writes (votes, a listing going live)", async () => {
  const { app, deps, listings } = await buildFixture();
  const settle = () => listingWritesIndexed(deps.search);
  const byVotes = "/api/v1/listings?sort=votes";
  const first = await getJson(app, byVotes);
  assert.notEqual(first.body.items[0].slug, "taskpilot");
  assert.deepEqual((await getJson(app, byVotes)).body, first.body);
  for (let i = 0; i < 10; i++) {
    await castVote(deps.kv, listings.taskpilot.id, `late-${i}`, deps.now());
  }
  await settle();
  const after = await getJson(app, byVotes);
  assert.equal(after.body.items[0].slug, "taskpilot");
  assert.equal(after.body.items[0].votes, 11);

  assert.equal((await getJson(app, "/api/v1/listings?q=soonapp")).body.total, 0);
  await goLive(deps.kv, listings.soonapp.id, deps.now());
  await settle();
  const found = await getJson(app, "/api/v1/listings?q=soonapp");
  assert.equal(found.body.items[0]?.slug, "soonapp");
});
