/**
 * The whole flow on a site served on 127.0.0.1: submit_listing, the queued job (crawl, extractive
 * draft, verifier), and get_draft showing the founders with their own links and quotes, the
 * primary founder's founder_socials with founder_social_evidence, and the company's socials.
 */
import assert from "node:assert/strict";
import { bearer, buildFixture, getJson, sendJson } from "./fixtures.ts";
import { runDraftJob } from "../services/drafting/draft_jobs.ts";
import { tidewellSite } from "./people_fixture.ts";
import { getListing } from "../kv/listings.ts";
import { getFounderRecord } from "../kv/founders.ts";

Deno.test("get_draft shows founders' own links with their quotes, apart from the company's socials", async () => {
  const pages = new Map(tidewellSite().map(([path, , html]) => [path, html]));
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    if (path === "/robots.txt") return new Response("User-agent: *\nAllow: /\n");
    const html = pages.get(path);
    return html === undefined
      ? new Response("Not found", { status: 404 })
      : new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
  });
  try {
    const f = await buildFixture({ allowPrivateFetch: true });
    const auth = bearer(f.keys.owner);
    const origin = `http://127.0.0.1:${server.addr.port}`;
    const created = await sendJson(f.app, "POST", "/api/v1/drafts", { url: origin }, auth);
    assert.equal(created.status, 201);
    await runDraftJob(f.deps, created.body.id);
    const draft = (await getJson(f.app, `/api/v1/drafts/${created.body.id}`, { headers: auth }))
      .body;
    assert.equal(draft.status, "ready");
    assert.deepEqual(draft.founders.map((x: { name: string }) => x.name), [
      "Ana Silva",
      "Rui Costa",
    ]);
    assert.deepEqual(draft.founder_socials, {
      linkedin: "https://www.linkedin.com/in/anasilva",
      x: "https://x.com/anasilva",
    });
    const quotes = draft.founder_social_evidence.linkedin.map((q: { quote: string }) => q.quote);
    assert.ok(quotes.some((q: string) => q.includes("Ana Silva")), JSON.stringify(quotes));
    assert.equal(draft.founders[1].socials.github, "https://github.com/ruicosta");
    assert.ok(draft.founders[1].social_evidence.github.length >= 1);
    assert.deepEqual(
      Object.fromEntries(
        Object.entries(draft.company_socials).map(([k, r]) => [k, (r as { value: string }).value]),
      ),
      {
        linkedin: "https://www.linkedin.com/company/tidewell",
        x: "https://x.com/tidewellhq",
        github: "https://github.com/tidewell",
      },
    );
    // Saved as a listing: each founder's profile carries their own links.
    await sendJson(f.app, "PATCH", `/api/v1/drafts/${draft.id}`, {
      fields: { categories: ["Customer Support"] },
    }, auth);
    const saved = await sendJson(f.app, "POST", `/api/v1/drafts/${draft.id}/submit`, {}, auth);
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const listing = (await getListing(f.deps.kv, saved.body.listing_id))!;
    const profiles = await Promise.all(
      listing.founder_slugs.map((s) => getFounderRecord(f.deps.kv, s)),
    );
    assert.deepEqual(profiles.map((p) => [p!.name, p!.socials]), [
      ["Ana Silva", draft.founder_socials],
      ["Rui Costa", draft.founders[1].socials],
    ]);
  } finally {
    await server.shutdown();
  }
});
