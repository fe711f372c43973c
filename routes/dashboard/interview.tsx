/**
 * `/dashboard/interview`: the founder interview, per person (list_interview_questions and
 * answer_interview). The current answers are read with answer_interview and no answers, which
 * changes nothing and answers every published answer. A post sends only the answers that changed
 * (an emptied answer is removed); they appear on every founder profile linked to the account.
 */
import { type Context, Hono } from "hono";
import type { SignedIn } from "../../services/access/mod.ts";
import type { Deps, ErrorDetail } from "../../services/platform/mod.ts";
import { readForm } from "../pages/_forms.ts";
import { assertSignedIn, CSRF_FIELD, type SessionEnv, verifyCsrf } from "../session.ts";
import { doneAt, DoneNotice, FormError, messageAt, PostForm } from "./_listing_parts.tsx";
import { callOperation, tryOperation } from "./_operation.ts";
import { dashboardPage, dashboardPaths, DashboardShell, Limited } from "./_ui.tsx";

/** The interview page and its form post. */
export function interviewRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get(dashboardPaths.interview, (c) => renderInterview(deps, c, assertSignedIn(c), {}));
  app.post(dashboardPaths.interview, (c) => saveAnswers(deps, c));
  return app;
}

const ANSWER_MAX = 4000;

interface Question {
  id: number;
  question: string;
}

/** The questions and the person's answers now, by question id. */
async function readInterview(deps: Deps, who: SignedIn) {
  const [questions, published] = await Promise.all([
    callOperation<{ items: Question[] }>(deps, who, "list_interview_questions"),
    callOperation<{ answers: { question_id: number; answer: string }[] }>(
      deps,
      who,
      "answer_interview",
      { body: { answers: [] } },
    ),
  ]);
  const answers = new Map(published.answers.map((a) => [a.question_id, a.answer]));
  return { questions: questions.items, answers };
}

async function saveAnswers(deps: Deps, c: Context<SessionEnv>): Promise<Response> {
  const who = assertSignedIn(c);
  const form = await readForm(c);
  verifyCsrf(deps, c, who.session, form.get(CSRF_FIELD));
  const { questions, answers } = await readInterview(deps, who);
  const posted = new Map(questions.map((q) => [
    q.id,
    String(form.get(`answer_${q.id}`) ?? "").replace(/\r\n?/g, "\n").trim(),
  ]));
  const changed = questions
    .filter((q) => posted.get(q.id) !== (answers.get(q.id) ?? ""))
    .map((q) => ({ question_id: q.id, answer: posted.get(q.id)! }));
  if (changed.length === 0) return c.redirect(doneAt(dashboardPaths.interview, "unchanged"), 303);
  const done = await tryOperation(deps, who, "answer_interview", { body: { answers: changed } });
  if (done.ok) return c.redirect(doneAt(dashboardPaths.interview, "saved"), 303);
  // The API names answers by their place in the request; the form names them by question.
  const errors = (done.error.details ?? []).map((d) => {
    const m = /^answers\.(\d+)/.exec(d.path);
    const id = m ? changed[Number(m[1])]?.question_id : undefined;
    return id ? { ...d, path: `answer_${id}` } : d;
  });
  return renderInterview(deps, c, who, { posted, errors, message: done.error.message }, 400);
}

const DONE = {
  saved: "Your answers are saved and shown on your founder profile.",
  unchanged: "Nothing changed, so nothing was saved.",
};

async function renderInterview(
  deps: Deps,
  c: Context,
  who: SignedIn,
  state: { posted?: Map<number, string>; errors?: ErrorDetail[]; message?: string },
  status = 200,
): Promise<Response> {
  const { questions, answers } = await readInterview(deps, who);
  const values = state.posted ?? answers;
  return dashboardPage(
    deps,
    c,
    { title: "Founder interview", status },
    <DashboardShell
      trail={[["Founder interview"]]}
      header={
        <>
          <h1>Founder interview</h1>
          <p class="lead">
            Answer the questions you like. Your answers appear on your founder profile, beside every
            listing you founded; an empty answer is not shown.
          </p>
        </>
      }
    >
      <DoneNotice c={c} messages={DONE} />
      <section class="card">
        {questions.length === 0
          ? <p class="empty">No interview questions yet.</p>
          : (
            <PostForm action={dashboardPaths.interview} csrf={who.session.csrf_token}>
              <FormError message={state.message} />
              {questions.map((q) => (
                <Limited
                  key={q.id}
                  name={`answer_${q.id}`}
                  label={q.question}
                  value={values.get(q.id) ?? ""}
                  max={ANSWER_MAX}
                  kind="area"
                  rows={4}
                  error={messageAt(state.errors, `answer_${q.id}`) || undefined}
                />
              ))}
              <button type="submit" class="button">Save answers</button>
            </PostForm>
          )}
      </section>
    </DashboardShell>,
  );
}
