/**
 * When the LLM drafter fails (timeout, HTTP error, bad JSON, an answer that is not the schema),
 * the extractive drafter stands in, and the draft says so: `drafter: "extractive"` with
 * `drafter_note: {wanted: "llm", reason, at}` (shown by get_draft and in the progress message),
 * logged once with the draft id.
 */
import assert from "node:assert/strict";
import { startFakeOpenAI } from "../bench/fake_openai.ts";
import { createDraft, getDraftEntry, putDraftPages } from "../kv/drafts.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { runDraftJob } from "../services/drafting/draft_jobs.ts";
import { draftFromEvidence } from "../services/drafting/drafter.ts";
import { newDraft } from "../services/drafting/drafts.ts";
import { bearer, buildFixture, type Fixture, getJson } from "./fixtures.ts";
import { adversarialCrawl, adversarialPages, ORIGIN, TRUE_ANSWER } from "./adversarial_fixture.ts";

/** A draft whose pages were read, ready for its drafting step. */
async function draftingDraft(f: Fixture) {
  const owner = await getOrCreateUser(f.deps.kv, "ada@invoicely.example", "Ada", f.deps.now());
  const draft = newDraft(owner.id, `${ORIGIN}/`, f.deps.now());
  draft.status = "drafting";
  await createDraft(f.deps.kv, draft);
  await putDraftPages(f.deps.kv, draft.id, "site", await adversarialPages());
  return draft;
}

/** Runs `body` with console.warn recorded. */
async function recordingWarnings(body: () => Promise<void>): Promise<string[]> {
  const warned: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => warned.push(args.map(String).join(" "));
  try {
    await body();
  } finally {
    console.warn = original;
  }
  return warned;
}

async function withModel(
  respond: () => object | string | Response,
  run: (f: Fixture) => Promise<void>,
) {
  const fake = await startFakeOpenAI(respond);
  const f = await buildFixture({
    openai: { apiKey: "sk-test", baseUrl: fake.baseUrl, model: "m" },
  });
  try {
    await run(f);
  } finally {
    await fake.close();
  }
}

Deno.test("a failed model call is recorded in the draft, shown by get_draft, and logged once", async () => {
  const overloaded = () =>
    new Response(JSON.stringify({ error: { message: "overloaded" } }), { status: 503 });
  await withModel(overloaded, async (f) => {
    const draft = await draftingDraft(f);
    const warned = await recordingWarnings(() => runDraftJob(f.deps, draft.id));
    const saved = (await getDraftEntry(f.deps.kv, draft.id)).value!;
    assert.equal(saved.status, "ready");
    assert.equal(saved.drafter, "extractive");
    assert.equal(saved.drafter_note?.wanted, "llm");
    assert.match(saved.drafter_note?.reason ?? "", /HTTP 503/);
    assert.equal(saved.drafter_note?.at, f.deps.now().toISOString());
    assert.match(saved.progress.message, /AI model was not used: .*HTTP 503/);
    assert.equal(warned.filter((w) => w.includes(draft.id)).length, 1, warned.join("\n"));
    const view = await getJson(f.app, `/api/v1/drafts/${draft.id}`, {
      headers: bearer(f.keys.owner),
    });
    assert.equal(view.status, 200);
    assert.equal(view.body.drafter, "extractive");
    assert.deepEqual(view.body.drafter_note, saved.drafter_note);
    assert.equal(view.body.fields.name.value, "Ledgerlight", "the extractive drafter stood in");
  });
});

Deno.test("a draft the model made has no drafter note and logs nothing", async () => {
  await withModel(() => TRUE_ANSWER, async (f) => {
    const draft = await draftingDraft(f);
    const warned = await recordingWarnings(() => runDraftJob(f.deps, draft.id));
    const saved = (await getDraftEntry(f.deps.kv, draft.id)).value!;
    assert.equal(saved.drafter, "llm");
    assert.equal(saved.drafter_note, null);
    assert.deepEqual(warned.filter((w) => w.includes(draft.id)), []);
  });
});

Deno.test("each kind of model failure gives its reason", async (t) => {
  const cases: [string, () => object | string | Response, RegExp][] = [
    ["bad JSON", () => "{not json", /not JSON/],
    ["schema mismatch", () => ({ answer: "Ledgerlight" }), /no fields object/],
    ["HTTP error", () => new Response("{}", { status: 400 }), /HTTP 400/],
  ];
  for (const [name, respond, reason] of cases) {
    await t.step(name, () =>
      withModel(respond, async (f) => {
        const r = await draftFromEvidence(f.deps, await adversarialCrawl(), { categories: [] });
        assert.equal(r.drafter, "extractive");
        assert.match(r.fallback ?? "", reason);
      }));
  }
  // A timeout: the model answers only after the drafter has given up.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await t.step("timeout", () =>
    withModel(() => released.then(() => ({})), async (f) => {
      const r = await draftFromEvidence(f.deps, await adversarialCrawl(), {
        categories: [],
        timeoutMs: 120,
      });
      release();
      assert.equal(r.drafter, "extractive");
      assert.match(r.fallback ?? "", /timed out after 120 ms/);
    }));
});
