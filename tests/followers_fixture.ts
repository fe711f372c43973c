/** What the followers' mail tests share: the mails about something, the notices run, an update posted. */
import assert from "node:assert/strict";
import { bearer, type Fixture, sendJson } from "./fixtures.ts";
import { listFollowerNotices } from "../kv/follower_mail.ts";
import { mailFollowers } from "../services/publishing/followers.ts";
import { listOutbox } from "../services/platform/mail.ts";
import type { Deps } from "../services/platform/deps.ts";

/** The outbox's mails to `to` whose subject mentions `about`. */
export async function mailsTo(deps: Deps, to: string, about: string) {
  return (await listOutbox(deps.kv, 1000)).filter((m) => m.to === to && m.subject.includes(about));
}

/** Runs the followers' job of every notice of listing `id`. */
export async function runNotices(deps: Deps, id: number): Promise<void> {
  for (const n of await listFollowerNotices(deps.kv, id)) await mailFollowers(deps, n);
}

/** The owner posts an update to listing `id` (REST), then its notices run. */
export async function postUpdate(f: Fixture, id: number, title: string): Promise<void> {
  const res = await sendJson(f.app, "POST", `/api/v1/me/listings/${id}/updates`, {
    title,
    body: "News.",
  }, bearer(f.keys.owner));
  assert.equal(res.status, 201);
  await runNotices(f.deps, id);
}
