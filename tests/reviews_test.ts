/**
 * Reviews: write and edit, one per person, rating and length bounds, never the listing's team; a
 * flag hides a review from the page and from get_listing's community rating until the site team
 * keeps it, and a removed one is gone; the team answers once; the web forms' CSRF check, sign-in
 * redirect and per-person rate limit; the founder dashboard's tab and the site team's page.
 */
import assert from "node:assert/strict";
import { buildFixture } from "./fixtures.ts";
import { csrfOf, signedInBrowser } from "./accounts_fixture.ts";
import {
  BEFORE,
  OWNER,
  postAnswer,
  rating,
  refused,
  reviewCsrf,
  samReview,
  STRANGER,
  TEAM,
  user,
} from "./reviews_fixture.ts";
import {
  answerReview,
  createReview,
  decideReviewFlag,
  editReview,
  flaggedReviewQueue,
  flagReview,
  REVIEW_WRITES_PER_HOUR,
} from "../services/community/mod.ts";
import { updateListing } from "../kv/listings.ts";
import { listReviews } from "../kv/listing_feed.ts";
import { getReviewById } from "../kv/reviews.ts";

Deno.test("write and edit a review; one per person; rating and length bounds", async () => {
  const f = await buildFixture();
  const sam = await user(f, STRANGER, "Sam Stranger");
  assert.deepEqual(await rating(f), BEFORE, "read once, so the profile is cached");

  const review = await createReview(f.deps, sam, "invoicely", { rating: "3", body: " Solid. " });
  assert.equal(review.body, "Solid.");
  assert.equal(review.author_name, "Sam Stranger");
  assert.deepEqual(await rating(f), { average: 4, count: 3 }, "shows at once (cache dropped)");

  await refused(
    createReview(f.deps, sam, "invoicely", { rating: 5, body: "Again" }),
    409,
    /already reviewed/,
  );
  const mine = (await listReviews(f.deps.kv, f.listings.invoicely.id))
    .filter((r) => r.user_id === sam.id);
  assert.equal(mine.length, 1, "one review per person per listing");

  const edited = await editReview(f.deps, sam.id, review.id, { rating: 1, body: "Broke." });
  assert.equal(edited.id, review.id);
  assert.equal(edited.updated_at, f.deps.now().toISOString());
  assert.equal(edited.created_at, review.created_at);
  assert.deepEqual(await rating(f), { average: 3.3, count: 3 });
  const kim = await user(f, "kim@people.example", "Kim");
  await refused(editReview(f.deps, kim.id, review.id, { rating: 5, body: "x" }), 403, /author/);

  for (const bad of [0, 6, 2.5, "", "five", null]) {
    await refused(
      createReview(f.deps, kim, "invoicely", { rating: bad, body: "Fine" }),
      400,
      /rating from 1 to 5/,
      "rating",
    );
  }
  await refused(
    createReview(f.deps, kim, "invoicely", { rating: 4, body: "   " }),
    400,
    /Write/,
    "body",
  );
  await refused(
    createReview(f.deps, kim, "invoicely", { rating: 4, body: "x".repeat(2_001) }),
    400,
    /At most 2,000 characters \(2001\)/,
    "body",
  );
  const longest = await createReview(f.deps, kim, "invoicely", {
    rating: 5,
    body: "y".repeat(2_000),
  });
  assert.equal(longest.body.length, 2_000);
  await refused(
    editReview(f.deps, sam.id, review.id, { rating: 7, body: "ok" }),
    400,
    /rating/,
    "rating",
  );
});

Deno.test("owners and co-founders cannot review their listing; only live listings take reviews", async () => {
  const f = await buildFixture();
  const ada = await user(f, OWNER, "Ada");
  const cofounder = await user(f, "grace@invoicely.example", "Grace");
  await updateListing(f.deps.kv, f.listings.invoicely.id, (l) => ({
    cofounder_ids: [...l.cofounder_ids, cofounder.id],
  }));
  const input = { rating: 5, body: "Best tool ever" };
  await refused(createReview(f.deps, ada, "invoicely", input), 403, /your own listing/);
  await refused(createReview(f.deps, cofounder, "invoicely", input), 403, /your own listing/);
  const sam = await user(f, STRANGER, "Sam");
  await refused(createReview(f.deps, sam, "soonapp", input), 409, /once the listing is live/);
  await refused(createReview(f.deps, sam, "draftapp", input), 404, /No listing/);
  assert.deepEqual(await rating(f), BEFORE);
});

Deno.test("a flag hides a review from the page and the rating until kept; removed is gone", async () => {
  const f = await buildFixture();
  const kim = await user(f, "kim@people.example", "Kim");
  const lee = await user(f, "lee@people.example", "Lee");
  const page = async () => (await f.app.request("/listings/invoicely")).text();
  assert.deepEqual((await flaggedReviewQueue(f.deps)).map((q) => q.review_id), ["r4"]);
  assert.match(await page(), /id="review-r1"/);
  assert.doesNotMatch(await page(), /id="review-r4"/, "a flagged review is not on the page");

  const flagged = await flagReview(f.deps, kim.id, "r1", "Looks fake");
  assert.equal(flagged.flagged, true);
  assert.deepEqual(await rating(f), { average: 5, count: 1 });
  assert.doesNotMatch(await page(), /id="review-r1"/);
  await refused(flagReview(f.deps, kim.id, "r1", ""), 409, /already flagged/);
  await refused(flagReview(f.deps, "u1", "r1", ""), 409, /your own review/);
  await refused(flagReview(f.deps, lee.id, "r1", "z".repeat(501)), 400, /At most 500/, "reason");
  const queue = await flaggedReviewQueue(f.deps);
  assert.deepEqual(queue.map((q) => q.review_id).sort(), ["r1", "r4"]);
  assert.deepEqual(queue.find((q) => q.review_id === "r1")!.flags.map((x) => x.reason), [
    "Looks fake",
  ]);

  await refused(
    decideReviewFlag(f.deps, "r1", { outcome: "keep", by: TEAM, reason: " " }),
    400,
    /reason/,
  );
  await refused(
    decideReviewFlag(f.deps, "r1", { outcome: "hide", by: TEAM, reason: "x" }),
    400,
    /keep or remove/,
  );
  const kept = await decideReviewFlag(f.deps, "r1", {
    outcome: "keep",
    by: TEAM,
    reason: "Genuine",
  });
  assert.deepEqual(kept.decision?.outcome, "kept");
  assert.deepEqual(await rating(f), BEFORE, "kept: counted again");
  assert.match(await page(), /id="review-r1"/);
  await refused(
    decideReviewFlag(f.deps, "r1", { outcome: "remove", by: TEAM, reason: "x" }),
    409,
    /not waiting/,
  );
  const again = await flagReview(f.deps, lee.id, "r1", "");
  assert.equal(again.flagged, false, "a kept text is not hidden by later flags");
  assert.equal(again.flags, 2);

  await flagReview(f.deps, kim.id, "r2", "Spam");
  assert.deepEqual(await rating(f), { average: 4, count: 1 });
  await decideReviewFlag(f.deps, "r2", { outcome: "remove", by: TEAM, reason: "Spam link" });
  assert.deepEqual(await rating(f), { average: 4, count: 1 }, "removed: gone for good");
  assert.doesNotMatch(await page(), /id="review-r2"/);
  const stored = await getReviewById(f.deps.kv, "r2");
  assert.equal(stored?.removed, true);
  assert.equal(stored?.review.decision?.reason, "Spam link");
  assert.equal(
    (await listReviews(f.deps.kv, f.listings.invoicely.id)).some((r) => r.id === "r2"),
    false,
  );
  assert.deepEqual((await flaggedReviewQueue(f.deps)).map((q) => q.review_id), ["r4"]);
  await refused(flagReview(f.deps, lee.id, "r2", ""), 404, /No review/);
  await refused(
    createReview(f.deps, { id: "u2", name: "u2" }, "invoicely", { rating: 5, body: "Back" }),
    409,
    /already reviewed/,
    undefined,
  );
});

Deno.test("the listing's team answers each review once, publicly", async () => {
  const f = await buildFixture();
  const ada = await user(f, OWNER, "Ada Lovelace");
  const sam = await user(f, STRANGER, "Sam");
  await refused(answerReview(f.deps, sam, "r1", "Thanks"), 403, /owner and co-founders/);
  await refused(answerReview(f.deps, ada, "r1", "a".repeat(2_001)), 400, /2,000/, "answer");
  await refused(answerReview(f.deps, ada, "r1", ""), 400, /Write your answer/, "answer");
  const answered = await answerReview(f.deps, ada, "r1", "Thanks, glad it helps");
  assert.equal(answered.answer?.author_name, "Ada Lovelace");
  await refused(answerReview(f.deps, ada, "r1", "Also"), 409, /already been answered/);
  const html = await (await f.app.request("/listings/invoicely")).text();
  assert.match(html, /Answer from Ada Lovelace[^]*Thanks, glad it helps/);
});

Deno.test("web: sign-in redirect, CSRF, write and edit by form posts, errors at their fields", async () => {
  const f = await buildFixture();
  const out = await signedInBrowser(f, null);
  const outPage = await out.get("/listings/invoicely");
  assert.match(
    outPage.html,
    /href="\/listings\/invoicely\/review"[^>]*>\s*Sign in to write a review/,
  );
  const gate = await out.get("/listings/invoicely/review");
  assert.equal(gate.status, 303);
  assert.equal(gate.headers.get("location"), "/signin?next=%2Flistings%2Finvoicely%2Freview");
  const outPost = await out.post("/listings/invoicely/review", { rating: "5", body: "Hi" });
  assert.equal(outPost.status, 303);
  assert.equal(outPost.headers.get("location"), "/signin?next=%2Flistings%2Finvoicely%2Freview");
  const outFlag = await out.post("/reviews/r1/flag", { return_to: "/listings/invoicely" });
  assert.equal(outFlag.headers.get("location"), "/signin?next=%2Flistings%2Finvoicely");

  const sam = await signedInBrowser(f, STRANGER);
  const page = await sam.get("/listings/invoicely");
  assert.equal(page.status, 200);
  for (let n = 1; n <= 5; n++) {
    assert.match(
      page.html,
      new RegExp(`type="radio" name="rating" value="${n}"[^>]*/?>\\s*${n} star`),
    );
  }
  const csrf = reviewCsrf(page.html);
  const forged = await sam.post("/listings/invoicely/review", {
    rating: "4",
    body: "x",
    _csrf: "no",
  });
  assert.equal(forged.status, 403);

  const bad = await sam.post("/listings/invoicely/review", {
    rating: "9",
    body: "Kept text",
    _csrf: csrf,
  });
  assert.equal(bad.status, 400);
  assert.match(bad.html, /id="rating-error"[^>]*>Choose a rating from 1 to 5 stars/);
  assert.match(bad.html, />Kept text<\/textarea>/, "the text is kept");
  const long = await sam.post("/listings/invoicely/review", {
    rating: "4",
    body: "w".repeat(2_001),
    _csrf: csrf,
  });
  assert.equal(long.status, 400);
  assert.match(long.html, /At most 2,000 characters \(2001\)/);

  const done = await sam.post("/listings/invoicely/review", {
    rating: "4",
    body: "Does the job",
    _csrf: csrf,
  });
  assert.equal(done.status, 303);
  const location = done.headers.get("location")!;
  assert.match(location, /^\/listings\/invoicely#review-/);
  const after = await sam.get("/listings/invoicely");
  assert.match(after.html, /Your review[^]*Does the job[^]*Edit your review/);
  const reviewId = /name="review_id" value="([^"]+)"/.exec(after.html)?.[1];
  assert.ok(reviewId);
  assert.equal(location, `/listings/invoicely#review-${reviewId.replace(/[^A-Za-z0-9_-]/g, "-")}`);

  const twice = await sam.post("/listings/invoicely/review", {
    rating: "2",
    body: "Second",
    _csrf: csrf,
  });
  assert.equal(twice.status, 409);
  assert.match(twice.html, /already reviewed this listing/);

  const edit = await sam.post("/listings/invoicely/review", {
    rating: "2",
    body: "Got worse",
    review_id: reviewId,
    _csrf: csrf,
  });
  assert.equal(edit.status, 303);
  const edited = await sam.get("/listings/invoicely");
  assert.match(edited.html, /Got worse/);
  assert.match(edited.html, /edited <time datetime=/i);
  assert.deepEqual(await rating(f), { average: 3.7, count: 3 });

  const owner = await signedInBrowser(f, OWNER);
  const ownerPage = await owner.get("/listings/invoicely");
  assert.match(ownerPage.html, /You are on this listing's team/);
  assert.doesNotMatch(ownerPage.html, /action="\/listings\/invoicely\/review"/);
  const ownerPost = await owner.post("/listings/invoicely/review", {
    rating: "5",
    body: "Mine",
    _csrf: csrfOf(ownerPage.html),
  });
  assert.equal(ownerPost.status, 403);
  assert.match(ownerPost.html, /cannot review your own listing/);
});

Deno.test("web: flag and answer posts come back to a same-site path; rate limited per person", async () => {
  const f = await buildFixture();
  const sam = await signedInBrowser(f, STRANGER);
  const csrf = reviewCsrf((await sam.get("/listings/invoicely")).html);
  const forged = await sam.post("/reviews/r1/flag", {
    _csrf: "x",
    return_to: "/listings/invoicely",
  });
  assert.equal(forged.status, 403);
  const flag = await sam.post("/reviews/r1/flag", {
    _csrf: csrf,
    reason: "Copied",
    return_to: "https://evil.example/",
  });
  assert.equal(flag.status, 303);
  assert.equal(
    flag.headers.get("location"),
    "/#reviews",
    "another site is not a place to return to",
  );
  assert.deepEqual(await rating(f), { average: 5, count: 1 });
  const twice = await sam.post("/reviews/r1/flag", {
    _csrf: csrf,
    return_to: "/listings/invoicely",
  });
  assert.equal(twice.status, 409);

  const owner = await signedInBrowser(f, OWNER);
  const ownerCsrf = csrfOf((await owner.get("/listings/invoicely")).html);
  const answered = await postAnswer(owner, ownerCsrf, "r2", "Thank you!");
  assert.equal(answered.status, 303);
  assert.equal(answered.headers.get("location"), "/listings/invoicely#review-r2");
  const second = await postAnswer(owner, ownerCsrf, "r2", "More");
  assert.equal(second.status, 409);
  assert.match(second.html, /already been answered/);

  // Sam has used one write (the flag); the hour's limit counts writes of every kind.
  for (let write = 2; write <= REVIEW_WRITES_PER_HOUR; write++) {
    const res = await sam.post("/listings/invoicely/review", {
      rating: "4",
      body: `Take ${write}`,
      _csrf: csrf,
      ...(write > 2 ? { review_id: await samReview(f) } : {}),
    });
    assert.equal(res.status, 303, `write ${write}`);
  }
  const limited = await sam.post("/listings/invoicely/review", {
    rating: "4",
    body: "One too many",
    review_id: await samReview(f),
    _csrf: csrf,
  });
  assert.equal(limited.status, 429);
  assert.match(limited.html, /at most 20 an hour/);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  assert.doesNotMatch((await sam.get("/listings/invoicely")).html, /One too many/);
});

Deno.test("the founder dashboard's reviews tab and the site team's flagged reviews page", async () => {
  const f = await buildFixture({ adminEmails: [TEAM] });
  const id = f.listings.invoicely.id;
  const kim = await user(f, "kim@people.example", "Kim");
  await flagReview(f.deps, kim.id, "r1", "Looks fake");
  const tab = `/dashboard/listings/${id}/reviews`;

  const owner = await signedInBrowser(f, OWNER);
  const dash = await owner.get(tab);
  assert.equal(dash.status, 200);
  assert.match(dash.html, /<a class="tab" href="[^"]+\/reviews" aria-current="page">Reviews<\/a>/);
  for (const r of ["r1", "r2", "r3", "r4"]) assert.match(dash.html, new RegExp(`id="review-${r}"`));
  assert.match(dash.html, /id="review-r1"[^]*?Hidden<\/span> Flagged by a visitor/);
  assert.match(dash.html, /id="review-r3"[^]*?From your team/);
  const answer = await postAnswer(owner, csrfOf(dash.html), "r2", "Thanks from the dashboard", tab);
  assert.equal(answer.status, 303);
  assert.equal(answer.headers.get("location"), `${tab}#review-r2`);
  assert.match(
    (await owner.get(tab)).html,
    /Answer from Ada Lovelace[^]*Thanks from the dashboard/,
  );

  const sam = await signedInBrowser(f, STRANGER);
  assert.equal((await sam.get(tab)).status, 404, "another person's listing");
  assert.equal((await sam.get("/admin/reviews")).status, 404, "not the site team");
  const visitor = await signedInBrowser(f, null).then((b) => b.get("/admin/reviews"));
  assert.equal(visitor.status, 303, "signed out: sign in and back");
  assert.equal(visitor.headers.get("location"), "/signin?next=%2Fadmin%2Freviews");
  const samCsrf = csrfOf((await sam.get("/listings/invoicely")).html);
  const samDecide = await sam.post("/admin/reviews/r1/decide", {
    _csrf: samCsrf,
    outcome: "keep",
    reason: "x",
  });
  assert.equal(samDecide.status, 404);

  const team = await signedInBrowser(f, TEAM);
  const admin = await team.get("/admin/reviews");
  assert.equal(admin.status, 200);
  assert.match(admin.html, /<h1>Flagged reviews<\/h1>/);
  assert.match(admin.html, /id="review-r1"[^]*?1 flag: “Looks fake”/);
  assert.match(admin.html, /id="review-r4"/);
  const teamCsrf = csrfOf(admin.html);
  const noReason = await team.post("/admin/reviews/r1/decide", {
    _csrf: teamCsrf,
    outcome: "keep",
    reason: "",
  });
  assert.equal(noReason.status, 400);
  assert.match(noReason.html, /Write a reason/);
  const forged = await team.post("/admin/reviews/r1/decide", {
    _csrf: "x",
    outcome: "keep",
    reason: "ok",
  });
  assert.equal(forged.status, 403);
  const keep = await team.post("/admin/reviews/r1/decide", {
    _csrf: teamCsrf,
    outcome: "keep",
    reason: "Genuine",
  });
  assert.equal(keep.status, 303);
  assert.equal(keep.headers.get("location"), "/admin/reviews?done=kept");
  const remove = await team.post("/admin/reviews/r4/decide", {
    _csrf: teamCsrf,
    outcome: "remove",
    reason: "Spam",
  });
  assert.equal(remove.status, 303);
  const empty = await team.get("/admin/reviews?done=removed");
  assert.match(empty.html, /Review removed\./);
  assert.match(empty.html, /No flagged reviews\./);
  assert.match((await sam.get("/listings/invoicely")).html, /id="review-r1"/);
  assert.deepEqual(await rating(f), BEFORE);
});
