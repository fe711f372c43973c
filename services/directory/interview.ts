/**
 * answer_interview and the interview shown on founder profiles. Answers belong to the person's
 * account and appear on every founder profile linked to it (`Founder.user_id`), as question →
 * answer in the questions' order.
 */
import { listInterviewQuestionRecords } from "../../kv/catalog.ts";
import {
  getInterviewAnswers,
  type InterviewAnswers,
  saveInterviewAnswers,
} from "../../kv/interview_answers.ts";
import type { InterviewQuestion } from "../../kv/types.ts";
import type { Caller } from "../access/access.ts";
import type { IdempotencySeal } from "../access/idempotency.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest, type ErrorDetail } from "../platform/errors.ts";

/** One published answer. */
export interface InterviewEntry {
  question_id: number;
  question: string;
  answer: string;
  answered_at: string;
}

/** Answers as question → answer in the questions' order (answers to removed questions left out). */
function interviewOf(
  questions: InterviewQuestion[],
  record: InterviewAnswers | null,
): InterviewEntry[] {
  return questions.flatMap((q) => {
    const stored = record?.answers[q.id];
    return stored
      ? [{
        question_id: q.id,
        question: q.question,
        answer: stored.answer,
        answered_at: stored.answered_at,
      }]
      : [];
  });
}

/** The interview a person published (empty for a founder profile without an account). */
export async function publishedInterview(
  deps: Deps,
  userId: string | null,
): Promise<InterviewEntry[]> {
  if (!userId) return [];
  const [questions, record] = await Promise.all([
    listInterviewQuestionRecords(deps.kv),
    getInterviewAnswers(deps.kv, userId),
  ]);
  return interviewOf(questions, record);
}

/** Refuses answers to unknown questions and questions answered twice, naming each one. */
function checkAnswers(questions: InterviewQuestion[], answers: { question_id: number }[]) {
  const known = new Set(questions.map((q) => q.id));
  const first = new Map<number, number>();
  const unknown: number[] = [];
  const details: ErrorDetail[] = [];
  answers.forEach(({ question_id: id }, i) => {
    const path = `answers.${i}.question_id`;
    if (!known.has(id)) {
      unknown.push(id);
      details.push({ path, message: `No interview question ${id}: see list_interview_questions` });
    } else if (first.has(id)) {
      details.push({
        path,
        message: `Question ${id} is already answered at answers.${first.get(id)}`,
      });
    } else first.set(id, i);
  });
  if (details.length === 0) return;
  throw badRequest(
    unknown.length > 0
      ? `Unknown interview question${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}: ` +
        "see list_interview_questions for the ids"
      : "Each question may be answered once per request",
    details,
  );
}

/**
 * answer_interview: sets the caller's answers (an empty answer removes one); answers to other
 * questions stay. Returns every answer the caller has published, in the questions' order.
 */
export async function answerInterview(
  deps: Deps,
  caller: Caller,
  input: { answers: { question_id: number; answer: string }[] },
  seal?: IdempotencySeal,
) {
  const questions = await listInterviewQuestionRecords(deps.kv);
  checkAnswers(questions, input.answers);
  const view = (record: InterviewAnswers | null) => ({
    answers: interviewOf(questions, record),
  });
  if (input.answers.length === 0) {
    return view(await getInterviewAnswers(deps.kv, caller.userId));
  }
  const answers = input.answers.map((a) => ({
    question_id: a.question_id,
    answer: a.answer.trim() === "" ? "" : a.answer,
  }));
  const saved = await saveInterviewAnswers(
    deps.kv,
    caller.userId,
    answers,
    deps.now(),
    seal && ((op, after) => seal(op, view(after))),
  );
  return view(saved);
}
