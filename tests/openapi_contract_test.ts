/**
 * The OpenAPI document declares every status an operation answers: the app under test is wrapped
 * with `checkDeclaredStatuses` (every API test file's fixture is), and the error paths that are
 * easy to miss are driven here. The Idempotency-Key parameter carries the pattern the server
 * enforces, and Redocly's recommended-strict rules pass on the document.
 */
import assert from "node:assert/strict";
import { bearer, buildFixture, type Fixture, getJson, sendJson } from "./fixtures.ts";
import { checkDeclaredStatuses } from "./declared_statuses.ts";
import { buildOpenApi } from "../routes/api/v1/openapi.ts";
import { OPERATIONS } from "../routes/api/v1/mod.ts";

/** Redocly's CLI, run through Deno (it needs no Node here); pinned so that results are stable. */
const REDOCLY = "npm:@redocly/cli@2.77.0";
/** A public URL as deployed: Redocly refuses servers on localhost or example.com. */
const PUBLIC_URL = "https://launch-directory.test";

async function withFixture(
  run: (f: Fixture) => Promise<void>,
  anonymousPerMinute = 1_000,
): Promise<void> {
  const f = await buildFixture({
    rateLimit: { perMinute: 1_000, anonymousPerMinute, trustProxy: false },
  });
  checkDeclaredStatuses(f.app);
  try {
    await run(f);
  } finally {
    f.deps.kv.close();
  }
}

Deno.test("error statuses that every API test is held to are declared", async (t) => {
  await withFixture(async (f) => {
    await t.step("a public operation with a bad credential: 401", async () => {
      const res = await getJson(f.app, "/api/v1/site", { headers: bearer("ld_not_a_key") });
      assert.equal(res.status, 401);
    });
    await t.step("submit_draft on a draft still crawling: 409", async () => {
      const created = await sendJson(f.app, "POST", "/api/v1/drafts", {
        url: "https://acmeflow.example",
      }, bearer(f.keys.owner));
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const early = await sendJson(
        f.app,
        "POST",
        `/api/v1/drafts/${created.body.id}/submit`,
        {},
        bearer(f.keys.owner),
      );
      assert.equal(early.status, 409, JSON.stringify(early.body));
    });
    await t.step("a body far over any operation's limit: 413", async () => {
      const res = await f.app.request("/api/v1/drafts", {
        method: "POST",
        headers: { ...bearer(f.keys.owner), "content-type": "application/json" },
        body: JSON.stringify({ url: `https://a.example/${"x".repeat(4_000_000)}` }),
      });
      await res.body?.cancel();
      assert.equal(res.status, 413);
    });
  });
  await withFixture(async (f) => {
    await t.step("past the rate limit: 429", async () => {
      assert.equal((await getJson(f.app, "/api/v1/site")).status, 200);
      assert.equal((await getJson(f.app, "/api/v1/site")).status, 429);
    });
  }, 1);
});

Deno.test("the document declares 413 on operations with a body and 429 everywhere", () => {
  const doc = buildOpenApi(PUBLIC_URL) as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  for (const op of OPERATIONS) {
    const statuses = Object.keys(doc.paths[op.path][op.method].responses);
    assert.ok(statuses.includes("429"), `${op.operationId}: 429`);
    assert.ok(statuses.includes("401"), `${op.operationId}: 401`);
    assert.equal(statuses.includes("413"), op.body !== undefined, `${op.operationId}: 413`);
    assert.equal(statuses.includes("501"), !op.implemented, `${op.operationId}: 501`);
  }
  const submit = doc.paths["/drafts/{id}/submit"].post.responses as Record<
    string,
    { description: string }
  >;
  assert.match(submit["409"].description, /not ready/);
});

Deno.test("the Idempotency-Key parameter carries the pattern the server enforces", async () => {
  const doc = buildOpenApi(PUBLIC_URL) as {
    components: { parameters: { IdempotencyKey: { schema: { pattern: string } } } };
  };
  const pattern = new RegExp(doc.components.parameters.IdempotencyKey.schema.pattern);
  await withFixture(async (f) => {
    const listingId = f.listings.invoicely.id;
    const keys = ["a", "k-1", "~".repeat(255), "x".repeat(256), "has space", "é", "tab\tkey"];
    for (const [i, key] of keys.entries()) {
      const res = await f.app.request(`/api/v1/me/listings/${listingId}/updates`, {
        method: "POST",
        headers: {
          ...bearer(f.keys.owner),
          "content-type": "application/json",
          "idempotency-key": key,
        },
        body: JSON.stringify({ title: `Update ${i}`, body: "Text" }),
      });
      const body = await res.json();
      const refused = res.status === 400 &&
        body.error.details.some((d: { path: string }) => d.path === "Idempotency-Key");
      assert.equal(!refused, pattern.test(key), `key ${JSON.stringify(key)}: ${res.status}`);
    }
  });
});

Deno.test("info.license, info.contact and a description on every tag", () => {
  const doc = buildOpenApi(PUBLIC_URL) as {
    info: { license?: { name: string }; contact?: { url: string } };
    tags: { name: string; description?: string }[];
  };
  assert.ok(doc.info.license?.name);
  assert.ok(doc.info.contact?.url?.startsWith(PUBLIC_URL));
  const used = new Set(OPERATIONS.map((op) => op.tag));
  assert.deepEqual(doc.tags.map((tag) => tag.name).sort(), [...used].sort());
  for (const tag of doc.tags) assert.ok(tag.description, tag.name);
});

Deno.test("Redocly's recommended-strict rules pass on the document", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/openapi.json`;
    await Deno.writeTextFile(file, JSON.stringify(buildOpenApi(PUBLIC_URL)));
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--no-config", REDOCLY, "lint", "--extends=recommended-strict", file],
      env: { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
      cwd: dir,
    }).output();
    const out = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
    assert.equal(code, 0, out);
    assert.match(out, /valid/i, out);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
