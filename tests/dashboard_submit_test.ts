/**
 * The submit page, the draft watch page and its progress JSON, and the dashboard home, on the
 * server: sign-in guard, CSRF, the API's message at the field, the redirect to the watch page,
 * the progress of a draft crawled from a local site (and of one that could not be read), another
 * account's draft as a 404, and the home's lists with their links, empty states and pages.
 */
import assert from "node:assert/strict";
import { buildFixture, type Fixture, NOW } from "./fixtures.ts";
import { browser, csrfOf, signedInBrowser } from "./accounts_fixture.ts";
import { serveProductSites } from "./publishing_fixture.ts";
import { runDraftJob, runDraftStep } from "../services/drafting/draft_jobs.ts";
import { createDraft } from "../kv/drafts.ts";
import { newDraft } from "../services/drafting/drafts.ts";
import { getUserByEmail } from "../kv/users.ts";
import { FOUNDER_EMAIL } from "./dashboard_fixture.ts";
import { PRODUCT_HOME } from "./submit_fixture.ts";

const STRANGER_EMAIL = "sam@elsewhere.example";

async function withPages(
  test: (f: Fixture, sites: ReturnType<typeof serveProductSites>) => Promise<void>,
) {
  const f = await buildFixture({ allowPrivateFetch: true });
  const sites = serveProductSites();
  try {
    await test(f, sites);
  } finally {
    await sites.close();
    f.deps.kv.close();
  }
}

const signedIn = signedInBrowser;

/** Submits `url` through the page; answers the post's response. */
async function submitUrl(person: ReturnType<typeof browser>, url: string) {
  const form = await person.get("/submit");
  assert.equal(form.status, 200);
  return await person.post("/submit", { url, _csrf: csrfOf(form.html) });
}

const draftIdOf = (location: string | null) =>
  /^\/dashboard\/drafts\/([0-9a-f-]{36})\/watch$/.exec(location ?? "")?.[1] ?? "";

Deno.test("submit page: signed-out visitors are sent to sign in and back", async () => {
  await withPages(async (f) => {
    const anon = browser(f);
    for (const path of ["/submit", "/dashboard", "/dashboard/drafts/x/watch?from=home"]) {
      const res = await anon.get(path);
      assert.equal(res.status, 303, path);
      assert.equal(res.headers.get("location"), `/signin?next=${encodeURIComponent(path)}`);
    }
    const json = await anon.get("/dashboard/drafts/x/progress");
    assert.equal(json.status, 401);
    assert.equal(JSON.parse(json.html).error.code, "unauthorized");
  });
});

Deno.test("submit page: the form, its notes, and a post without the CSRF token is refused", async () => {
  await withPages(async (f) => {
    const person = await signedIn(f, FOUNDER_EMAIL);
    const page = await person.get("/submit");
    assert.equal(page.status, 200);
    assert.equal(page.headers.get("cache-control"), "no-store");
    assert.match(page.html, /<h1>List your product<\/h1>/);
    assert.match(page.html, /<label for="field-url">Your product's website<\/label>/);
    assert.match(page.html, /robots\.txt is respected/);
    assert.match(page.html, /Nothing is invented/);
    assert.match(page.html, /Nothing is published and nothing is charged/);
    assert.match(page.html, /about a minute/);
    const refused = await person.post("/submit", { url: "https://example.com", _csrf: "wrong" });
    assert.equal(refused.status, 403);
    const missing = await person.post("/submit", { url: "https://example.com" });
    assert.equal(missing.status, 403);
    const drafts = await person.get("/dashboard");
    assert.match(drafts.html, /No drafts yet/, "nothing was submitted");
  });
});

Deno.test("submit page: a bad URL is a 400 with the API's message at the field", async () => {
  await withPages(async (f) => {
    const person = await signedIn(f, FOUNDER_EMAIL);
    for (
      const [url, message] of [
        ["not a web address", "Expected an absolute http or https URL"],
        ["ftp://example.com/", "Expected an absolute http or https URL"],
        ["https://" + "a".repeat(2050) + ".com", "Too big"],
      ]
    ) {
      const res = await submitUrl(person, url);
      assert.equal(res.status, 400, url);
      const field = /<div class="field limited-field field-invalid">[\s\S]*?<\/div>/.exec(res.html);
      assert.ok(field, "the field is marked invalid");
      assert.match(field[0], /id="field-url-error" role="alert"/);
      assert.ok(field[0].toLowerCase().includes(message.toLowerCase()), `${url}: ${field[0]}`);
      assert.ok(field[0].includes(`value="${url.slice(0, 50)}`), "the value is kept");
    }
    assert.match((await person.get("/dashboard")).html, /No drafts yet/);
  });
});

Deno.test("submit page: a good URL makes a draft and goes on to its watch page", async () => {
  await withPages(async (f, sites) => {
    sites.setHome("Racer", PRODUCT_HOME);
    const person = await signedIn(f, FOUNDER_EMAIL);
    const res = await submitUrl(person, sites.url("Racer"));
    assert.equal(res.status, 303);
    const id = draftIdOf(res.headers.get("location"));
    assert.ok(id, res.headers.get("location") ?? "no Location");

    const watch = await person.get(`/dashboard/drafts/${id}/watch`);
    assert.equal(watch.status, 200);
    assert.match(watch.html, /<h1>Drafting your listing<\/h1>/);
    assert.match(watch.html, /data-island="DraftProgress"/);
    assert.match(watch.html, /<noscript><meta http-equiv="refresh" content="5"\/>/);
    assert.match(watch.html, /Waiting to start reading your website/);

    const before = JSON.parse((await person.get(`/dashboard/drafts/${id}/progress`)).html);
    assert.equal(before.status, "crawling");
    assert.equal(before.pages_read, 0);
    assert.equal(before.quotes, 0);

    await runDraftStep(f.deps, id); // the crawl
    const crawled = JSON.parse((await person.get(`/dashboard/drafts/${id}/progress`)).html);
    assert.equal(crawled.status, "drafting");
    assert.equal(crawled.pages_read, 1);
    assert.equal(crawled.pages_planned, 1);
    assert.equal(crawled.pages[0].url, sites.url("Racer"));
    assert.equal(crawled.error, null);

    await runDraftJob(f.deps, id);
    const ready = await person.get(`/dashboard/drafts/${id}/progress`);
    assert.equal(ready.headers.get("cache-control"), "no-store");
    const view = JSON.parse(ready.html);
    assert.equal(view.status, "ready");
    assert.equal(view.editor_url, `/dashboard/drafts/${id}`);
    assert.ok(view.quotes >= 2, `quotes: ${view.quotes}`);
    const page = await person.get(`/dashboard/drafts/${id}/watch`);
    assert.match(page.html, /Open the draft editor/);
    assert.ok(!page.html.includes('http-equiv="refresh"'), "no refresh once ready");
  });
});

Deno.test("watch page: a site that answers 500 or whose robots.txt disallows all says why", async () => {
  await withPages(async (f, sites) => {
    sites.setRobots("Private", "User-agent: *\nDisallow: /\n");
    sites.setHome("Private", PRODUCT_HOME);
    const broken = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen() {} },
      (req) =>
        new URL(req.url).pathname === "/robots.txt"
          ? new Response("Not found", { status: 404 })
          : new Response("oops", { status: 500 }),
    );
    try {
      const person = await signedIn(f, FOUNDER_EMAIL);
      const urls = [sites.url("Private"), `http://127.0.0.1:${broken.addr.port}/`];
      const views = [];
      for (const url of urls) {
        const id = draftIdOf((await submitUrl(person, url)).headers.get("location"));
        await runDraftJob(f.deps, id);
        views.push(JSON.parse((await person.get(`/dashboard/drafts/${id}/progress`)).html));
        const page = await person.get(`/dashboard/drafts/${id}/watch`);
        assert.match(page.html, /We could not read your website/);
      }
      const [robots, failing] = views;
      assert.equal(robots.status, "ready");
      assert.equal(robots.robots_blocked, true);
      assert.match(robots.error, /robots\.txt/);
      assert.equal(failing.robots_blocked, false);
      assert.match(failing.error, /500/);
      assert.equal(failing.pages.length, 0);
    } finally {
      await broken.shutdown();
    }
  });
});

Deno.test("watch page: another account's draft, or a made-up id, is the 404 page", async () => {
  await withPages(async (f, sites) => {
    sites.setHome("Racer", PRODUCT_HOME);
    const owner = await signedIn(f, FOUNDER_EMAIL);
    const id = draftIdOf((await submitUrl(owner, sites.url("Racer"))).headers.get("location"));
    const stranger = await signedIn(f, STRANGER_EMAIL);
    const page = await stranger.get(`/dashboard/drafts/${id}/watch`);
    assert.equal(page.status, 404);
    assert.match(page.html, /<h1/);
    assert.ok(!page.html.includes(sites.url("Racer")), "nothing of the draft is shown");
    const json = await stranger.get(`/dashboard/drafts/${id}/progress`);
    assert.equal(json.status, 404);
    assert.equal(JSON.parse(json.html).error.code, "not_found");
    assert.equal((await owner.get("/dashboard/drafts/not-a-uuid/watch")).status, 404);
    assert.equal((await owner.get(`/dashboard/drafts/${crypto.randomUUID()}/watch`)).status, 404);
  });
});

Deno.test("dashboard home: drafts and listings with their links, empty states and pages", async () => {
  await withPages(async (f) => {
    const ownerId = (await getUserByEmail(f.deps.kv, FOUNDER_EMAIL))!.id;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const draft = newDraft(ownerId, `https://product${i}.example/`, NOW);
      if (i % 2 === 0) draft.status = "ready";
      await createDraft(f.deps.kv, draft);
      ids.push(draft.id);
    }
    const owner = await signedIn(f, FOUNDER_EMAIL);
    const home = await owner.get("/dashboard");
    assert.equal(home.status, 200);
    assert.match(home.html, /<h1>Your dashboard<\/h1>/);
    assert.match(home.html, /<a class="button dashboard-cta" href="\/submit">List a product<\/a>/);
    for (const path of ["/dashboard/orders", "/dashboard/interview", "/account", "/account/keys"]) {
      assert.ok(home.html.includes(`href="${path}"`), path);
    }
    const rows = [...home.html.matchAll(/data-draft-id="([^"]+)"[\s\S]*?<\/tr>/g)];
    assert.equal(rows.length, 10, "one page of drafts");
    for (const [row, id] of rows) {
      const ready = ids.indexOf(id) % 2 === 0;
      const link = ready ? `/dashboard/drafts/${id}"` : `/dashboard/drafts/${id}/watch"`;
      assert.ok(row.includes(link), `${id} links to ${ready ? "the editor" : "watch"}`);
    }
    assert.match(home.html, /href="\/dashboard\?drafts_page=2&amp;listings_page=1" rel="next"/);
    const second = await owner.get("/dashboard?drafts_page=2");
    assert.equal([...second.html.matchAll(/data-draft-id=/g)].length, 2);
    assert.equal((await owner.get("/dashboard?drafts_page=abc")).status, 200);

    const listing = f.listings.invoicely;
    assert.match(home.html, new RegExp(`href="/dashboard/listings/${listing.id}"`));

    const stranger = await signedIn(f, STRANGER_EMAIL);
    const empty = await stranger.get("/dashboard");
    assert.match(empty.html, /No drafts yet/);
    assert.match(empty.html, /No listings yet/);
    assert.ok(!empty.html.includes(`data-listing-id="${listing.id}"`));
    assert.match(empty.html, /class="header-dashboard-link" href="\/dashboard">Dashboard</);
  });
});
