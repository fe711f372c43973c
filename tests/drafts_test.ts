/**
 * Submit by URL through saving as a listing, over REST: the queued job (crawl → draft → ready),
 * resuming after a crash, every update_draft part, invites and submit_draft.
 */
import assert from "node:assert/strict";
import { bearer, buildFixture, type Fixture, getJson, sendJson } from "./fixtures.ts";
import { handleJob } from "../services/jobs.ts";
import { resumeStalledDrafts, runDraftJob, runDraftStep } from "../services/drafting/draft_jobs.ts";
import { applyProposal, newDraft } from "../services/drafting/drafts.ts";
import { DRAFT_FIELDS } from "../services/drafting/evidence.ts";
import { listOutbox } from "../services/platform/mail.ts";
import { getListing } from "../kv/listings.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { Hono } from "hono";
import { startFakeOpenAI } from "../bench/fake_openai.ts";
import { startSession } from "../routes/session.ts";

/** A small product website on 127.0.0.1 that records the paths it served. */
function serveSite() {
  const requests: string[] = [];
  const page = (title: string, body: string) =>
    `<!DOCTYPE html><html><head><title>${title}</title><meta name="description" content="Acmeflow turns invoices into payments in one click."></head><body>${body}<footer>© 2015-2026 Acmeflow GmbH</footer></body></html>`;
  const pages: Record<string, string> = {
    "/robots.txt": "User-agent: *\nDisallow: /internal\n",
    "/": page(
      "Acmeflow | Invoices that pay themselves",
      `<header><img class="logo" src="/logo.png" alt="Acmeflow logo"></header>
       <h1>Invoices that pay themselves</h1>
       <p>Acmeflow turns invoices into payments in one click. Freelancers and agencies send invoices, reminders go out on their own, and payments land in your bank.</p>
       <h2>Features</h2><ul><li>Recurring invoices</li><li>Automatic payment reminders</li><li>Multi-currency invoicing</li></ul>
       <a href="/about">About</a> <a href="/pricing">Pricing</a> <a href="/internal">Internal</a>
       <a href="https://x.com/acmeflow">X</a> <a href="https://github.com/acmeflow">GitHub</a>
       <a href="mailto:hello@acmeflow.example">hello@acmeflow.example</a>`,
    ),
    "/about": page(
      "About Acmeflow",
      `<h1>About us</h1><p>Acmeflow was founded in 2021 in Berlin, Germany.</p>
       <p>Ada Weber, Founder and CEO, started Acmeflow after chasing late payments for years.</p>`,
    ),
    "/pricing": page(
      "Pricing",
      `<h1>Pricing</h1><div class="pricing"><div class="plan"><h3>Free</h3><p>$0 per month</p><p>Up to 5 invoices a month</p></div>
       <div class="plan"><h3>Pro</h3><p>$12 per month</p><p>Unlimited invoices</p></div></div>
       <h2>FAQ</h2><details><summary>Is there a free plan?</summary><p>Yes, the Free plan covers up to 5 invoices a month.</p></details>`,
    ),
    "/internal": page("Internal", "<p>Secret: founded in 1999 in Paris.</p>"),
  };
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    requests.push(path);
    const body = pages[path];
    if (body === undefined) return new Response("Not found", { status: 404 });
    const type = path === "/robots.txt" ? "text/plain" : "text/html; charset=utf-8";
    return new Response(body, { headers: { "content-type": type } });
  });
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    requests,
    close: () => server.shutdown(),
  };
}

async function withSite(run: (site: ReturnType<typeof serveSite>, f: Fixture) => Promise<void>) {
  const site = serveSite();
  const fixture = await buildFixture({ allowPrivateFetch: true });
  try {
    await run(site, fixture);
  } finally {
    await site.close();
  }
}

const auth = (f: Fixture) => bearer(f.keys.owner);
const submit = (f: Fixture, url: string, headers: Record<string, string> = {}) =>
  sendJson(f.app, "POST", "/api/v1/drafts", { url }, { ...auth(f), ...headers });
const patch = (f: Fixture, id: string, body: unknown) =>
  sendJson(f.app, "PATCH", `/api/v1/drafts/${id}`, body, auth(f));
const getDraft = (f: Fixture, id: string) =>
  getJson(f.app, `/api/v1/drafts/${id}`, { headers: auth(f) });

/** Submits the site and runs its job to the end. */
async function readyDraft(site: ReturnType<typeof serveSite>, f: Fixture) {
  const created = await submit(f, site.origin);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await runDraftJob(f.deps, created.body.id);
  const draft = await getDraft(f, created.body.id);
  assert.equal(draft.body.status, "ready");
  return draft.body;
}

Deno.test("submit_listing answers 201 at once; the queued job makes the draft ready", async () => {
  await withSite(async (site, f) => {
    // Settles once the queue has run the draft job (a job that throws fails the test below).
    const draftJobRun = new Promise<void>((resolve) => {
      f.deps.kv.listenQueue(async (message) => {
        try {
          await handleJob(f.deps, message);
        } finally {
          if ((message as { type?: unknown }).type === "draft") resolve();
        }
      });
    });
    const created = await submit(f, site.origin);
    assert.equal(created.status, 201);
    assert.equal(created.body.status, "crawling");
    assert.match(created.body.id, /^[0-9a-f-]{36}$/);
    assert.equal(created.body.poll_after_seconds, 3);
    await draftJobRun;
    const draft = (await getDraft(f, created.body.id)).body;
    assert.equal(draft.status, "ready");
    assert.equal(draft.drafter, "extractive");
    assert.equal(draft.fields.name.value, "Acmeflow");
    assert.equal(draft.fields.name.state, "ai");
    assert.ok(draft.fields.name.evidence.length > 0);
    for (
      const [name, record] of Object.entries(draft.fields) as [
        string,
        { value: unknown; state: string; evidence: { quote: string; url: string }[] },
      ][]
    ) {
      if (record.value !== null) {
        assert.ok(record.evidence.length > 0, `${name} has a value but no evidence`);
        for (const q of record.evidence) {
          assert.ok(q.url.startsWith(site.origin), `${name}: ${q.url}`);
        }
      } else {
        assert.equal(record.state, "not_found", name);
        assert.ok(draft.not_found_on_website.includes(name), name);
      }
    }
    assert.ok(!site.requests.includes("/internal"), "a disallowed page is never requested");
    assert.equal(
      draft.fields.founded_year.value,
      "2021",
      "the founding year, not the copyright year",
    );
    assert.ok(draft.completeness > 0 && draft.completeness <= 100);
    assert.ok(Array.isArray(draft.missing));
  });
});

Deno.test("a crash after the crawl resumes from the stored evidence, without reading the site again", async () => {
  await withSite(async (site, f) => {
    const created = await submit(f, site.origin);
    await runDraftStep(f.deps, created.body.id); // the crawl; then the process "dies"
    assert.equal((await getDraft(f, created.body.id)).body.status, "drafting");
    const served = site.requests.length;
    await runDraftJob(f.deps, created.body.id); // a retry or a restart
    assert.equal((await getDraft(f, created.body.id)).body.status, "ready");
    assert.equal(site.requests.length, served, "no page was read twice");
    await runDraftJob(f.deps, created.body.id); // a duplicate message does nothing
    assert.equal(site.requests.length, served);
  });
});

Deno.test("stalled drafts are queued again", async () => {
  await withSite(async (_site, f) => {
    const created = await submit(f, "https://stalled.example");
    assert.equal(await resumeStalledDrafts(f.deps), 0, "a fresh draft is not stalled");
    const later = { ...f.deps, now: () => new Date(f.deps.now().getTime() + 10 * 60_000) };
    assert.equal(await resumeStalledDrafts(later), 1);
    assert.equal((await getDraft(f, created.body.id)).body.status, "crawling");
  });
});

Deno.test("submit_listing: retries with an Idempotency-Key make one draft; bad URLs are 400s", async () => {
  await withSite(async (site, f) => {
    const key = { "idempotency-key": crypto.randomUUID() };
    const [a, b] = await Promise.all([submit(f, site.origin, key), submit(f, site.origin, key)]);
    assert.equal(a.body.id, b.body.id);
    const list = await getJson(f.app, "/api/v1/drafts", { headers: auth(f) });
    assert.equal(list.body.items.length, 1);
    for (
      const url of [
        "ftp://acme.example",
        "localhost-only",
        "https://user:pw@acme.example",
        "not a url at all",
      ]
    ) {
      const res = await submit(f, url);
      assert.equal(res.status, 400, url);
      assert.equal(res.body.error.details[0].path, "url");
    }
  });
});

Deno.test("another account's draft is a 404", async () => {
  await withSite(async (site, f) => {
    const created = await submit(f, site.origin);
    const res = await getJson(f.app, `/api/v1/drafts/${created.body.id}`, {
      headers: bearer(f.keys.stranger),
    });
    assert.equal(res.status, 404);
    const edit = await sendJson(f.app, "PATCH", `/api/v1/drafts/${created.body.id}`, {
      fields: { name: "Mine" },
    }, bearer(f.keys.stranger));
    assert.equal(edit.status, 404);
    assert.equal(
      (await getJson(f.app, `/api/v1/drafts/${crypto.randomUUID()}`, { headers: auth(f) })).status,
      404,
    );
  });
});

Deno.test("update_draft: fields, null, lock, restore, regenerate and the list parts", async (t) => {
  await withSite(async (site, f) => {
    const draft = await readyDraft(site, f);
    const id = draft.id;
    const aiTagline = draft.fields.tagline.value;
    await t.step("a value marks the field edited, or manual where the AI had none", async () => {
      const res = await patch(f, id, {
        fields: { tagline: "Get paid on time", stage: "launched" },
      });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.fields.tagline, {
        value: "Get paid on time",
        state: "edited",
        evidence: [],
      });
      assert.equal(res.body.fields.stage.state, "manual");
    });
    await t.step("null removes a field", async () => {
      const res = await patch(f, id, { fields: { city: null } });
      assert.deepEqual(res.body.fields.city, { value: null, state: "deleted", evidence: [] });
    });
    await t.step("restore puts back the AI's value with its evidence", async () => {
      const res = await patch(f, id, { restore: ["tagline", "city"] });
      assert.equal(res.body.fields.tagline.value, aiTagline);
      assert.equal(res.body.fields.tagline.state, "ai");
      assert.ok(res.body.fields.tagline.evidence.length > 0);
      assert.equal(
        res.body.fields.city.state,
        draft.fields.city.value === null ? "not_found" : "ai",
      );
    });
    await t.step("lock_fields: override, and AI redrafts leave it", async () => {
      const res = await patch(f, id, { lock_fields: ["name"], fields: { tagline: "Mine" } });
      assert.equal(res.body.fields.name.state, "override");
      assert.equal(res.body.fields.name.value, "Acmeflow");
    });
    await t.step("regenerate redrafts the named fields from the evidence", async () => {
      const res = await patch(f, id, { regenerate: ["tagline"] });
      assert.equal(res.body.fields.tagline.value, aiTagline);
      assert.equal(res.body.fields.tagline.state, "ai");
      assert.equal(res.body.fields.name.state, "override", "fields not named are untouched");
    });
    await t.step("faqs, founders, socials, story, milestones, seo", async () => {
      const res = await patch(f, id, {
        faqs: [{ question: "Does it work in the EU?", answer: "Yes." }],
        founders: [{ name: "Ada Weber", title: "CEO" }, {
          name: "Max Kim",
          bio: "Builds the product.",
        }],
        company_socials: { linkedin: "https://linkedin.com/company/acmeflow", x: "" },
        founder_socials: { github: "https://github.com/adaweber" },
        story: { why_started: "Late payments." },
        milestones: [{ date: "2026-01-10", title: "1.0" }],
        seo: { title: "Acmeflow invoicing" },
      });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.faqs, [{
        question: "Does it work in the EU?",
        answer: "Yes.",
        evidence: [],
      }]);
      assert.deepEqual(res.body.founders.map((x: { name: string }) => x.name), [
        "Ada Weber",
        "Max Kim",
      ]);
      assert.equal(
        res.body.company_socials.linkedin.value,
        "https://linkedin.com/company/acmeflow",
      );
      assert.equal(res.body.company_socials.x.state, "deleted");
      assert.deepEqual(res.body.founder_socials, { github: "https://github.com/adaweber" });
      assert.equal(res.body.story.why_started.value, "Late payments.");
      assert.equal(res.body.milestones[0].title, "1.0");
      // The title is the person's; the meta stays the one drafted from the page's own head.
      assert.deepEqual(res.body.seo, {
        title: "Acmeflow invoicing",
        meta: "Acmeflow turns invoices into payments in one click.",
      });
    });
    await t.step("categories are names from list_categories, canonicalised", async () => {
      const ok = await patch(f, id, { fields: { categories: ["invoicing", "Accounting"] } });
      assert.deepEqual(ok.body.fields.categories.value, ["Invoicing", "Accounting"]);
      const bad = await patch(f, id, { fields: { categories: ["Invoicing", "Spaceships"] } });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error.details[0].path, "fields.categories.1");
    });
    await t.step("contradicting edits are refused", async () => {
      const res = await patch(f, id, { fields: { name: "X" }, restore: ["name"] });
      assert.equal(res.status, 400);
      assert.equal(res.body.error.details[0].path, "restore.0");
    });
  });
});

Deno.test("a redraft keeps what people changed", () => {
  const draft = newDraft("u", "https://a.example/", new Date());
  draft.fields.name = {
    value: "Mine",
    state: "edited",
    evidence: [],
    ai_value: "Old",
    ai_evidence: [],
  };
  draft.fields.tagline = {
    value: "Locked",
    state: "override",
    evidence: [],
    ai_value: null,
    ai_evidence: [],
  };
  draft.edited_parts = ["faqs"];
  draft.faqs = [{ question: "Q?", answer: "A.", evidence: [] }];
  const quote = [{ quote: "New name", url: "https://a.example/" }];
  const next = applyProposal(draft, {
    fields: {
      name: { value: "New", evidence: quote },
      tagline: { value: "AI tagline", evidence: quote },
      city: { value: "Berlin", evidence: quote },
    },
    faqs: [{ question: "AI?", answer: "AI.", evidence: quote }],
    founders: [],
    company_socials: {},
    story: {},
    milestones: [],
  });
  assert.equal(next.fields.name.value, "Mine");
  assert.equal(next.fields.name.ai_value, "New", "the AI's copy is refreshed for restore");
  assert.equal(next.fields.tagline.value, "Locked");
  assert.equal(next.fields.city.state, "ai");
  assert.equal(next.faqs[0].question, "Q?");
});

Deno.test("competitor_url is read and compared; an empty string clears it", async () => {
  await withSite(async (site, f) => {
    const draft = await readyDraft(site, f);
    const other = serveSite();
    try {
      const res = await patch(f, draft.id, { competitor_url: other.origin });
      assert.equal(res.body.competitor.status, "reading");
      await handleJob(f.deps, {
        type: "competitor",
        draft_id: draft.id,
        url: res.body.competitor.url,
      });
      const read = await getDraft(f, draft.id);
      assert.equal(read.body.competitor.status, "ready", JSON.stringify(read.body.competitor));
      assert.ok(read.body.competitor.comparison.rows.length > 0);
      const cleared = await patch(f, draft.id, { competitor_url: "" });
      assert.equal(cleared.body.competitor, null);
    } finally {
      await other.close();
    }
  });
});

Deno.test("invite_cofounder mails a link; the co-founder adds their own profile", async () => {
  await withSite(async (site, f) => {
    const draft = await readyDraft(site, f);
    const invite = (email: string) =>
      sendJson(f.app, "POST", `/api/v1/drafts/${draft.id}/invites`, { email }, auth(f));
    const res = await invite("max@acmeflow.example");
    assert.equal(res.status, 201);
    assert.equal(res.body.invites_left, 9);
    assert.equal((await invite("max@acmeflow.example")).status, 409);
    for (let i = 0; i < 9; i++) assert.equal((await invite(`p${i}@acmeflow.example`)).status, 201);
    const eleventh = await invite("late@acmeflow.example");
    assert.equal(eleventh.status, 400);
    const mail = (await listOutbox(f.deps.kv, 50)).find((m) => m.to === "max@acmeflow.example")!;
    const link = mail.text.match(/http:\/\/localhost:8000(\/invites\/\S+)/)![1];
    // Signed out: to the sign-in page first.
    const out = await f.app.request(link);
    assert.equal(out.status, 303);
    assert.match(out.headers.get("location")!, /^\/signin\?next=/);
    // Signed in as the invited person: the form, then the profile is added.
    const max = await getOrCreateUser(f.deps.kv, "max@acmeflow.example", "Max", f.deps.now());
    const login = new Hono().get("/login", async (c) => {
      await startSession(f.deps, c, max.id);
      return c.text("ok");
    });
    const cookie = (await login.request("/login")).headers.get("set-cookie")!.split(";")[0];
    const page = await f.app.request(link, { headers: { cookie } });
    assert.equal(page.status, 200);
    const html = await page.text();
    const csrf = html.match(/name="_csrf" value="([^"]+)"/)![1];
    const accepted = await f.app.request(link, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _csrf: csrf, name: "Max Kim", title: "CTO", bio: "Builds it." }),
    });
    assert.equal(accepted.status, 200);
    const after = await getDraft(f, draft.id);
    const added = after.body.founders.find((x: { name: string }) => x.name === "Max Kim");
    assert.equal(added.added_by_cofounder, true);
    assert.equal(
      after.body.invites.find((i: { email: string }) => i.email === "max@acmeflow.example")
        .accepted,
      true,
    );
    const reused = await f.app.request(link, { headers: { cookie } });
    assert.equal(reused.status, 404, "the link works once");
  });
});

Deno.test("submit_draft saves the listing; again after edits, and PATCH afterwards, update the same one", async () => {
  await withSite(async (site, f) => {
    const created = await submit(f, site.origin);
    const early = await sendJson(
      f.app,
      "POST",
      `/api/v1/drafts/${created.body.id}/submit`,
      {},
      auth(f),
    );
    assert.equal(early.status, 409, "not ready yet");
    await runDraftJob(f.deps, created.body.id);
    const id = created.body.id;
    await patch(f, id, { fields: { categories: ["Invoicing"] } });
    const saved = await sendJson(f.app, "POST", `/api/v1/drafts/${id}/submit`, {}, auth(f));
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.ok(saved.body.listing_id >= 1);
    assert.equal(saved.body.status, "draft");
    assert.equal(saved.body.slug, "acmeflow");
    const listing = await getListing(f.deps.kv, saved.body.listing_id);
    assert.equal(listing!.name, "Acmeflow");
    assert.equal(listing!.primary_category, "invoicing");
    assert.equal((await getJson(f.app, "/api/v1/listings/acmeflow")).status, 404, "not published");
    await patch(f, id, { fields: { tagline: "Edited after submit" } });
    assert.equal(
      (await getListing(f.deps.kv, saved.body.listing_id))!.tagline,
      "Edited after submit",
    );
    const again = await sendJson(f.app, "POST", `/api/v1/drafts/${id}/submit`, {}, auth(f));
    assert.equal(again.body.listing_id, saved.body.listing_id);
    const mine = await getJson(f.app, `/api/v1/me/listings/${saved.body.listing_id}`, {
      headers: auth(f),
    });
    assert.equal(mine.body.status, "draft");
  });
});

Deno.test("with OPENAI_* set, the LLM drafts through the REST flow; the verifier drops what the site does not say", async () => {
  const site = serveSite();
  const home = `${site.origin}/`;
  const about = `${site.origin}/about`;
  const q = (quote: string, url = home) => ({ quote, url });
  // The fields not named below are answered with no value.
  const unstated = Object.fromEntries(DRAFT_FIELDS.map((f) => [f, { value: null, quotes: [] }]));
  const fake = await startFakeOpenAI(() => ({
    fields: {
      ...unstated,
      name: {
        value: "Acmeflow",
        quotes: [q("Acmeflow turns invoices into payments in one click.")],
      },
      tagline: {
        value: "Invoices that pay themselves",
        quotes: [q("Invoices that pay themselves")],
      },
      city: { value: "Springfield", quotes: [q("Our office is in Springfield.")] },
      founded_year: { value: "2015", quotes: [q("© 2015-2026 Acmeflow GmbH")] },
      contact_email: { value: "hello@acmeflow.example", quotes: [q("hello@acmeflow.example")] },
    },
    faqs: [],
    founders: [{
      name: "Ada Weber",
      title: "Founder and CEO",
      bio: null,
      quotes: [q("Ada Weber, Founder and CEO, started Acmeflow", about)],
    }],
    company_socials: [],
    story: {},
    milestones: [],
  }));
  try {
    const f = await buildFixture({
      allowPrivateFetch: true,
      openai: { apiKey: "sk-test", baseUrl: fake.baseUrl, model: "fake-model" },
    });
    const draft = await readyDraft(site, f);
    assert.equal(draft.drafter, "llm");
    assert.equal(fake.requests.length, 1);
    assert.equal(draft.fields.tagline.value, "Invoices that pay themselves");
    assert.equal(draft.fields.tagline.state, "ai");
    assert.equal(draft.fields.city.value, null, "an invented city is dropped");
    assert.equal(draft.fields.city.state, "not_found");
    assert.equal(draft.fields.founded_year.value, null, "a copyright year is not a founding year");
    assert.ok(draft.not_found_on_website.includes("city"));
    assert.ok(draft.dropped.some((d: { field: string }) => d.field === "city"));
    assert.deepEqual(draft.founders.map((x: { name: string }) => x.name), ["Ada Weber"]);
  } finally {
    await fake.close();
    await site.close();
  }
});
