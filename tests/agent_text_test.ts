/**
 * What the service tells agents and site owners is true: get_site_info names only operations that
 * answer, the crawler's user agent points to a page about it, and the API-key page lists what each
 * scope unlocks, straight from the operation table.
 */
import assert from "node:assert/strict";
import { DOMParser } from "linkedom";
import { buildFixture, type Fixture, getJson } from "./fixtures.ts";
import { browser, buildAccountsFixture, signInAs } from "./accounts_fixture.ts";
import { OPERATIONS } from "../routes/api/v1/mod.ts";
import type { Operation, OperationContext } from "../routes/api/v1/operation.ts";
import { SCOPES } from "../kv/types.ts";
import { ApiError } from "../services/platform/errors.ts";
import { botUserAgent, guardedFetch } from "../services/platform/fetcher.ts";
import { BOT_TOKEN } from "../services/platform/robots.ts";
import { withDeps } from "./fetch_fixture.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { NOW } from "./fixtures.ts";
import { nextStepsAfterSave, publishingRoutes } from "../services/platform/publishing_routes.ts";
import { DEFAULT_SETTINGS } from "../services/platform/reference.ts";
import { crawlLimits } from "../services/drafting/mod.ts";

const fixture: Promise<Fixture> = buildFixture();

/** Operation ids of the table that `text` names as whole words. */
function namedOperations(text: string): string[] {
  return OPERATIONS.map((op) => op.operationId)
    .filter((id) => new RegExp(`(?<![A-Za-z0-9_])${id}(?![A-Za-z0-9_])`).test(text));
}

/**
 * Whether the operation's handler answers 501 not_implemented. The handler is called directly
 * (input validation would answer first through REST); an implemented handler given empty input
 * answers something else, an error included.
 */
async function answers501(f: Fixture, op: Operation): Promise<boolean> {
  const user = await getOrCreateUser(f.deps.kv, "ada@invoicely.example", "Ada Lovelace", NOW);
  const ctx = {
    deps: f.deps,
    caller: {
      userId: user.id,
      email: user.email,
      scopes: [...SCOPES],
      via: "api_key",
      credentialId: "test",
      credentialName: "Test",
    },
    implementedOperations: new Set<string>(),
  } as OperationContext;
  try {
    await op.handler({ params: {}, query: {}, body: {} }, ctx);
    return false;
  } catch (err) {
    return err instanceof ApiError && err.status === 501;
  }
}

Deno.test("get_site_info names only operations that answer (none that is a 501)", async () => {
  const f = await fixture;
  const res = await getJson(f.app, "/api/v1/site");
  assert.equal(res.status, 200);
  const text = JSON.stringify(res.body);
  const named = namedOperations(text);
  for (const id of named) {
    const op = OPERATIONS.find((o) => o.operationId === id)!;
    assert.equal(await answers501(f, op), false, `get_site_info names "${id}", which answers 501`);
  }
  // Both routes are complete: each names its operations and none says "not available yet".
  assert.match(res.body.publishing.free, /choose_free_listing/);
  assert.doesNotMatch(res.body.publishing.free, /not available yet/i);
  assert.match(res.body.publishing.paid, /create_checkout .*get_order/);
  assert.doesNotMatch(res.body.publishing.paid, /not available yet/i);
});

Deno.test("the publishing texts name an operation once it is implemented, and only then", () => {
  const all = new Set(OPERATIONS.map((op) => op.operationId));
  const today = new Set(OPERATIONS.filter((op) => op.implemented).map((op) => op.operationId));
  for (const implemented of [new Set<string>(), today, all]) {
    const texts = [
      ...Object.values(publishingRoutes(DEFAULT_SETTINGS, implemented)),
      nextStepsAfterSave(DEFAULT_SETTINGS, implemented),
    ];
    for (const text of texts) {
      for (const id of namedOperations(text)) {
        assert.ok(implemented.has(id), `"${id}" is named but not implemented: ${text}`);
      }
      // Nothing implemented: every text has a missing step; everything: none has.
      if (implemented.size === 0) assert.match(text, /not available yet/i);
      if (implemented === all) assert.doesNotMatch(text, /not available yet/i);
    }
    assert.ok(texts[0].includes("6 to 8 weeks") && texts[2].includes("6 to 8 weeks"), texts[0]);
  }
  const landed = publishingRoutes(DEFAULT_SETTINGS, all);
  assert.match(landed.free, /choose_free_listing/);
  assert.match(landed.paid, /create_checkout/);
  assert.match(nextStepsAfterSave(DEFAULT_SETTINGS, all), /choose_free_listing.*create_checkout/);
  assert.doesNotMatch(nextStepsAfterSave(DEFAULT_SETTINGS, all), /submit_draft/);
});

Deno.test("GET /bot: who the bot is, its limits and the robots.txt lines to opt out", async (t) => {
  const f = await fixture;
  const userAgent = botUserAgent(f.deps.config.publicUrl);
  const pageUrl = /\(\+([^)\s]+)\)/.exec(userAgent)?.[1];
  assert.ok(pageUrl && pageUrl.startsWith(`${f.deps.config.publicUrl}/`), userAgent);
  const path = pageUrl.slice(f.deps.config.publicUrl.length);

  await t.step("the page the user agent names answers 200 HTML", async () => {
    const res = await f.app.request(path);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /text\/html/);
    const html = await res.text();
    const doc = new DOMParser().parseFromString(html, "text/html");
    const text = doc.querySelector("main")?.textContent ?? "";
    assert.ok(text.includes(BOT_TOKEN), "names the user agent token");
    assert.ok(text.includes(userAgent), "shows the whole user agent");
    const blocks = [...doc.querySelectorAll("pre")].map((pre) => pre.textContent ?? "");
    assert.ok(
      blocks.some((b) => b.includes(`User-agent: ${BOT_TOKEN}\nDisallow: /`)),
      `the opt-out lines: ${JSON.stringify(blocks)}`,
    );
    assert.match(text, /robots\.txt/);
    assert.match(text, /[Cc]rawl-delay/);
    assert.ok(
      text.includes(`At most ${(await crawlLimits()).maxPages} pages a visit`),
      "the page cap",
    );
  });

  await t.step("the fetcher sends that user agent", async () => {
    let seen = "";
    const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req) => {
      seen = req.headers.get("user-agent") ?? "";
      return new Response("ok");
    });
    try {
      await withDeps(true, async (deps) => {
        await guardedFetch(deps, `http://127.0.0.1:${server.addr.port}/`, {
          maxBytes: 1000,
          timeoutMs: 5000,
          accept: "text/plain",
        });
        assert.equal(seen, botUserAgent(deps.config.publicUrl));
        assert.ok(seen.includes(`${deps.config.publicUrl}${path}`), seen);
        assert.ok(seen.startsWith(`${BOT_TOKEN}/`), seen);
      });
    } finally {
      await server.shutdown();
    }
  });
});

Deno.test("the API-key page lists, for each scope, exactly the operations it unlocks", async () => {
  const accounts = await buildAccountsFixture();
  const person = browser(accounts);
  await signInAs(accounts, person, "ada@example.com");
  const res = await person.get("/account/keys");
  assert.equal(res.status, 200);
  const doc = new DOMParser().parseFromString(res.html, "text/html");
  const f = await fixture;
  for (const scope of SCOPES) {
    const list = doc.querySelector(`[data-scope-operations="${scope}"]`);
    assert.ok(list, `a list of the operations of "${scope}"`);
    const shown = [...list.querySelectorAll("[data-operation]")].map((li) => ({
      id: li.getAttribute("data-operation"),
      notYet: /not available yet/i.test(li.textContent ?? ""),
    }));
    const expected = OPERATIONS.filter((op) => op.access === scope);
    assert.deepEqual(shown.map((s) => s.id), expected.map((op) => op.operationId), scope);
    for (const s of shown) {
      const op = expected.find((o) => o.operationId === s.id)!;
      assert.equal(s.notYet, await answers501(f, op), `${s.id}: marked "not available yet"`);
    }
  }
});
