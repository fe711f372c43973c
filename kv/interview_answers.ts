/**
 * Interview answers: one record per account, question id → answer. A record with many long
 * answers is stored in parts (split_values.ts); every save is one atomic operation, checked
 * against the record it read.
 */
import * as keys from "./keys.ts";
import { backoff } from "./retry.ts";
import { getSplit, stageValue } from "./split_values.ts";
import { conflict } from "../services/platform/errors.ts";

/** One answer as stored. */
export interface StoredInterviewAnswer {
  answer: string;
  answered_at: string;
}

/** A person's answers, by question id. */
export interface InterviewAnswers {
  user_id: string;
  answers: Record<string, StoredInterviewAnswer>;
  updated_at: string;
}

const MAX_RETRIES = 30;

/** Reads a person's answers (null when they never answered). */
export async function getInterviewAnswers(
  kv: Deno.Kv,
  userId: string,
): Promise<InterviewAnswers | null> {
  return (await getSplit<InterviewAnswers>(kv, keys.interviewAnswersKey(userId))).value;
}

/**
 * Sets answers (question id → text; an empty text removes the answer) in one atomic operation;
 * `extra` adds to the same operation, seeing the record as it will be.
 */
export async function saveInterviewAnswers(
  kv: Deno.Kv,
  userId: string,
  answers: { question_id: number; answer: string }[],
  now: Date,
  extra?: (op: Deno.AtomicOperation, after: InterviewAnswers) => void | Promise<void>,
): Promise<InterviewAnswers> {
  const key = keys.interviewAnswersKey(userId);
  for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
    const entry = await getSplit<InterviewAnswers>(kv, key);
    const next: InterviewAnswers = {
      user_id: userId,
      answers: { ...entry.value?.answers },
      updated_at: now.toISOString(),
    };
    for (const { question_id, answer } of answers) {
      if (answer === "") delete next.answers[question_id];
      else next.answers[question_id] = { answer, answered_at: now.toISOString() };
    }
    const staged = await stageValue(kv, key, next);
    const op = kv.atomic().check(entry);
    staged.write(op, entry.parts);
    const committed = await (async () => {
      if (extra) await extra(op, next);
      return (await op.commit()).ok;
    })().catch(async (err) => {
      await staged.discard();
      throw err;
    });
    if (committed) return next;
    await staged.discard();
    await backoff(attempt);
  }
  throw conflict(`Could not save the interview answers: too many concurrent writes, retry`);
}
