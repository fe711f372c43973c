/**
 * The pages that manage a listing, server side: each form reaches its operation (and the data
 * changes), a refusal re-renders with the API's message at its field, the edit form sends only
 * what changed, milestones are deleted, every post checks CSRF, another account's listing is the
 * 404 page, and orders link to their checkout page or receipt.
 */
import assert from "node:assert/strict";
import { buildFixture, type Fixture, getJson, NOW } from "./fixtures.ts";
import { type Browser, csrfOf, signedInBrowser } from "./accounts_fixture.ts";
import { orderOf } from "./fulfilment_fixture.ts";
import { FOUNDER_EMAIL } from "./dashboard_fixture.ts";
import { getListing, updateListing } from "../kv/listings.ts";
import { listListingVersions } from "../kv/listing_versions.ts";
import { payTestOrder } from "../services/commerce/mod.ts";
import { valuesOfListing } from "../routes/dashboard/_listing_edit_model.ts";
import { getMyListing } from "../services/directory/mod.ts";
import { webCaller } from "../services/access/mod.ts";
import { getUserByEmail } from "../kv/users.ts";

interface Bed {
  f: Fixture;
  ada: Browser;
  id: number;
  tab: (tab?: string) => string;
}

async function withBed(test: (bed: Bed) => Promise<void>) {
  const f = await buildFixture();
  try {
    const ada = await signedInBrowser(f, FOUNDER_EMAIL);
    const id = f.listings.invoicely.id;
    await test({ f, ada, id, tab: (t) => `/dashboard/listings/${id}${t ? `/${t}` : ""}` });
  } finally {
    f.deps.kv.close();
  }
}

/** Posts a form of the page at `path` (with its CSRF token) to `action`. */
async function postForm(
  ada: Browser,
  path: string,
  action: string,
  fields: Record<string, string>,
) {
  const page = await ada.get(path);
  assert.equal(page.status, 200, page.html.slice(0, 300));
  return await ada.post(action, { ...fields, _csrf: csrfOf(page.html) });
}

/** The edit form's fields as the page fills them for the listing now. */
async function editFields(f: Fixture, id: number): Promise<Record<string, string>> {
  const user = (await getUserByEmail(f.deps.kv, FOUNDER_EMAIL))!;
  const values = valuesOfListing(await getMyListing(f.deps, webCaller(user), id));
  const fields: Record<string, string> = { ...values.fields };
  for (const [key, link] of Object.entries(values.socials)) fields[`social_${key}`] = link;
  values.faqs.forEach((faq, i) => {
    fields[`faq_question_${i}`] = faq.question;
    fields[`faq_answer_${i}`] = faq.answer;
  });
  return fields;
}

Deno.test("the overview states status, plan, launch, public page, claims and orders", async () => {
  await withBed(async ({ ada, tab }) => {
    const page = await ada.get(tab());
    assert.equal(page.status, 200);
    assert.match(page.html, /<h1>Invoicely<\/h1>/);
    assert.match(page.html, /data-status="live"[^>]*>Live</);
    assert.match(page.html, /Paid launch/);
    assert.match(page.html, /Live since Nov 16, 2026/);
    assert.match(page.html, /href="\/listings\/invoicely"/);
    assert.match(page.html, /Founder story, Milestones/);
    assert.match(page.html, /No claims on this listing/);
    assert.match(page.html, /No orders for this listing/);
  });
});

Deno.test("a scheduled listing says when it goes live", async () => {
  await withBed(async ({ f, ada }) => {
    const user = (await getUserByEmail(f.deps.kv, FOUNDER_EMAIL))!;
    const soon = f.listings.soonapp.id;
    await updateListing(f.deps.kv, soon, () => ({ owner_id: user.id }), NOW);
    const page = await ada.get(`/dashboard/listings/${soon}`);
    assert.equal(page.status, 200);
    assert.match(page.html, /Goes live Monday 2026-11-23, in 5 days/);
  });
});

Deno.test("another account's listing, an unknown id and a bad id are the 404 page", async () => {
  await withBed(async ({ f, ada, id }) => {
    const theirs = f.listings.billwise.id;
    for (
      const path of [
        `/dashboard/listings/${theirs}`,
        `/dashboard/listings/${theirs}/edit`,
        "/dashboard/listings/99999/story",
        "/dashboard/listings/abc/orders",
      ]
    ) {
      const page = await ada.get(path);
      assert.equal(page.status, 404, path);
      assert.match(page.headers.get("content-type") ?? "", /text\/html/);
    }
    const posted = await postForm(
      ada,
      `/dashboard/listings/${id}/updates`,
      `/dashboard/listings/${theirs}/updates`,
      { title: "Mine now", body: "No" },
    );
    assert.equal(posted.status, 404);
  });
});

Deno.test("the edit form sends only what changed, and keeps the version history", async (t) => {
  await withBed(async ({ f, ada, id, tab }) => {
    await t.step("one changed field makes a version of that field only", async () => {
      const fields = { ...await editFields(f, id), tagline: "Invoices, paid on time" };
      const res = await postForm(ada, tab("edit"), tab("edit"), fields);
      assert.equal(res.status, 303);
      assert.equal(res.headers.get("location"), `${tab("edit")}?done=saved`);
      const versions = await listListingVersions(f.deps.kv, id);
      assert.equal(versions.length, 1);
      assert.deepEqual(Object.keys(versions[0].after), ["tagline"]);
      assert.equal(versions[0].via, "the website");
      assert.equal((await getListing(f.deps.kv, id))!.tagline, "Invoices, paid on time");
      const page = await ada.get(tab("edit"));
      assert.match(page.html, /data-field="tagline"/);
      assert.match(page.html, /Invoices that get paid on time<\/td>/);
      assert.match(page.html, /ada@invoicely\.example through the website/);
    });
    await t.step("nothing changed: nothing is sent", async () => {
      const res = await postForm(ada, tab("edit"), tab("edit"), await editFields(f, id));
      assert.equal(res.headers.get("location"), `${tab("edit")}?done=unchanged`);
      assert.equal((await listListingVersions(f.deps.kv, id)).length, 1);
    });
    await t.step("lists, socials, year and FAQs", async () => {
      const fields = {
        ...await editFields(f, id),
        features: "Recurring invoices\r\n\r\nReminders\r\n",
        founded_year: "2019",
        social_github: "https://github.com/invoicely",
        faq_question_1: "Can I export?",
        faq_answer_1: "Yes, as CSV.",
      };
      assert.equal((await postForm(ada, tab("edit"), tab("edit"), fields)).status, 303);
      const versions = await listListingVersions(f.deps.kv, id);
      assert.deepEqual(Object.keys(versions[1].after).sort(), [
        "faqs",
        "features",
        "founded_year",
        "socials",
      ]);
      const listing = (await getListing(f.deps.kv, id))!;
      assert.deepEqual(listing.features, ["Recurring invoices", "Reminders"]);
      assert.equal(listing.founded_year, 2019);
      assert.equal(listing.socials.github, "https://github.com/invoicely");
      assert.equal(listing.faqs.length, 2);
    });
    await t.step("a refusal shows the API's message at its field and saves nothing", async () => {
      const fields = {
        ...await editFields(f, id),
        tagline: "x".repeat(201),
        founded_year: "1700",
        social_x: "not a link",
      };
      const res = await postForm(ada, tab("edit"), tab("edit"), fields);
      assert.equal(res.status, 400);
      assert.match(res.html, /id="field-tagline-error"[^>]*>[^<]*200/);
      assert.match(res.html, /id="fields\.founded_year-error"[^>]*>[^<]*1800/);
      assert.match(res.html, /id="field-social_x-error"/);
      assert.match(res.html, new RegExp(`value="${"x".repeat(201)}"`), "the posted value is kept");
      assert.equal((await listListingVersions(f.deps.kv, id)).length, 2);
    });
  });
});

Deno.test("an update is posted, or refused at its field", async () => {
  await withBed(async ({ f, ada, tab }) => {
    const res = await postForm(ada, tab("updates"), tab("updates"), {
      title: "Dark mode is here",
      body: "Invoices at night.",
    });
    assert.equal(res.status, 303);
    assert.match((await ada.get(tab("updates"))).html, /<h3>Dark mode is here<\/h3>/);
    const refused = await postForm(ada, tab("updates"), tab("updates"), {
      title: "",
      body: "y".repeat(5001),
    });
    assert.equal(refused.status, 400);
    assert.match(refused.html, /id="field-title-error"/);
    assert.match(refused.html, /id="field-body-error"[^>]*>[^<]*5000/);
    const feed = await getJson(f.app, `/api/v1/listings/invoicely`);
    assert.deepEqual(
      feed.body.latest_updates.map((u: { title: string }) => u.title),
      ["Dark mode is here", "v2"],
      "the refused update was not posted",
    );
  });
});

Deno.test("story and milestones: set, add, refuse, delete", async () => {
  await withBed(async ({ f, ada, id, tab }) => {
    const story = tab("story");
    let res = await postForm(ada, story, story, { title: "How it began", lessons: "Ship early." });
    assert.equal(res.status, 303);
    assert.deepEqual((await getListing(f.deps.kv, id))!.story, {
      title: "How it began",
      lessons: "Ship early.",
    });
    res = await postForm(ada, story, `${story}/milestones`, {
      date: "2026-11-01",
      title: "1,000 customers",
      description: "",
      url: "",
    });
    assert.equal(res.status, 303);
    const added = (await getListing(f.deps.kv, id))!.milestones.find((m) =>
      m.title === "1,000 customers"
    );
    assert.ok(added);
    assert.match((await ada.get(story)).html, /Milestones are shown on the public page/);
    res = await postForm(ada, story, `${story}/milestones`, {
      date: "2026-11-01",
      title: "Insecure link",
      url: "http://example.com/",
    });
    assert.equal(res.status, 400);
    assert.match(res.html, /id="field-url-error"/);
    assert.match(res.html, /value="Insecure link"/);
    res = await postForm(ada, story, `${story}/milestones/${added.id}/delete`, {});
    assert.equal(res.status, 303);
    assert.ok(!(await getListing(f.deps.kv, id))!.milestones.some((m) => m.id === added.id));
    res = await postForm(ada, story, `${story}/milestones/${added.id}/delete`, {});
    assert.equal(res.status, 404);
  });
});

Deno.test("every form post checks CSRF", async () => {
  await withBed(async ({ ada, tab }) => {
    for (
      const path of [
        tab("edit"),
        tab("updates"),
        tab("story"),
        `${tab("story")}/milestones`,
        `${tab("story")}/milestones/1/delete`,
        "/dashboard/interview",
      ]
    ) {
      const res = await ada.post(path, { title: "x", _csrf: "wrong" });
      assert.equal(res.status, 403, path);
    }
  });
});

Deno.test("interview answers are saved and shown; only changed answers are sent", async () => {
  await withBed(async ({ ada }) => {
    const page = await ada.get("/dashboard/interview");
    assert.equal(page.status, 200);
    const first = /name="(answer_\d+)"/.exec(page.html)![1];
    const res = await ada.post("/dashboard/interview", {
      [first]: "Because invoices were late.",
      _csrf: csrfOf(page.html),
    });
    assert.equal(res.status, 303);
    assert.match((await ada.get("/dashboard/interview")).html, /Because invoices were late\./);
    const again = await postForm(ada, "/dashboard/interview", "/dashboard/interview", {
      [first]: "Because invoices were late.",
    });
    assert.equal(again.headers.get("location"), "/dashboard/interview?done=unchanged");
    const long = await postForm(ada, "/dashboard/interview", "/dashboard/interview", {
      [first]: "z".repeat(4001),
    });
    assert.equal(long.status, 400);
    assert.match(long.html, new RegExp(`id="field-${first}-error"`));
  });
});

Deno.test("orders link to the checkout page while pending and to the receipt once paid", async () => {
  await withBed(async ({ f, ada, id, tab }) => {
    const paid = await orderOf(f, [{ product: "featured", listing_id: id }]);
    await payTestOrder(f.deps, paid);
    const pending = await orderOf(f, [{ product: "ai_review", listing_id: id }]);
    for (const path of [tab("orders"), tab(), "/dashboard/orders"]) {
      const page = await ada.get(path);
      assert.equal(page.status, 200, path);
      assert.match(page.html, new RegExp(`href="/checkout/${pending}"`), path);
      assert.match(page.html, new RegExp(`href="/checkout/${paid}/receipt"`), path);
    }
    const other = await ada.get(`/dashboard/listings/${f.listings.waitapp.id}/orders`);
    assert.equal(other.status, 404, "waitapp belongs to no one");
  });
});

Deno.test("the badges page shows every earned badge with its embed code and the builder", async () => {
  await withBed(async ({ ada, tab }) => {
    const page = await ada.get(tab("badges"));
    assert.equal(page.status, 200);
    assert.match(page.html, /data-island="BadgeBuilder"/);
    assert.match(page.html, /data-badge="listed"/);
    assert.match(page.html, /&lt;a href=/);
  });
});
