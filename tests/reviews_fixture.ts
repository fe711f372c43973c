/** What the review tests share: the people, refusals, get_listing's rating and form posts. */
import assert from "node:assert/strict";
import type { Fixture } from "./fixtures.ts";
import type { Browser } from "./accounts_fixture.ts";
import { ApiError } from "../services/platform/errors.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { listReviews } from "../kv/listing_feed.ts";
import type { User } from "../kv/types.ts";

export const OWNER = "ada@invoicely.example";
export const STRANGER = "sam@elsewhere.example";
export const TEAM = "moderator@directory.example";

export async function refused(
  promise: Promise<unknown>,
  status: number,
  message: RegExp,
  path?: string,
) {
  await assert.rejects(promise, (err: unknown) => {
    assert.ok(err instanceof ApiError, String(err));
    assert.equal(err.status, status, err.message);
    assert.match(err.message, message);
    if (path) assert.equal(err.details[0]?.path, path);
    return true;
  });
}

/** get_listing's community rating, through the REST API. */
export async function rating(f: Fixture, slug = "invoicely") {
  const res = await f.app.request(`/api/v1/listings/${slug}`);
  assert.equal(res.status, 200);
  return (await res.json()).community_rating;
}

export function user(f: Fixture, email: string, name: string): Promise<User> {
  return getOrCreateUser(f.deps.kv, email, name);
}

/** The fixture's invoicely reviews: r1 (4), r2 (5), r3 the owner's (5), r4 flagged (1). */
export const BEFORE = { average: 4.5, count: 2 };

export function reviewCsrf(html: string): string {
  const token = /action="\/listings\/invoicely\/review"[^]*?name="_csrf" value="([^"]+)"/.exec(html)
    ?.[1];
  assert.ok(token, "the review form carries the session's CSRF token");
  return token;
}

/** Posts the answer form of review `id`, coming back to `back`. */
export function postAnswer(
  b: Browser,
  csrf: string,
  id: string,
  answer: string,
  back = "/listings/invoicely",
) {
  return b.post(`/reviews/${id}/answer`, { _csrf: csrf, answer, return_to: back });
}

export async function samReview(f: Fixture): Promise<string> {
  const sam = await getOrCreateUser(f.deps.kv, STRANGER, "");
  const mine = (await listReviews(f.deps.kv, f.listings.invoicely.id)).find((r) =>
    r.user_id === sam.id
  );
  assert.ok(mine);
  return mine.id;
}
