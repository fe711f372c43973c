/**
 * Drafting: the extractive drafter on pages read by the real extractor, the LLM drafter against a
 * local OpenAI-compatible fake (structured output, dropped inventions, fallback), `only`, and
 * the competitor comparison.
 */
import assert from "node:assert/strict";
import { extractPage } from "../services/drafting/extract.ts";
import {
  type CrawlResult,
  DRAFT_FIELDS,
  type DraftProposal,
  type EvidencePage,
} from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import {
  compareCompetitor,
  draftFromEvidence,
  notFoundOnWebsite,
} from "../services/drafting/drafter.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { testConfig } from "../services/platform/config.ts";
import type { Deps } from "../services/platform/deps.ts";
import { defaultCategories } from "../services/platform/reference.ts";
import { type FakeChatRequest, startFakeOpenAI } from "../bench/fake_openai.ts";
import { SearchIndex } from "../services/directory/search/index.ts";

const CATEGORIES = defaultCategories().map((c) => ({
  slug: c.slug,
  name: c.name,
  parent: c.parent,
}));
const NOW = new Date("2026-11-18T12:00:00Z");

function html(title: string, body: string, head = ""): string {
  return `<!doctype html><html><head><title>${title}</title>${head}</head><body>
    <header><a href="/"><img src="/logo.svg" alt="Acmeflow logo"> Acmeflow</a>
      <nav><a href="/about">About</a> <a href="/pricing">Pricing</a></nav></header>
    <main>${body}</main>
    <footer><a href="https://x.com/acmeflow">X</a> <a href="https://github.com/acmeflow">GitHub</a>
      <p>© 2015-2026 Acmeflow GmbH</p></footer></body></html>`;
}

/** A small product site read with the real extractor. */
function sitePages(origin = "https://acmeflow.example"): Promise<EvidencePage[]> {
  const pages: [string, string, string][] = [
    [
      "/",
      "home",
      html(
        "Acmeflow | Invoices that pay themselves",
        `<h1>Invoices that pay themselves</h1>
       <p>Acmeflow turns invoices into payments for freelancers and agencies: reminders go out on their own and payments land in your bank.</p>
       <h2>Features</h2>
       <ul><li>Recurring invoices</li><li>Automatic payment reminders</li><li>Multi-currency invoicing</li></ul>
       <p><a href="https://www.youtube.com/watch?v=acme42">Watch the demo</a></p>
       <section class="testimonials"><blockquote>"Acmeflow saved us ten hours a week." — Jane Park, CTO at Globex</blockquote></section>
       <p>Questions? <a href="mailto:hello@acmeflow.example">hello@acmeflow.example</a></p>`,
        `<meta name="description" content="Acmeflow turns invoices into payments for freelancers and agencies.">`,
      ),
    ],
    [
      "/about",
      "about",
      html(
        "About Acmeflow",
        `<h1>About us</h1>
       <p>Acmeflow was founded in 2021 in Berlin, Germany, by Ada Weber (CEO) and Tom Berg (CTO).</p>
       <p>The public beta opened in March 2024 and we are still in beta today.</p>`,
      ),
    ],
    [
      "/pricing",
      "pricing",
      html(
        "Pricing",
        `<h1>Pricing</h1>
       <div class="pricing"><div class="plan"><h3>Free</h3><p class="price">$0</p><ul><li>5 invoices a month</li></ul></div>
       <div class="plan"><h3>Pro</h3><p class="price">$12 / month</p><ul><li>Unlimited invoices</li></ul></div></div>
       <h2>FAQ</h2>
       <details><summary>Is there a free plan?</summary><p>Yes, the Free plan covers up to 5 invoices a month.</p></details>`,
      ),
    ],
  ];
  return readPages(origin, pages);
}

/** Pages `[path, kind, html]` of a site, read with the real extractor as the crawler keeps them. */
function readPages(origin: string, pages: [string, string, string][]): Promise<EvidencePage[]> {
  return Promise.all(pages.map(async ([path, kind, source]) => {
    const url = origin + path;
    const e = await extractPage(source, url);
    return {
      url,
      fetched_at: NOW.toISOString(),
      status: 200,
      kind,
      title: e.title,
      text: e.text,
      facts: e.facts,
    };
  }));
}

function crawlOf(pages: EvidencePage[]): CrawlResult {
  return {
    start_url: new URL(pages[0].url).origin + "/",
    pages,
    disallowed: [],
    failed: [],
    crawl_delay_s: 0,
    started_at: NOW.toISOString(),
    finished_at: NOW.toISOString(),
    error: null,
  };
}

async function depsWith(openai: Partial<Deps["config"]["openai"]> = {}): Promise<Deps> {
  const config = testConfig({ allowPrivateFetch: true });
  return {
    kv: await Deno.openKv(":memory:"),
    config: { ...config, openai: { ...config.openai, ...openai } },
    search: new SearchIndex(),
    now: () => NOW,
  };
}

Deno.test("the extractive drafter fills what the site states, every quote verbatim", async () => {
  const pages = await sitePages();
  const p = draftExtractive(pages, { categories: CATEGORIES });
  const v = verifyProposal(p, pages, { categories: CATEGORIES, year: 2026 });
  assert.deepEqual(v.dropped, [], "the extractive drafter's quotes all verify");
  assert.equal(v.quotes.checked, v.quotes.verified);
  const f = v.proposal.fields;
  assert.equal(f.name?.value, "Acmeflow");
  assert.equal(f.tagline?.value, "Invoices that pay themselves");
  assert.equal(f.country?.value, "DE");
  assert.equal(f.city?.value, "Berlin");
  assert.equal(f.founded_year?.value, "2021");
  assert.equal(f.stage?.value, "mvp");
  assert.equal(f.pricing_model?.value, "Freemium");
  assert.match(String(f.pricing_summary?.value), /Free: \$0; Pro: \$12/);
  assert.deepEqual(f.features?.value, [
    "Recurring invoices",
    "Automatic payment reminders",
    "Multi-currency invoicing",
  ]);
  assert.equal(f.contact_email?.value, "hello@acmeflow.example");
  assert.equal(f.demo_video_url?.value, "https://www.youtube.com/watch?v=acme42");
  assert.equal(f.logo_url?.value, "https://acmeflow.example/logo.svg");
  assert.equal((f.categories?.value as string[])[0], "Invoicing");
  assert.deepEqual(v.proposal.founders.map((x) => [x.name, x.title]), [
    ["Ada Weber", "CEO"],
    ["Tom Berg", "CTO"],
  ]);
  assert.deepEqual(Object.keys(v.proposal.company_socials).sort(), ["github", "x"]);
  assert.deepEqual(v.proposal.faqs.map((q) => q.question), ["Is there a free plan?"]);
  // "opened in March 2024" states no day: no milestone dated 2024-03-01 is made up.
  assert.ok(!v.proposal.milestones.some((m) => m.date.startsWith("2024-03")));
  for (const value of Object.values(f)) {
    if (value?.value !== null) assert.ok(value!.evidence.length >= 1);
  }
});

Deno.test("the extractive drafter leaves unstated facts blank: no copyright year, no customer", async () => {
  const origin = "https://ledger.example";
  const source = html(
    "Ledger",
    `<h1>Bookkeeping for freelancers</h1><p>Ledger sorts your receipts and files your VAT return every quarter.</p>
     <blockquote class="testimonial">"Ledger is great." — Omar Haddad, founder of Initech, founded in 1998 in Springfield</blockquote>`,
  );
  const e = await extractPage(source, origin + "/");
  const pages: EvidencePage[] = [{
    url: origin + "/",
    fetched_at: NOW.toISOString(),
    status: 200,
    kind: "home",
    title: e.title,
    text: e.text,
    facts: e.facts,
  }];
  const p = draftExtractive(pages, { categories: CATEGORIES });
  const v = verifyProposal(p, pages, { categories: CATEGORIES, year: 2026 });
  assert.equal(v.proposal.fields.founded_year?.value ?? null, null);
  assert.equal(v.proposal.fields.city?.value ?? null, null);
  assert.equal(v.proposal.fields.country?.value ?? null, null);
  assert.equal(v.proposal.fields.stage?.value ?? null, null);
  assert.deepEqual(v.proposal.founders, []);
  assert.ok(!JSON.stringify(v.proposal).includes("Initech"));
  const missing = notFoundOnWebsite(v.proposal);
  for (const fieldName of ["founded_year", "city", "country", "stage", "pricing_model"]) {
    assert.ok(missing.includes(fieldName as never), fieldName);
  }
  assert.ok(!missing.includes("name"));
});

Deno.test("draftFromEvidence uses the extractive drafter without a key, and `only` limits it", async () => {
  const deps = await depsWith();
  try {
    const all = await draftFromEvidence(deps, crawlOf(await sitePages()), {
      categories: CATEGORIES,
    });
    assert.equal(all.drafter, "extractive");
    assert.equal(all.fallback, null);
    assert.equal(all.quotes.checked, all.quotes.verified);
    assert.equal(Object.keys(all.proposal.fields).length, 18);
    const some = await draftFromEvidence(deps, crawlOf(await sitePages()), {
      categories: CATEGORIES,
      only: ["tagline", "founded_year"],
    });
    assert.deepEqual(Object.keys(some.proposal.fields).sort(), ["founded_year", "tagline"]);
    assert.equal(some.proposal.fields.founded_year?.value, "2021");
    assert.deepEqual(some.proposal.faqs, []);
    assert.deepEqual(some.proposal.founders, []);
  } finally {
    deps.kv.close();
  }
});

/** What a good model answers for sitePages(), plus values the site does not support. */
function modelAnswer(origin: string) {
  const home = `${origin}/`;
  const about = `${origin}/about`;
  const q = (quote: string, url = home) => ({ quote, url });
  // The fields not named below are answered with no value.
  const unstated = Object.fromEntries(DRAFT_FIELDS.map((f) => [f, { value: null, quotes: [] }]));
  return {
    fields: {
      ...unstated,
      name: {
        value: "Acmeflow",
        quotes: [{
          ...q("Acmeflow | Invoices that pay themselves"),
          source: "meta",
          locator: "title",
        }],
      },
      tagline: {
        value: "Invoices that pay themselves",
        quotes: [q("Invoices that pay themselves")],
      },
      stage: { value: "launched", quotes: [q("We launched to everyone in 2025.")] },
      categories: { value: ["Invoicing"], quotes: [q("Acmeflow turns invoices into payments")] },
      country: { value: "DE", quotes: [q("founded in 2021 in Berlin, Germany", about)] },
      city: { value: "Springfield", quotes: [q("Our office is in Springfield.")] },
      founded_year: { value: "2015", quotes: [q("© 2015-2026 Acmeflow GmbH")] },
      features: {
        value: ["Recurring invoices", "AI forecasts"],
        quotes: [q("Recurring invoices"), q("AI forecasts built in")],
      },
      contact_email: { value: "hello@acmeflow.example", quotes: [q("hello@acmeflow.example")] },
    },
    faqs: [],
    founders: [
      { name: "Ada Weber", title: "CEO", bio: null, quotes: [q("by Ada Weber (CEO)", about)] },
      { name: "Jane Park", title: "CTO", bio: null, quotes: [q("Jane Park, CTO at Globex")] },
      {
        name: "Rafael Nguyen",
        title: null,
        bio: null,
        quotes: [q("Rafael Nguyen, founder", `${origin}/team`)],
      },
    ],
    company_socials: [{
      platform: "x",
      url: "https://x.com/acmeflow",
      quotes: [q("https://x.com/acmeflow")],
    }],
    story: {},
    milestones: [],
  };
}

Deno.test("the LLM drafter asks for structured output and the verifier drops what is not on the site", async () => {
  const origin = "https://acmeflow.example";
  const fake = await startFakeOpenAI(() => modelAnswer(origin));
  const deps = await depsWith({ apiKey: "sk-test", baseUrl: fake.baseUrl, model: "fake-model" });
  try {
    const r = await draftFromEvidence(deps, crawlOf(await sitePages(origin)), {
      categories: CATEGORIES,
    });
    assert.equal(r.drafter, "llm");
    assert.equal(r.fallback, null);

    assert.equal(fake.requests.length, 1);
    const req: FakeChatRequest = fake.requests[0];
    assert.equal(req.headers["authorization"], "Bearer sk-test");
    assert.equal(req.body.model, "fake-model");
    assert.equal(req.body.response_format?.type, "json_schema");
    assert.equal(req.body.response_format?.json_schema?.strict, true);
    const schema = req.body.response_format!.json_schema!.schema as {
      properties: { fields: { properties: Record<string, unknown>; required: string[] } };
      required: string[];
    };
    assert.equal(schema.properties.fields.required.length, 18);
    assert.deepEqual(schema.required, [
      "fields",
      "faqs",
      "founders",
      "company_socials",
      "story",
      "milestones",
    ]);
    const prompt = req.body.messages!.map((m) => m.content).join("\n");
    assert.match(prompt, /=== PAGE https:\/\/acmeflow\.example\/about \(about\) ===/);
    assert.match(prompt, /copyright notice .* is not a founding year/i);
    assert.match(prompt, /Invoicing/);

    const f = r.proposal.fields;
    assert.equal(f.name?.value, "Acmeflow");
    assert.equal(f.country?.value, "DE");
    assert.equal(f.contact_email?.value, "hello@acmeflow.example");
    assert.deepEqual(f.categories?.value, ["Invoicing"]);
    assert.deepEqual(f.features?.value, ["Recurring invoices"]);
    assert.equal(f.stage?.value, null, "a quote that is not on the site");
    assert.equal(f.city?.value, null, "a made-up city");
    assert.equal(f.founded_year?.value, null, "a copyright year");
    assert.deepEqual(r.proposal.founders.map((x) => x.name), ["Ada Weber"]);
    assert.ok(r.dropped.some((d) => d.field === "founded_year" && /copyright/.test(d.reason)));
    assert.ok(
      r.dropped.some((d) =>
        /founders\[2\]/.test(d.field) && /not a page the crawler read/.test(d.reason)
      ),
    );
    assert.ok(r.quotes.verified < r.quotes.checked);
    const again = verifyProposal(r.proposal, await sitePages(origin));
    assert.equal(again.quotes.verified, again.quotes.checked);
  } finally {
    deps.kv.close();
    await fake.close();
  }
});

Deno.test("a malformed or failed LLM answer falls back to the extractive drafter", async (t) => {
  const answers: (() => object | string | Response)[] = [
    () => "this is not JSON",
    () => ({ something: "else" }),
    () => new Response(JSON.stringify({ error: { message: "overloaded" } }), { status: 500 }),
  ];
  let call = 0;
  const fake = await startFakeOpenAI(() => answers[Math.min(call++, answers.length - 1)]());
  const deps = await depsWith({ apiKey: "sk-test", baseUrl: fake.baseUrl, model: "fake" });
  try {
    for (
      const [name, why] of [["not JSON", /not JSON/], ["no fields", /no fields/], [
        "HTTP 500",
        /failed/,
      ]] as const
    ) {
      await t.step(name, async () => {
        const r = await draftFromEvidence(deps, crawlOf(await sitePages()), {
          categories: CATEGORIES,
        });
        assert.equal(r.drafter, "extractive");
        assert.match(r.fallback ?? "", why);
        assert.equal(r.proposal.fields.name?.value, "Acmeflow");
        assert.equal(r.quotes.checked, r.quotes.verified);
      });
    }
  } finally {
    deps.kv.close();
    await fake.close();
  }
});

Deno.test("regenerate with the LLM asks only for the given fields", async () => {
  const origin = "https://acmeflow.example";
  const fake = await startFakeOpenAI(() => ({
    fields: {
      tagline: {
        value: "Invoices that pay themselves",
        quotes: [{ quote: "Invoices that pay themselves", url: `${origin}/` }],
      },
      founded_year: {
        value: "2021",
        quotes: [{ quote: "founded in 2021 in Berlin", url: `${origin}/about` }],
      },
    },
  }));
  const deps = await depsWith({ apiKey: "sk-test", baseUrl: fake.baseUrl, model: "fake" });
  try {
    const r = await draftFromEvidence(deps, crawlOf(await sitePages(origin)), {
      categories: CATEGORIES,
      only: ["tagline", "founded_year"],
    });
    assert.equal(r.drafter, "llm");
    assert.deepEqual(Object.keys(r.proposal.fields).sort(), ["founded_year", "tagline"]);
    assert.equal(r.proposal.fields.founded_year?.value, "2021");
    const schema = fake.requests[0].body.response_format!.json_schema!.schema as {
      properties: Record<string, { required?: string[] }>;
      required: string[];
    };
    assert.deepEqual(schema.required, ["fields"]);
    assert.deepEqual(schema.properties.fields.required, ["tagline", "founded_year"]);
    assert.match(
      fake.requests[0].body.messages![1].content,
      /Draft only these fields: tagline, founded_year/,
    );
  } finally {
    deps.kv.close();
    await fake.close();
  }
});

Deno.test("compareCompetitor drafts the other site with its own quotes and compares", async () => {
  const deps = await depsWith();
  try {
    const ours = crawlOf(await sitePages());
    const own = await draftFromEvidence(deps, ours, { categories: CATEGORIES });
    const competitorPages = await readPages("https://billbot.example", [[
      "/",
      "home",
      html(
        "Billbot — invoicing on autopilot",
        `<h1>Invoicing on autopilot</h1><p>Billbot sends invoices and chases late payers for small agencies.</p>
       <ul><li>Recurring invoices</li><li>Time tracking</li><li>Client portal</li></ul>
       <p>Billbot costs $19 per month. Billbot is based in Dublin, Ireland.</p>`,
      ),
    ]]);
    const c = await compareCompetitor(deps, ours, crawlOf(competitorPages), own.proposal, {
      categories: CATEGORIES,
    });
    assert.equal(c.competitor.url, "https://billbot.example/");
    assert.equal(c.competitor.name, "Billbot");
    const row = (a: string) => c.rows.find((r) => r.attribute === a)!;
    assert.equal(row("pricing_model").ours.value, "Freemium");
    assert.equal(row("pricing_model").theirs.value, "Subscription");
    assert.equal(row("country").theirs.value, "IE");
    assert.ok((row("features").theirs.value as string[]).includes("Time tracking"));
    for (const r of c.rows) {
      for (const q of r.theirs.evidence) assert.ok(q.url.startsWith("https://billbot.example/"));
      for (const q of r.ours.evidence) assert.ok(q.url.startsWith("https://acmeflow.example/"));
    }
    assert.match(c.summary, /Billbot/);
    assert.match(c.summary, /Recurring invoices/);
  } finally {
    deps.kv.close();
  }
});

Deno.test("notFoundOnWebsite lists blank fields", () => {
  const p: DraftProposal = {
    fields: { name: { value: "A", evidence: [] }, tags: { value: [], evidence: [] } },
    faqs: [],
    founders: [],
    company_socials: {},
    story: {},
    milestones: [],
  };
  const missing = notFoundOnWebsite(p);
  assert.ok(!missing.includes("name"));
  assert.ok(missing.includes("tags"));
  assert.equal(missing.length, 17);
});

Deno.test("a slow model is given up on within the time allowed", async () => {
  // The model answers only once the test lets it, after the drafter has given up.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let answered = false;
  const fake = await startFakeOpenAI(async () => {
    await released;
    answered = true;
    return {};
  });
  const deps = await depsWith({ apiKey: "sk-test", baseUrl: fake.baseUrl, model: "fake" });
  try {
    const r = await draftFromEvidence(deps, crawlOf(await sitePages()), {
      categories: CATEGORIES,
      only: ["name"],
      timeoutMs: 150,
    });
    assert.ok(!answered, "both tries time out before the answer");
    assert.equal(r.drafter, "extractive");
    assert.match(r.fallback ?? "", /timed out after 150 ms/);
    assert.equal(r.proposal.fields.name?.value, "Acmeflow");
  } finally {
    release();
    deps.kv.close();
    await fake.close();
  }
});
