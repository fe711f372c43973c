/**
 * The verifier against an adversarial model: a real OpenAI-compatible server on 127.0.0.1 answers
 * the LLM drafter with wrong values whose quotes are copied verbatim from a realistic site (read
 * with the real extractor), one of each kind a careless model produces. None may be kept; and the
 * true values of the same pages, with correct quotes, must all be kept.
 */
import assert from "node:assert/strict";
import {
  ADVERSARIAL_KINDS,
  type AdversarialAnswer,
  adversarialAnswers,
  plantKept,
} from "../bench/adversarial.ts";
import { startFakeOpenAI } from "../bench/fake_openai.ts";
import { draftFromEvidence, type DraftResult } from "../services/drafting/drafter.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { buildFixture } from "./fixtures.ts";
import { adversarialCrawl, adversarialPages, TRUE_ANSWER } from "./adversarial_fixture.ts";

const CATEGORIES = [{ slug: "accounting", name: "Accounting", parent: null }];

/** Drafts the site with the LLM drafter, the fake answering `answer`. */
async function draftWith(answer: object) {
  const fake = await startFakeOpenAI(() => answer);
  const f = await buildFixture({
    openai: { apiKey: "sk-test", baseUrl: fake.baseUrl, model: "m" },
  });
  try {
    const r = await draftFromEvidence(f.deps, await adversarialCrawl(), { categories: CATEGORIES });
    assert.equal(r.drafter, "llm", `the model's answer was used (fallback: ${r.fallback})`);
    return r;
  } finally {
    f.deps.kv.close();
    await fake.close();
  }
}

Deno.test("the adversarial answers plant every kind, each quote verbatim", async () => {
  const pages = await adversarialPages();
  const { answers, plants } = adversarialAnswers(pages);
  for (const kind of ADVERSARIAL_KINDS) {
    assert.ok(plants.some((p) => p.kind === kind), `a ${kind} value is planted`);
  }
  // Every text quote is on its page, except the stitched one and the meta value cited as text.
  const texts = new Map(pages.map((p) => [p.url, p.text]));
  const quotes = answers.flatMap((a: AdversarialAnswer) => [
    ...Object.values(a.fields).flatMap((v) => v.quotes),
    ...a.founders.flatMap((x) => x.quotes),
    ...a.faqs.flatMap((x) => x.quotes),
    ...a.milestones.flatMap((x) => x.quotes),
  ]);
  const offPage = quotes.filter((q) => !texts.get(q.url)?.includes(q.quote));
  assert.equal(offPage.length, 2, JSON.stringify(offPage));
});

Deno.test("no adversarial value is kept, of any kind", async () => {
  const { answers, plants } = adversarialAnswers(await adversarialPages());
  const results: DraftResult[] = [];
  for (const answer of answers) results.push(await draftWith(answer));
  const kept = plants.filter((p) => results.some((r) => plantKept(p, r.proposal)));
  assert.deepEqual(kept, [], "planted values the verifier kept");
  assert.ok(results.every((r) => r.dropped.length > 0));
});

Deno.test("every true value of the same pages, with correct quotes, is kept", async () => {
  const r = await draftWith(TRUE_ANSWER);
  const f = r.proposal.fields;
  for (const [name, drafted] of Object.entries(TRUE_ANSWER.fields)) {
    assert.deepEqual(
      f[name as keyof typeof f]?.value,
      drafted.value,
      `${name}: ${JSON.stringify(r.dropped.filter((d) => d.field.startsWith(name)))}`,
    );
  }
  assert.deepEqual(r.proposal.founders.map((x) => x.name), ["Mira Jansen", "Daan Smit"]);
  assert.equal(r.proposal.founders[0].bio, TRUE_ANSWER.founders[0].bio);
  assert.deepEqual(r.proposal.faqs.map((x) => x.answer), TRUE_ANSWER.faqs.map((x) => x.answer));
  assert.deepEqual(r.proposal.milestones.map((m) => m.date), ["2022-05-12"]);
  assert.deepEqual(r.dropped, [], "nothing true dropped");
  assert.equal(r.quotes.verified, r.quotes.checked);
});

Deno.test("the extractive drafter on the same site drafts none of the planted values", async () => {
  const pages = await adversarialPages();
  const { plants } = adversarialAnswers(pages);
  const v = verifyProposal(draftExtractive(pages, { categories: [] }), pages, { year: 2026 });
  // A meta value cited as text is true as a value (only its citation lies): the extractive
  // drafter may state it, quoting the meta description as such.
  const wrong = plants.filter((p) => p.kind !== "meta_as_text");
  assert.deepEqual(wrong.filter((p) => plantKept(p, v.proposal)), []);
  assert.ok(
    v.proposal.fields.short_description?.evidence.every((q) => q.source === "meta"),
    "the meta description is quoted as meta",
  );
  assert.equal(v.proposal.fields.name?.value, "Ledgerlight");
});
