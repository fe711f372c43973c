/**
 * Every URL field of every operation takes absolute http(s) URLs only (a website to read may also
 * be given by its domain alone): `javascript:`, `data:`,
 * other schemes, scheme-relative and relative addresses are a 400 naming the field, on REST and
 * through MCP, and the OpenAPI document states the pattern.
 */
import assert from "node:assert/strict";
import { SOCIAL_KEYS } from "../kv/types.ts";
import { buildOpenApi } from "../routes/api/v1/openapi.ts";
import { testConfig } from "../services/platform/config.ts";
import { bearer, buildFixture, type Fixture, sendJson } from "./fixtures.ts";

const REFUSED = [
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "JaVaScRiPt:alert(1)",
  " \tJaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "\u0001javascript:alert(1)",
  "https://example.com/\u0000x",
  "https://exa mple.com/",
  " https://example.com/",
  "vbscript:msgbox(1)",
  "ftp://x",
  "mailto:a@example.com",
  "//evil.example/x",
  "/relative/path",
  "relative/path",
  "https:example.com",
  "https:/example.com",
  "https://",
  "https://user:secret@example.com/",
  "https://[not-a-host/",
];
/** A domain alone: a website (read as https), but not a link. */
const BARE_DOMAIN = "example.com";
const HTTPS = "https://example.com/x";
const HTTP = "http://example.com/a?b=c#d";

/** Where a URL value goes in an operation's request, and the field the 400 names. */
interface UrlField {
  operation: string;
  field: string;
  request(value: string): { method: string; path: string; body: unknown };
  /** Only https (add_milestone's links). */
  httpsOnly?: boolean;
  /** A website, which may also be given by its domain alone. */
  bareDomain?: boolean;
}

function urlFields(draftId: string, listingId: number): UrlField[] {
  const draft = (field: string, body: (v: string) => unknown): UrlField => ({
    operation: "update_draft",
    field,
    request: (v) => ({ method: "PATCH", path: `/api/v1/drafts/${draftId}`, body: body(v) }),
  });
  const myListing = (field: string, body: (v: string) => unknown): UrlField => ({
    operation: "update_my_listing",
    field,
    request: (v) => ({ method: "PATCH", path: `/api/v1/me/listings/${listingId}`, body: body(v) }),
  });
  return [
    {
      operation: "submit_listing",
      field: "url",
      request: (v) => ({ method: "POST", path: "/api/v1/drafts", body: { url: v } }),
      bareDomain: true,
    },
    draft("fields.logo_url", (v) => ({ fields: { logo_url: v } })),
    draft("fields.demo_video_url", (v) => ({ fields: { demo_video_url: v } })),
    { ...draft("competitor_url", (v) => ({ competitor_url: v })), bareDomain: true },
    draft(
      "milestones.0.url",
      (v) => ({ milestones: [{ date: "2026-01-01", title: "T", url: v }] }),
    ),
    ...SOCIAL_KEYS.flatMap((key) => [
      draft(`company_socials.${key}`, (v) => ({ company_socials: { [key]: v } })),
      draft(`founder_socials.${key}`, (v) => ({ founder_socials: { [key]: v } })),
      myListing(`socials.${key}`, (v) => ({ socials: { [key]: v } })),
    ]),
    myListing("fields.demo_video_url", (v) => ({ fields: { demo_video_url: v } })),
    {
      operation: "add_milestone",
      field: "url",
      request: (v) => ({
        method: "POST",
        path: `/api/v1/me/listings/${listingId}/milestones`,
        body: { date: "2026-01-01", title: "Launched", url: v },
      }),
      httpsOnly: true,
    },
  ];
}

async function send(f: Fixture, req: { method: string; path: string; body: unknown }) {
  return await sendJson(f.app, req.method, req.path, req.body, bearer(f.keys.owner));
}

function fixture(): Promise<Fixture> {
  return buildFixture({
    rateLimit: { ...testConfig().rateLimit, perMinute: 1_000_000, anonymousPerMinute: 1_000_000 },
  });
}

Deno.test("URL fields refuse anything but absolute http(s) URLs, naming the field", async (t) => {
  const f = await fixture();
  const submitted = await send(f, {
    method: "POST",
    path: "/api/v1/drafts",
    body: { url: "https://invoicely.example" },
  });
  assert.equal(submitted.status, 201, JSON.stringify(submitted.body));
  const fields = urlFields(submitted.body.id, f.listings.invoicely.id);
  for (const field of fields) {
    await t.step(`${field.operation} ${field.field}`, async () => {
      const refused = field.httpsOnly
        ? [...REFUSED, BARE_DOMAIN, HTTP]
        : field.bareDomain
        ? REFUSED
        : [...REFUSED, BARE_DOMAIN];
      for (const value of refused) {
        const res = await send(f, field.request(value));
        const shown = JSON.stringify(value);
        assert.equal(res.status, 400, `${shown}: ${JSON.stringify(res.body).slice(0, 300)}`);
        const paths = res.body.error.details.map((d: { path: string }) => d.path);
        assert.deepEqual(paths, [field.field], `${shown}: ${JSON.stringify(res.body)}`);
        assert.match(res.body.error.details[0].message, /http/);
      }
      const accepted = field.httpsOnly
        ? [HTTPS]
        : [HTTPS, HTTP, "HTTPS://Example.COM/X", ...(field.bareDomain ? [BARE_DOMAIN] : [])];
      for (const value of accepted) {
        const res = await send(f, field.request(value));
        assert.notEqual(res.status, 400, `${value}: ${JSON.stringify(res.body)}`);
      }
    });
  }
});

Deno.test("the refusal quotes the value and says what is expected", async () => {
  const f = await fixture();
  const res = await send(f, {
    method: "POST",
    path: "/api/v1/drafts",
    body: { url: "javascript:alert(1)" },
  });
  assert.equal(res.status, 400);
  assert.deepEqual(res.body.error.details, [{
    path: "url",
    message: "Expected an absolute http or https URL such as https://example.com/page, or a " +
      'domain such as example.com, got "javascript:alert(1)"',
  }]);
});

Deno.test("fields that an empty string clears still take one", async () => {
  const f = await fixture();
  const draft = await send(f, {
    method: "POST",
    path: "/api/v1/drafts",
    body: { url: "https://invoicely.example" },
  });
  const res = await send(f, {
    method: "PATCH",
    path: `/api/v1/drafts/${draft.body.id}`,
    body: { competitor_url: "", company_socials: { website: "" }, founder_socials: { x: "" } },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const empty = await send(f, { method: "POST", path: "/api/v1/drafts", body: { url: "" } });
  assert.equal(empty.status, 400);
  assert.equal(empty.body.error.details[0].path, "url");
});

Deno.test("MCP tools refuse a javascript: URL as REST does", async () => {
  const f = await fixture();
  const res = await f.app.request("/mcp", {
    method: "POST",
    headers: {
      ...bearer(f.keys.owner),
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "add_milestone",
        arguments: {
          listing_id: f.listings.invoicely.id,
          date: "2026-01-01",
          title: "Launched",
          url: "JaVaScRiPt:alert(1)",
        },
      },
    }),
  });
  const text = await res.text();
  const data = (res.headers.get("content-type") ?? "").includes("event-stream")
    ? text.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).at(-1)!
    : text;
  const { result } = JSON.parse(data);
  assert.equal(result?.isError, true, data);
  assert.deepEqual(result.structuredContent.error.details, [{
    path: "url",
    message: "Expected an absolute https URL such as https://example.com/page, got " +
      '"JaVaScRiPt:alert(1)"',
  }]);
});

Deno.test("the OpenAPI document states the URL pattern of every URL field", () => {
  const doc = buildOpenApi("http://localhost:8000");
  const found: { path: string; pattern: string }[] = [];
  const visit = (node: unknown, path: string) => {
    if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${path}/${i}`));
    if (!node || typeof node !== "object") return;
    const schema = node as Record<string, unknown>;
    if (
      typeof schema.pattern === "string" && /http or https URL/.test(String(schema.description))
    ) {
      found.push({ path, pattern: schema.pattern });
    }
    for (const [key, value] of Object.entries(schema)) visit(value, `${path}/${key}`);
  };
  visit(doc, "");
  for (const name of ["url", "logo_url", "demo_video_url", "competitor_url", "website", "github"]) {
    assert.ok(found.some(({ path }) => path.includes(`/${name}`)), `no URL pattern for ${name}`);
  }
  for (const { path, pattern } of found) {
    const re = new RegExp(pattern);
    assert.ok(re.test("https://example.com/x"), `${path}: ${pattern}`);
    assert.ok(!re.test("javascript:alert(1)"), `${path}: ${pattern}`);
    assert.ok(!re.test("//example.com/x"), `${path}: ${pattern}`);
  }
});
