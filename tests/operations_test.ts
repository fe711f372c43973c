/**
 * The operation table and its faces: the 41 operations, the OpenAPI document, validation and
 * every bound of the specification's Limits table at its edge (the maximum passes, one more fails).
 */
import assert from "node:assert/strict";
import { OPERATIONS } from "../routes/api/v1/mod.ts";
import { bearer, buildFixture, type Fixture, getJson, sendJson } from "./fixtures.ts";
import { putInterviewQuestion } from "../kv/catalog.ts";

// 30 interview questions, so that one call can answer as many as it may (unknown ids are a 400).
const fixture: Promise<Fixture> = buildFixture().then(async (f) => {
  for (let id = 11; id <= 30; id++) {
    await putInterviewQuestion(f.deps.kv, { id, question: `Question ${id}?`, position: id });
  }
  return f;
});

/** operationId → [method, path, access, status] exactly as the specification lists them. */
const SPEC: Record<string, [string, string, string, number]> = {
  get_site_info: ["get", "/site", "public", 200],
  search_listings: ["get", "/listings", "public", 200],
  get_listing: ["get", "/listings/{slug}", "public", 200],
  get_alternatives: ["get", "/listings/{slug}/alternatives", "public", 200],
  compare_listings: ["get", "/compare", "public", 200],
  list_categories: ["get", "/categories", "public", 200],
  get_category: ["get", "/categories/{slug}", "public", 200],
  get_launch_week: ["get", "/launches/weeks/{week}", "public", 200],
  list_launches: ["get", "/launches", "public", 200],
  get_leaderboard: ["get", "/leaderboards/{board}", "public", 200],
  list_founders: ["get", "/founders", "public", 200],
  get_founder: ["get", "/founders/{slug}", "public", 200],
  list_blog_posts: ["get", "/blog", "public", 200],
  get_blog_post: ["get", "/blog/{slug}", "public", 200],
  list_awards: ["get", "/awards", "public", 200],
  get_badges: ["get", "/listings/{slug}/badges", "public", 200],
  list_interview_questions: ["get", "/interview-questions", "public", 200],
  list_products: ["get", "/products", "public", 200],
  get_account: ["get", "/me", "account:read", 200],
  submit_listing: ["post", "/drafts", "listings:write", 201],
  list_my_drafts: ["get", "/drafts", "account:read", 200],
  get_draft: ["get", "/drafts/{id}", "account:read", 200],
  update_draft: ["patch", "/drafts/{id}", "listings:write", 200],
  invite_cofounder: ["post", "/drafts/{id}/invites", "listings:write", 201],
  submit_draft: ["post", "/drafts/{id}/submit", "listings:write", 200],
  list_my_listings: ["get", "/me/listings", "account:read", 200],
  get_my_listing: ["get", "/me/listings/{listing_id}", "account:read", 200],
  update_my_listing: ["patch", "/me/listings/{listing_id}", "listings:write", 200],
  post_listing_update: ["post", "/me/listings/{listing_id}/updates", "listings:write", 201],
  add_milestone: ["post", "/me/listings/{listing_id}/milestones", "listings:write", 201],
  delete_milestone: [
    "delete",
    "/me/listings/{listing_id}/milestones/{milestone_id}",
    "listings:write",
    200,
  ],
  set_founder_story: ["put", "/me/listings/{listing_id}/story", "listings:write", 200],
  answer_interview: ["put", "/me/interview", "listings:write", 200],
  choose_free_listing: ["post", "/me/listings/{listing_id}/free", "listings:write", 200],
  claim_listing: ["post", "/claims", "listings:write", 201],
  list_my_claims: ["get", "/claims", "account:read", 200],
  verify_claim: ["post", "/claims/{claim_id}/verify", "listings:write", 200],
  quote_order: ["post", "/orders/quote", "orders:write", 200],
  create_checkout: ["post", "/orders/checkout", "orders:write", 201],
  list_my_orders: ["get", "/orders", "account:read", 200],
  get_order: ["get", "/orders/{number}", "account:read", 200],
};

const PAGINATED = [
  "search_listings",
  "get_category",
  "list_launches",
  "get_leaderboard",
  "list_founders",
  "list_blog_posts",
  "list_awards",
  "list_my_drafts",
  "list_my_listings",
  "list_my_claims",
  "list_my_orders",
];

const IDEMPOTENT = [
  "submit_listing",
  "update_draft",
  "invite_cofounder",
  "submit_draft",
  "update_my_listing",
  "post_listing_update",
  "add_milestone",
  "delete_milestone",
  "set_founder_story",
  "answer_interview",
  "choose_free_listing",
  "claim_listing",
  "verify_claim",
  "create_checkout",
];

Deno.test("the table declares exactly the 41 operations of the specification", () => {
  assert.equal(OPERATIONS.length, 41);
  assert.deepEqual(OPERATIONS.map((op) => op.operationId).sort(), Object.keys(SPEC).sort());
  for (const op of OPERATIONS) {
    assert.deepEqual(
      [op.method, op.path, op.access, op.status],
      SPEC[op.operationId],
      op.operationId,
    );
    assert.equal(op.paginated, PAGINATED.includes(op.operationId), `${op.operationId} paginated`);
    assert.equal(
      op.idempotencyKey,
      IDEMPOTENT.includes(op.operationId),
      `${op.operationId} idempotency`,
    );
    assert.equal(Boolean(op.query?.shape.page), op.paginated, `${op.operationId} page parameter`);
    assert.ok(op.summary && op.description.length > 20, op.operationId);
  }
});

Deno.test("OpenAPI 3.1.0 document", async () => {
  const { app } = await fixture;
  const { status, body } = await getJson(app, "/api/v1/openapi.json");
  assert.equal(status, 200);
  assert.equal(body.openapi, "3.1.0");
  assert.equal(body.info.version, "1.0.0");
  assert.equal(body.servers[0].url, "http://localhost:8000/api/v1");
  const ops = Object.values(body.paths).flatMap((p) =>
    Object.values(p as Record<string, { operationId: string }>)
  );
  assert.deepEqual(ops.map((o) => o.operationId).sort(), Object.keys(SPEC).sort());
  const search = body.paths["/listings"].get;
  const q = search.parameters.find((p: { name: string }) => p.name === "q");
  assert.equal(q.schema.maxLength, 200);
  assert.equal(q.required, false);
  const country = search.parameters.find((p: { name: string }) => p.name === "country");
  assert.equal(country.schema.pattern, "^[A-Za-z]{2}$");
  const perPage = search.parameters.find((p: { name: string }) => p.name === "per_page");
  assert.deepEqual([perPage.schema.minimum, perPage.schema.maximum, perPage.schema.default], [
    1,
    100,
    20,
  ]);
  const sort = search.parameters.find((p: { name: string }) => p.name === "sort");
  assert.equal(sort.schema.default, "relevance");
  assert.equal(sort.schema.enum.length, 6);
  const submit = body.paths["/drafts"].post;
  assert.deepEqual(Object.keys(submit.responses).sort(), [
    "201",
    "400",
    "401",
    "403",
    "409",
    "413",
    "429",
  ]);
  assert.equal(submit.requestBody.content["application/json"].schema.additionalProperties, false);
  assert.equal(
    submit.requestBody.content["application/json"].schema.properties.url.maxLength,
    2048,
  );
  assert.deepEqual(submit.security, [{ bearer: [] }, { oauth2: ["listings:write"] }]);
  assert.ok(
    submit.parameters.some((p: { $ref?: string }) =>
      p.$ref === "#/components/parameters/IdempotencyKey"
    ),
  );
  const getOrder = body.paths["/orders/{number}"].get;
  assert.equal(getOrder.parameters[0].schema.maxLength, 32);
  assert.ok(getOrder.responses["404"]);
  assert.equal(body.paths["/site"].get.responses["404"], undefined);
  const draft = body.paths["/drafts/{id}"].patch.requestBody.content["application/json"].schema;
  assert.equal(draft.properties.faqs.maxItems, 10);
  assert.equal(draft.properties.fields.properties.description.anyOf[0].maxLength, 20000);
  const order = body.paths["/orders/quote"].post.requestBody.content["application/json"].schema;
  assert.equal(order.properties.items.maxItems, 20);
  assert.equal(order.properties.items.items.properties.options.maxProperties, 20);
});

Deno.test("every operation of the table is implemented (none answers 501)", () => {
  const missing = OPERATIONS.filter((op) => !op.implemented).map((op) => op.operationId);
  assert.deepEqual(missing, []);
});

Deno.test("request bodies: JSON only, unknown keys refused, no body where none is taken", async () => {
  const { app: bare, keys } = await fixture;
  // Every call carries the owner's key: validation is reached after access is granted.
  const app = {
    request: (path: string, init: RequestInit = {}) =>
      bare.request(path, {
        ...init,
        headers: { ...bearer(keys.owner), ...(init.headers as Record<string, string> ?? {}) },
      }),
  } as Fixture["app"];
  const bad = await getJson(app, "/api/v1/drafts", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{oops",
  });
  assert.equal(bad.status, 400);
  assert.match(bad.body.error.message, /not valid JSON/);
  const text = await getJson(app, "/api/v1/drafts", {
    method: "POST",
    headers: { "content-type": "text/plain" },
    body: "url",
  });
  assert.equal(text.status, 400);
  const extra = await sendJson(app, "POST", "/api/v1/drafts", {
    url: "https://a.example",
    plan: "paid",
  });
  assert.equal(extra.status, 400);
  assert.deepEqual(extra.body.error.details, [{
    path: "(root)",
    message: 'Unknown field: "plan"',
  }]);
  const nested = await sendJson(app, "PATCH", `/api/v1/drafts/${crypto.randomUUID()}`, {
    fields: { name: "A", colour: "red" },
  });
  assert.equal(nested.status, 400);
  assert.equal(nested.body.error.details[0].path, "fields");
  const missing = await sendJson(app, "POST", "/api/v1/drafts", {});
  assert.equal(missing.body.error.details[0].path, "url");
  const noBody = await sendJson(app, "POST", `/api/v1/drafts/${crypto.randomUUID()}/submit`, {
    now: true,
  });
  assert.equal(noBody.status, 400);
  const badUuid = await getJson(app, "/api/v1/drafts/not-a-uuid");
  assert.equal(badUuid.body.error.details[0].path, "id");
  const badId = await getJson(app, "/api/v1/me/listings/0");
  assert.equal(badId.body.error.details[0].path, "listing_id");
});

// Limits at their edges. `accepted` means validation passed (the operation may still answer
// another non-400 status, or a 400 of the operation's own rules: a made-up product code is in the
// schema's bounds and still not a product, a made-up slug is not a listing to claim); `refused`
// means 400 naming the field.

type Probe = { method: string; path: string; body?: unknown };

async function status(
  probe: Probe,
): Promise<{ status: number; fields: string[]; message: string }> {
  const { app, keys } = await fixture;
  const res = probe.body === undefined
    ? await getJson(app, probe.path, { method: probe.method, headers: bearer(keys.owner) })
    : await sendJson(app, probe.method, probe.path, probe.body, bearer(keys.owner));
  const fields = res.status === 400
    ? res.body.error.details.map((d: { path: string }) => d.path)
    : [];
  return { status: res.status, fields, message: res.body?.error?.message ?? "" };
}

async function edge(name: string, atMax: Probe, overMax: Probe, field: string) {
  const ok = await status(atMax);
  const ownRules = ok.message.startsWith("Cannot price the order:") ||
    ok.message.startsWith("No public listing");
  assert.ok(ok.status !== 400 || ownRules, `${name}: the maximum must pass (${ok.fields})`);
  const over = await status(overMax);
  assert.equal(over.status, 400, `${name}: one more must fail`);
  assert.ok(
    over.fields.includes(field),
    `${name}: details must name ${field}, got ${over.fields.join(", ")}`,
  );
}

const s = (n: number, c = "a") => c.repeat(n);
const list = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
const DRAFT = `/api/v1/drafts/${crypto.randomUUID()}`;
const get = (path: string): Probe => ({ method: "GET", path });
const patchDraft = (body: unknown): Probe => ({ method: "PATCH", path: DRAFT, body });
const post = (path: string, body: unknown): Probe => ({ method: "POST", path, body });
const quote = (body: unknown) => post("/api/v1/orders/quote", body);
const item = (extra: Record<string, unknown>) => ({
  items: [{ product: "launch", listing_id: 1, ...extra }],
});

Deno.test("Limits table at its edges", async (t) => {
  const cases: [string, Probe, Probe, string][] = [
    ["page", get("/api/v1/listings?page=1000"), get("/api/v1/listings?page=1001"), "page"],
    ["page minimum", get("/api/v1/listings?page=1"), get("/api/v1/listings?page=0"), "page"],
    [
      "per_page",
      get("/api/v1/listings?per_page=100"),
      get("/api/v1/listings?per_page=101"),
      "per_page",
    ],
    [
      "per_page minimum",
      get("/api/v1/listings?per_page=1"),
      get("/api/v1/listings?per_page=0"),
      "per_page",
    ],
    ["search q", get(`/api/v1/listings?q=${s(200)}`), get(`/api/v1/listings?q=${s(201)}`), "q"],
    [
      "founder name query",
      get(`/api/v1/founders?q=${s(120)}`),
      get(`/api/v1/founders?q=${s(121)}`),
      "q",
    ],
    [
      "domain filter",
      get(`/api/v1/listings?domain=${s(253)}`),
      get(`/api/v1/listings?domain=${s(254)}`),
      "domain",
    ],
    [
      "pricing_model filter",
      get(`/api/v1/listings?pricing_model=${s(40)}`),
      get(`/api/v1/listings?pricing_model=${s(41)}`),
      "pricing_model",
    ],
    [
      "draft submit url",
      post("/api/v1/drafts", { url: `https://a.example/${s(2030)}` }),
      post("/api/v1/drafts", { url: `https://a.example/${s(2031)}` }),
      "url",
    ],
    [
      "competitor_url",
      patchDraft({ competitor_url: `https://${s(2040)}` }),
      patchDraft({ competitor_url: `https://${s(2041)}` }),
      "competitor_url",
    ],
    [
      "items in an order",
      quote({ items: list(20, () => ({ product: "launch" })) }),
      quote({ items: list(21, () => ({ product: "launch" })) }),
      "items",
    ],
    ["items minimum", quote({ items: [{ product: "launch" }] }), quote({ items: [] }), "items"],
    [
      "amount_cents",
      quote(item({ amount_cents: 100_000_000 })),
      quote(item({ amount_cents: 100_000_001 })),
      "items.0.amount_cents",
    ],
    [
      "amount_cents minimum",
      quote(item({ amount_cents: 1 })),
      quote(item({ amount_cents: 0 })),
      "items.0.amount_cents",
    ],
    [
      "extra categories",
      quote(item({ categories: list(10, (i) => `c${i}`) })),
      quote(item({ categories: list(11, (i) => `c${i}`) })),
      "items.0.categories",
    ],
    [
      "order item options",
      quote(item({ options: Object.fromEntries(list(20, (i) => [`o${i}`, true])) })),
      quote(item({ options: Object.fromEntries(list(21, (i) => [`o${i}`, true])) })),
      "items.0.options",
    ],
    [
      "product code",
      quote({ items: [{ product: s(60) }] }),
      quote({ items: [{ product: s(61) }] }),
      "items.0.product",
    ],
    [
      "vat_number",
      quote({ ...item({}), vat_number: s(32) }),
      quote({ ...item({}), vat_number: s(33) }),
      "vat_number",
    ],
    [
      "order number",
      get(`/api/v1/orders/${s(32, "A")}`),
      get(`/api/v1/orders/${s(33, "A")}`),
      "number",
    ],
    [
      "week",
      quote(item({ week: "2026-11-23" })),
      quote(item({ week: "2026-11-233" })),
      "items.0.week",
    ],
    [
      "co-founder invite email",
      post(`${DRAFT}/invites`, { email: `${s(242)}@example.com` }),
      post(`${DRAFT}/invites`, { email: `${s(243)}@example.com` }),
      "email",
    ],
    [
      "draft FAQs",
      patchDraft({ faqs: list(10, () => ({ question: "Q", answer: "A" })) }),
      patchDraft({ faqs: list(11, () => ({ question: "Q", answer: "A" })) }),
      "faqs",
    ],
    ["my-listing FAQs", {
      method: "PATCH",
      path: "/api/v1/me/listings/1",
      body: { faqs: list(10, () => ({ question: "Q", answer: "A" })) },
    }, {
      method: "PATCH",
      path: "/api/v1/me/listings/1",
      body: { faqs: list(11, () => ({ question: "Q", answer: "A" })) },
    }, "faqs"],
    [
      "FAQ question",
      patchDraft({ faqs: [{ question: s(300), answer: "A" }] }),
      patchDraft({ faqs: [{ question: s(301), answer: "A" }] }),
      "faqs.0.question",
    ],
    [
      "FAQ answer",
      patchDraft({ faqs: [{ question: "Q", answer: s(1500) }] }),
      patchDraft({ faqs: [{ question: "Q", answer: s(1501) }] }),
      "faqs.0.answer",
    ],
    [
      "draft founders",
      patchDraft({ founders: list(6, () => ({ name: "N" })) }),
      patchDraft({ founders: list(7, () => ({ name: "N" })) }),
      "founders",
    ],
    [
      "founder name",
      patchDraft({ founders: [{ name: s(160) }] }),
      patchDraft({ founders: [{ name: s(161) }] }),
      "founders.0.name",
    ],
    [
      "founder title",
      patchDraft({ founders: [{ name: "N", title: s(160) }] }),
      patchDraft({ founders: [{ name: "N", title: s(161) }] }),
      "founders.0.title",
    ],
    [
      "founder bio",
      patchDraft({ founders: [{ name: "N", bio: s(3000) }] }),
      patchDraft({ founders: [{ name: "N", bio: s(3001) }] }),
      "founders.0.bio",
    ],
    [
      "draft milestones",
      patchDraft({ milestones: list(50, () => ({ date: "2026-01-01", title: "T" })) }),
      patchDraft({ milestones: list(51, () => ({ date: "2026-01-01", title: "T" })) }),
      "milestones",
    ],
    [
      "milestone title",
      post("/api/v1/me/listings/1/milestones", { date: "2026-01-01", title: s(200) }),
      post("/api/v1/me/listings/1/milestones", { date: "2026-01-01", title: s(201) }),
      "title",
    ],
    [
      "milestone description",
      post("/api/v1/me/listings/1/milestones", {
        date: "2026-01-01",
        title: "T",
        description: s(2000),
      }),
      post("/api/v1/me/listings/1/milestones", {
        date: "2026-01-01",
        title: "T",
        description: s(2001),
      }),
      "description",
    ],
    [
      "milestone url",
      post("/api/v1/me/listings/1/milestones", {
        date: "2026-01-01",
        title: "T",
        url: `https://${s(492)}`,
      }),
      post("/api/v1/me/listings/1/milestones", {
        date: "2026-01-01",
        title: "T",
        url: `https://${s(493)}`,
      }),
      "url",
    ],
    [
      "draft milestone url",
      patchDraft({ milestones: [{ date: "2026-01-01", title: "T", url: `https://${s(492)}` }] }),
      patchDraft({ milestones: [{ date: "2026-01-01", title: "T", url: `https://${s(493)}` }] }),
      "milestones.0.url",
    ],
    [
      "story section",
      { method: "PUT", path: "/api/v1/me/listings/1/story", body: { journey: s(8000) } },
      { method: "PUT", path: "/api/v1/me/listings/1/story", body: { journey: s(8001) } },
      "journey",
    ],
    [
      "story title",
      { method: "PUT", path: "/api/v1/me/listings/1/story", body: { title: s(200) } },
      { method: "PUT", path: "/api/v1/me/listings/1/story", body: { title: s(201) } },
      "title",
    ],
    [
      "draft story section",
      patchDraft({ story: { lessons: s(8000) } }),
      patchDraft({ story: { lessons: s(8001) } }),
      "story.lessons",
    ],
    [
      "update title",
      post("/api/v1/me/listings/1/updates", { title: s(200), body: "B" }),
      post("/api/v1/me/listings/1/updates", { title: s(201), body: "B" }),
      "title",
    ],
    [
      "update body",
      post("/api/v1/me/listings/1/updates", { title: "T", body: s(5000) }),
      post("/api/v1/me/listings/1/updates", { title: "T", body: s(5001) }),
      "body",
    ],
    ["interview answers", {
      method: "PUT",
      path: "/api/v1/me/interview",
      body: { answers: list(30, (i) => ({ question_id: i + 1, answer: "A" })) },
    }, {
      method: "PUT",
      path: "/api/v1/me/interview",
      body: { answers: list(31, (i) => ({ question_id: i + 1, answer: "A" })) },
    }, "answers"],
    ["interview answer", {
      method: "PUT",
      path: "/api/v1/me/interview",
      body: { answers: [{ question_id: 1, answer: s(4000) }] },
    }, {
      method: "PUT",
      path: "/api/v1/me/interview",
      body: { answers: [{ question_id: 1, answer: s(4001) }] },
    }, "answers.0.answer"],
    [
      "draft SEO title",
      patchDraft({ seo: { title: s(70) } }),
      patchDraft({ seo: { title: s(71) } }),
      "seo.title",
    ],
    [
      "draft SEO meta",
      patchDraft({ seo: { meta: s(170) } }),
      patchDraft({ seo: { meta: s(171) } }),
      "seo.meta",
    ],
    [
      "draft list field items",
      patchDraft({ fields: { features: list(20, () => "f") } }),
      patchDraft({ fields: { features: list(21, () => "f") } }),
      "fields.features",
    ],
    [
      "draft list field item length",
      patchDraft({ fields: { keywords: [s(200)] } }),
      patchDraft({ fields: { keywords: [s(201)] } }),
      "fields.keywords.0",
    ],
    [
      "draft description",
      patchDraft({ fields: { description: s(20000) } }),
      patchDraft({ fields: { description: s(20001) } }),
      "fields.description",
    ],
    [
      "draft name",
      patchDraft({ fields: { name: s(500) } }),
      patchDraft({ fields: { name: s(501) } }),
      "fields.name",
    ],
    [
      "draft lock_fields",
      patchDraft({ lock_fields: list(20, () => "name") }),
      patchDraft({ lock_fields: list(21, () => "name") }),
      "lock_fields",
    ],
    [
      "draft restore",
      patchDraft({ restore: list(20, () => "name") }),
      patchDraft({ restore: list(21, () => "name") }),
      "restore",
    ],
    [
      "draft regenerate",
      patchDraft({ regenerate: list(5, () => "name") }),
      patchDraft({ regenerate: list(6, () => "name") }),
      "regenerate",
    ],
    [
      "draft social link",
      patchDraft({ company_socials: { github: `https://${s(492)}` } }),
      patchDraft({ company_socials: { github: `https://${s(493)}` } }),
      "company_socials.github",
    ],
    [
      "my-listing tagline",
      { method: "PATCH", path: "/api/v1/me/listings/1", body: { fields: { tagline: s(200) } } },
      { method: "PATCH", path: "/api/v1/me/listings/1", body: { fields: { tagline: s(201) } } },
      "fields.tagline",
    ],
    ["my-listing seo_description", {
      method: "PATCH",
      path: "/api/v1/me/listings/1",
      body: { fields: { seo_description: s(320) } },
    }, {
      method: "PATCH",
      path: "/api/v1/me/listings/1",
      body: { fields: { seo_description: s(321) } },
    }, "fields.seo_description"],
    [
      "my-listing founded_year",
      { method: "PATCH", path: "/api/v1/me/listings/1", body: { fields: { founded_year: 2100 } } },
      { method: "PATCH", path: "/api/v1/me/listings/1", body: { fields: { founded_year: 2101 } } },
      "fields.founded_year",
    ],
    [
      "my-listing founded_year minimum",
      { method: "PATCH", path: "/api/v1/me/listings/1", body: { fields: { founded_year: 1800 } } },
      { method: "PATCH", path: "/api/v1/me/listings/1", body: { fields: { founded_year: 1799 } } },
      "fields.founded_year",
    ],
    [
      "claim slug",
      post("/api/v1/claims", { slug: s(220), method: "dns" }),
      post("/api/v1/claims", { slug: s(221), method: "dns" }),
      "slug",
    ],
  ];
  for (const [name, atMax, overMax, field] of cases) {
    await t.step(name, () => edge(name, atMax, overMax, field));
  }
});

Deno.test("enums and patterns are enforced", async (t) => {
  const refused: [string, Probe, string][] = [
    ["claim method", post("/api/v1/claims", { slug: "acme", method: "fax" }), "method"],
    ["draft lock of an unknown field", patchDraft({ lock_fields: ["colour"] }), "lock_fields.0"],
    ["unknown social key", patchDraft({ company_socials: { myspace: "x" } }), "company_socials"],
    [
      "milestone date",
      patchDraft({ milestones: [{ date: "2026-13-01", title: "T" }] }),
      "milestones.0.date",
    ],
    [
      "milestone http url",
      post("/api/v1/me/listings/1/milestones", {
        date: "2026-01-01",
        title: "T",
        url: "http://a.example",
      }),
      "url",
    ],
    ["billing country", quote({ ...item({}), billing_country: "DEU" }), "billing_country"],
    ["my-listing country", {
      method: "PATCH",
      path: "/api/v1/me/listings/1",
      body: { fields: { country: "D" } },
    }, "fields.country"],
    ["invite email", post(`${DRAFT}/invites`, { email: "not-an-email" }), "email"],
    [
      "listing id zero",
      { method: "DELETE", path: "/api/v1/me/listings/1/milestones/0" },
      "milestone_id",
    ],
  ];
  for (const [name, probe, field] of refused) {
    await t.step(name, async () => {
      const res = await status(probe);
      assert.equal(res.status, 400, name);
      assert.ok(res.fields.includes(field), `${name}: ${res.fields.join(", ")}`);
    });
  }
});
