/** list_interview_questions. */
import { listInterviewQuestionRecords } from "../../kv/catalog.ts";
import type { Deps } from "../platform/deps.ts";

/** list_interview_questions. */
export async function listInterviewQuestions(deps: Deps) {
  const questions = await listInterviewQuestionRecords(deps.kv);
  return { items: questions.map((q) => ({ id: q.id, question: q.question })) };
}
