/**
 * answer_interview: bounds, unknown and repeated question ids, replace semantics, idempotent
 * replays, and the answers on the founder profile (get_founder and the founder page).
 */
import assert from "node:assert/strict";
import { bearer, buildFixture, type Fixture, getJson, NOW, sendJson } from "./fixtures.ts";
import { putInterviewQuestion } from "../kv/catalog.ts";
import { getInterviewAnswers } from "../kv/interview_answers.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { DEFAULT_INTERVIEW_QUESTIONS } from "../services/platform/reference.ts";

const PATH = "/api/v1/me/interview";
const s = (n: number, c = "a") => c.repeat(n);
const list = <T>(n: number, item: (i: number) => T) => Array.from({ length: n }, (_, i) => item(i));

/** The fixture with 31 questions: the 10 seeded ones and 21 more the site team added. */
async function fixture(): Promise<Fixture> {
  const f = await buildFixture();
  for (let id = 11; id <= 31; id++) {
    await putInterviewQuestion(f.deps.kv, { id, question: `Added question ${id}?`, position: id });
  }
  return f;
}

const answer = (f: Fixture, answers: unknown, headers: Record<string, string> = {}) =>
  sendJson(f.app, "PUT", PATH, { answers }, { ...bearer(f.keys.owner), ...headers });

async function ownerAnswers(f: Fixture) {
  const owner = await getOrCreateUser(f.deps.kv, "ada@invoicely.example", "Ada", NOW);
  return await getInterviewAnswers(f.deps.kv, owner.id);
}

Deno.test("answer_interview: 30 answers of 4,000 characters pass, 31 or 4,001 do not", async (t) => {
  const f = await fixture();
  await t.step("30 answers at the longest, outside Latin-1 (stored in parts)", async () => {
    const res = await answer(f, list(30, (i) => ({ question_id: i + 1, answer: s(4000, "答") })));
    assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 300));
    assert.equal(res.body.answers.length, 30);
    const founder = await getJson(f.app, "/api/v1/founders/ada-lovelace");
    assert.equal(founder.body.interview.length, 30);
    assert.equal(founder.body.interview[29].answer, s(4000, "答"));
  });
  await t.step("31 answers: 400 naming answers", async () => {
    const res = await answer(f, list(31, (i) => ({ question_id: i + 1, answer: "A" })));
    assert.equal(res.status, 400);
    assert.deepEqual(res.body.error.details.map((d: { path: string }) => d.path), ["answers"]);
  });
  await t.step("4,001 characters: 400 naming the answer", async () => {
    const res = await answer(f, [{ question_id: 1, answer: "A" }, {
      question_id: 2,
      answer: s(4001),
    }]);
    assert.equal(res.status, 400);
    assert.deepEqual(res.body.error.details.map((d: { path: string }) => d.path), [
      "answers.1.answer",
    ]);
    assert.equal((await ownerAnswers(f))!.answers[1].answer, s(4000, "答"), "nothing saved");
  });
});

Deno.test("answer_interview: unknown and repeated question ids are a 400 naming each", async () => {
  const f = await buildFixture();
  const unknown = await answer(f, [
    { question_id: 1, answer: "One" },
    { question_id: 2, answer: "Two" },
    { question_id: 3, answer: "Three" },
    { question_id: 99, answer: "Ninety-nine" },
  ]);
  assert.equal(unknown.status, 400);
  assert.equal(unknown.body.error.code, "invalid_request");
  assert.match(unknown.body.error.message, /Unknown interview question 99/);
  assert.deepEqual(unknown.body.error.details.map((d: { path: string }) => d.path), [
    "answers.3.question_id",
  ]);
  assert.match(unknown.body.error.details[0].message, /99/);
  const twice = await answer(f, [
    { question_id: 4, answer: "First" },
    { question_id: 4, answer: "Second" },
  ]);
  assert.equal(twice.status, 400);
  assert.deepEqual(twice.body.error.details.map((d: { path: string }) => d.path), [
    "answers.1.question_id",
  ]);
  assert.equal(await ownerAnswers(f), null, "nothing saved");
  const zero = await answer(f, [{ question_id: 0, answer: "x" }]);
  assert.equal(zero.status, 400);
  assert.equal(zero.body.error.details[0].path, "answers.0.question_id");
});

Deno.test("answers replace earlier answers to the same question; others stay; empty removes", async () => {
  const f = await buildFixture();
  assert.equal(
    (await answer(f, [
      { question_id: 1, answer: "First answer" },
      { question_id: 2, answer: "Second answer" },
      { question_id: 3, answer: "Third answer" },
    ])).status,
    200,
  );
  const res = await answer(f, [
    { question_id: 1, answer: "First, again" },
    { question_id: 3, answer: "   " },
  ]);
  assert.equal(res.status, 200);
  assert.deepEqual(
    res.body.answers.map((a: { question_id: number; answer: string }) => [
      a.question_id,
      a.answer,
    ]),
    [[1, "First, again"], [2, "Second answer"]],
  );
  assert.equal(res.body.answers[0].question, DEFAULT_INTERVIEW_QUESTIONS[0]);
  assert.deepEqual(Object.keys((await ownerAnswers(f))!.answers).sort(), ["1", "2"]);
});

Deno.test("the answers show on get_founder and the founder page, question then answer, in order", async () => {
  const f = await buildFixture();
  // Sent out of order: shown in the questions' order.
  const res = await answer(f, [
    { question_id: 5, answer: "Keeping reminders polite.\n\nAnd in the client's language." },
    { question_id: 2, answer: "Late payments <hurt>." },
  ]);
  assert.equal(res.status, 200);
  const founder = await getJson(f.app, "/api/v1/founders/ada-lovelace");
  assert.equal(founder.status, 200);
  assert.deepEqual(founder.body.interview, [
    {
      question_id: 2,
      question: DEFAULT_INTERVIEW_QUESTIONS[1],
      answer: "Late payments <hurt>.",
      answered_at: NOW.toISOString(),
    },
    {
      question_id: 5,
      question: DEFAULT_INTERVIEW_QUESTIONS[4],
      answer: "Keeping reminders polite.\n\nAnd in the client's language.",
      answered_at: NOW.toISOString(),
    },
  ]);
  const other = await getJson(f.app, "/api/v1/founders/zoe-muller");
  assert.deepEqual(other.body.interview, [], "a profile of another person shows none of them");

  const page = await getJson(f.app, "/founders/ada-lovelace");
  assert.equal(page.status, 200);
  const html = page.body as string;
  const at = (text: string) => {
    const i = html.indexOf(text);
    assert.ok(i >= 0, `the page shows ${text}`);
    return i;
  };
  const q2 = at(`<h3>${DEFAULT_INTERVIEW_QUESTIONS[1]}</h3>`);
  const a2 = at("<p>Late payments &lt;hurt>.</p>");
  const q5 = at(`<h3>${DEFAULT_INTERVIEW_QUESTIONS[4]}</h3>`);
  const a5 = at("<p>And in the client's language.</p>");
  assert.ok(q2 < a2 && a2 < q5 && q5 < a5, "question → answer, in the questions' order");
  const empty = await getJson(f.app, "/founders/zoe-muller");
  assert.doesNotMatch(empty.body as string, /id="interview-title"/);
});

Deno.test("answer_interview with an Idempotency-Key: the replay answers the first response", async () => {
  const f = await buildFixture();
  const key = { "idempotency-key": "interview-1" };
  const first = await answer(f, [{ question_id: 1, answer: "Sealed" }], key);
  assert.equal(first.status, 200);
  assert.equal((await answer(f, [{ question_id: 1, answer: "Later" }])).status, 200);
  const again = await answer(f, [{ question_id: 1, answer: "Sealed" }], key);
  assert.deepEqual(again.body, first.body);
  assert.equal((await ownerAnswers(f))!.answers[1].answer, "Later", "the replay wrote nothing");
  const reused = await answer(f, [{ question_id: 1, answer: "Different" }], key);
  assert.equal(reused.status, 400);
  assert.equal(reused.body.error.code, "idempotency_key_reused");
  const unauthorized = await sendJson(f.app, "PUT", PATH, { answers: [] });
  assert.equal(unauthorized.status, 401);
  const readOnly = await sendJson(
    f.app,
    "PUT",
    PATH,
    { answers: [] },
    bearer(f.keys.ownerReadOnly),
  );
  assert.equal(readOnly.status, 403);
});
