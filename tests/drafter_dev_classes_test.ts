/**
 * Failure classes found on the development sites, each on a realistic site of its own, read by
 * the real extractor, drafted and then verified: pricing models the product states (an open-source
 * product is Free, a free download with a paid upgrade is Freemium), an organisation nested in
 * JSON-LD (a product's publisher) giving place and founding year, founders and founding years
 * stated in Dutch, German and Spanish, a repository page hosted on GitHub, a docs site's title and
 * subtitle, an address in a footer that ends in a copyright notice, a header-less price table, a
 * favicon never the logo, and the LLM drafter's founder links verified like the extractive ones.
 */
import assert from "node:assert/strict";
import { startFakeOpenAI } from "../bench/fake_openai.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import type { CrawlResult, DraftedValue, EvidencePage } from "../services/drafting/evidence.ts";
import { draftFromEvidence } from "../services/drafting/drafter.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { roleBound } from "../services/drafting/verifier/support.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { isFavicon } from "../services/drafting/text.ts";
import { foundingYearsIn } from "../services/drafting/founding_years.ts";
import { testConfig } from "../services/platform/config.ts";
import { defaultCategories } from "../services/platform/reference.ts";
import { readPages } from "./people_fixture.ts";

const CATEGORIES = defaultCategories().map((c) => ({
  slug: c.slug,
  name: c.name,
  parent: c.parent,
}));
const ORIGIN = "https://product.example";

function page(title: string, body: string, head = "", lang = "en", footer = ""): string {
  return `<!doctype html><html lang="${lang}"><head><title>${title}</title>${head}</head><body>
    <header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
    <main>${body}</main><footer>${footer}</footer></body></html>`;
}

function read(pages: [string, string, string][]): Promise<EvidencePage[]> {
  return readPages(ORIGIN, pages);
}

/** Drafted by the extractive drafter and verified: what a user would see. */
async function drafted(pages: [string, string, string][]) {
  const read_ = await read(pages);
  const p = draftExtractive(read_, { categories: CATEGORIES, startUrl: `${ORIGIN}/` });
  const v = verifyProposal(p, read_, { categories: CATEGORIES, year: 2026 });
  assert.equal(v.quotes.checked, v.quotes.verified, JSON.stringify(v.dropped));
  return v.proposal;
}

/** A one-page site: its home page drafted and verified. */
const home = (...args: Parameters<typeof page>) => drafted([["/", "home", page(...args)]]);

const val = (d: DraftedValue | undefined) => d?.value ?? null;

Deno.test("pricing model: an open-source product is Free, a free app with a paid upgrade is Freemium", async () => {
  const open = await home(
    "Tarnish - Image diffs for CI",
    `<h1>Image diffs for CI</h1><p>Tarnish compares screenshots in your CI and flags visual changes.</p>
       <p>Tarnish is open source and licensed under the MIT license.</p>`,
  );
  assert.equal(val(open.fields.pricing_model), "Free", "open source is a licence, not a model");
  const app = await home(
    "Pebblepal | Habit tracker",
    `<h1>Habits that stick</h1><p>Pebblepal is a habit tracker for iPhone.</p>
       <h2>Pricing</h2><p>Pebblepal is free to download. Pebblepal Pro unlocks reminders for $2.99 a month.</p>`,
  );
  assert.equal(val(app.fields.pricing_model), "Freemium", "free download plus a paid tier");
  const tiered = await home(
    "Hookwise | Webhook inspector",
    `<h1>Inspect every webhook</h1><p>Hookwise records webhooks so you can inspect them.</p>
       <h2>Pricing</h2><p>Starter: free, up to 500 requests a day.</p><p>Team: $15 per month for unlimited requests.</p>`,
  );
  assert.equal(val(tiered.fields.pricing_model), "Freemium", '"Starter: free" is a free plan');
});

Deno.test("place and founding year from an organisation nested in JSON-LD (a product's publisher)", async () => {
  const ld = {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: "Tracewell",
    publisher: {
      "@type": "Organization",
      name: "Tracewell Labs",
      foundingDate: "2019",
      address: { "@type": "PostalAddress", addressLocality: "Kraków", addressCountry: "PL" },
    },
  };
  const p = await home(
    "Tracewell | Tracing for small teams",
    `<h1>Tracing for small teams</h1><p>Tracewell shows where your requests spend their time.</p>`,
    `<script type="application/ld+json">${JSON.stringify(ld)}</script>`,
  );
  assert.equal(val(p.fields.city), "Kraków");
  assert.equal(val(p.fields.country), "PL");
  assert.equal(val(p.fields.founded_year), "2019");
  assert.equal(p.fields.city?.evidence[0].source, "jsonld");
  assert.equal(p.fields.city?.evidence[0].locator, "publisher.address.addressLocality");
});

Deno.test("founders and founding years stated in Dutch, German and Spanish", async () => {
  const nl = await drafted([
    [
      "/",
      "home",
      page(
        "Trapfix — fietsen",
        "<h1>Je fiets snel gemaakt</h1><p>Trapfix maakt je fiets.</p>",
        "",
        "nl",
      ),
    ],
    [
      "/over-ons",
      "about",
      page(
        "Over ons",
        `<h1>Over ons</h1><p>Trapfix is in 2017 opgericht door Femke van Dijk en Joost Bakker, die samen een werkplaats hadden.</p>`,
        "",
        "nl",
      ),
    ],
  ]);
  assert.deepEqual(nl.founders.map((f) => f.name), ["Femke van Dijk", "Joost Bakker"]);
  assert.equal(val(nl.fields.founded_year), "2017");
  assert.deepEqual(foundingYearsIn("Die Firma wurde 2020 gegründet."), ["2020"]);
  assert.deepEqual(foundingYearsIn("Gegründet 2016 in Leipzig."), ["2016"]);
  assert.deepEqual(foundingYearsIn("Fondée en 2015 à Lyon."), ["2015"]);
  assert.deepEqual(foundingYearsIn("Huerta nació en 2019 en Sevilla."), ["2019"]);
  assert.deepEqual(foundingYearsIn("I created pgtool in 2023 to test migrations."), ["2023"]);
  assert.deepEqual(foundingYearsIn("Created by Ana Lee. Updated 2024."), [], "no year by the verb");
  const de = await home(
    "Kleinwerk | Werkzeug mieten",
    `<h1>Werkzeug mieten in Leipzig</h1><p>Kleinwerk verleiht Werkzeug an Nachbarn.</p>
       <p>Kleinwerk wurde 2020 von Anna Keller und Jonas Brandt gegründet.</p>`,
    "",
    "de",
  );
  assert.deepEqual(de.founders.map((f) => f.name), ["Anna Keller", "Jonas Brandt"]);
  assert.equal(val(de.fields.founded_year), "2020");
  const es = await home(
    "Huerta | Riego inteligente",
    `<h1>Riego inteligente para tu huerto</h1><p>Huerta riega tu huerto cuando hace falta.</p>
       <p>La fundaron Lucía Gómez y Pablo Ruiz en 2019 en Valencia.</p>`,
    "",
    "es",
  );
  assert.deepEqual(es.founders.map((f) => f.name), ["Lucía Gómez", "Pablo Ruiz"]);
  // The verifier binds the role in these languages too, and still refuses an advisor.
  assert.ok(
    roleBound("Kleinwerk wurde 2020 von Anna Keller und Jonas Brandt gegründet.", "Anna Keller"),
  );
  assert.ok(!roleBound("Die Sensoren kommen von Anna Keller.", "Anna Keller"), "no founding verb");
  assert.ok(roleBound("Gegründet von Anna Keller und Jonas Brandt.", "Jonas Brandt"));
  assert.ok(roleBound("Fondée par Claire Martin en 2015.", "Claire Martin"));
  assert.ok(roleBound("Fundada por Lucía Gómez y Pablo Ruiz.", "Pablo Ruiz"));
  assert.ok(!roleBound("Ons adviseur Pieter Smit hielp ons.", "Pieter Smit"));
});

Deno.test("a repository page hosted on GitHub: the repository is the name, never GitHub", async () => {
  const p = await home(
    "GitHub - quillkit/quillkit: Markdown notes that sync over git",
    `<article><h1>quillkit</h1><p>Markdown notes that sync over git. Write in any editor and quillkit commits for you.</p>
       <h2>Author</h2><p>Created by Noor Haddad. Licensed under MIT.</p></article>`,
    `<meta name="description" content="Markdown notes that sync over git. Contribute to quillkit/quillkit development by creating an account on GitHub.">`,
    "en",
    "© 2026 GitHub, Inc.",
  );
  assert.equal(val(p.fields.name), "quillkit");
  assert.equal(val(p.fields.tagline), "Markdown notes that sync over git");
  assert.equal(val(p.fields.pricing_model), "Free");
});

Deno.test("a docs site: the title's section word is dropped, the line under 'Overview' is the tagline", async () => {
  const p = await home(
    "Queuebird Docs",
    `<h1>Overview</h1><p class="subtitle">Background jobs without a broker.</p>
       <p>Queuebird is a job queue that stores jobs in your Postgres database.</p>`,
    `<meta name="description" content="Queuebird is a job queue that stores jobs in your Postgres database.">`,
  );
  assert.equal(val(p.fields.name), "Queuebird");
  assert.equal(val(p.fields.tagline), "Background jobs without a broker");
});

Deno.test("a footer address before a copyright notice gives city, country and e-mail", async () => {
  const p = await home(
    "Stillvault | Backups",
    `<h1>Backups nobody can delete</h1><p>Stillvault keeps immutable copies of your files.</p>`,
    "",
    "en",
    `Stillvault Ltd, Galway, Ireland · <a href="mailto:sales@stillvault.example">sales@stillvault.example</a> · © 2022 Stillvault Ltd. All rights reserved.`,
  );
  assert.equal(val(p.fields.city), "Galway");
  assert.equal(val(p.fields.country), "IE");
  assert.equal(val(p.fields.contact_email), "sales@stillvault.example");
  assert.equal(val(p.fields.founded_year), null, "a copyright year is no founding year");
});

Deno.test("a header-less table of services and prices is never read as plans named by prices", async () => {
  const p = await drafted([
    [
      "/",
      "home",
      page(
        "Kapper Kees | Knippen",
        "<h1>Knippen zonder afspraak</h1><p>Kapper Kees knipt in Gent.</p>",
        "",
        "nl",
      ),
    ],
    [
      "/tarieven",
      "pricing",
      page(
        "Tarieven",
        `<h1>Tarieven</h1><table><tr><td>Knippen</td><td>€ 25</td></tr><tr><td>Baard trimmen</td><td>€ 12</td></tr></table>`,
        "",
        "nl",
      ),
    ],
  ]);
  const summary = String(val(p.fields.pricing_summary) ?? "");
  assert.doesNotMatch(summary, /€ 25: € 12/);
  assert.match(summary, /€ 25/);
  assert.match(summary, /€ 12/);
});

Deno.test("a favicon is never the logo, from the extractive drafter or a model", async () => {
  assert.ok(isFavicon("https://a.example/favicon.ico"));
  assert.ok(isFavicon("https://a.example/static/favicon-32x32.png"));
  assert.ok(!isFavicon("https://a.example/brand/logo.svg"));
  const pages = await read([[
    "/",
    "home",
    page(
      "Dotmark | Bookmarks",
      `<h1>Bookmarks you find again</h1><p>Dotmark saves and sorts your bookmarks.</p>`,
      `<link rel="icon" href="/favicon.ico">`,
    ),
  ]]);
  const p = draftExtractive(pages, { categories: CATEGORIES, startUrl: `${ORIGIN}/` });
  assert.equal(val(p.fields.logo_url), null);
  p.fields.logo_url = {
    value: `${ORIGIN}/favicon.ico`,
    evidence: [{ quote: `${ORIGIN}/favicon.ico`, url: `${ORIGIN}/` }],
  };
  const v = verifyProposal(p, pages, { categories: CATEGORIES, year: 2026 });
  assert.equal(val(v.proposal.fields.logo_url), null);
});

Deno.test("the LLM drafter proposes founders' own links, verified like the extractive drafter's", async () => {
  const pages = await read([[
    "/about",
    "about",
    page(
      "About Kilnly",
      `<h1>About Kilnly</h1><p>Kilnly was founded by Amara Obi, a potter in Leeds.</p>
       <div class="person"><h3>Amara Obi</h3><p>Founder</p><a href="https://www.linkedin.com/in/amara-obi">LinkedIn</a></div>
       <div class="person"><h3>Sam Reed</h3><p>Studio manager</p><a href="https://www.linkedin.com/in/sam-reed">LinkedIn</a></div>`,
    ),
  ]]);
  const url = `${ORIGIN}/about`;
  const quote = {
    quote: "Kilnly was founded by Amara Obi, a potter in Leeds.",
    url,
    source: "text",
    locator: null,
  };
  const answer = {
    fields: { name: { value: "Kilnly", quotes: [quote] } },
    faqs: [],
    founders: [{
      name: "Amara Obi",
      title: "Founder",
      bio: null,
      quotes: [quote],
      socials: [
        { platform: "linkedin", url: "https://www.linkedin.com/in/amara-obi", quotes: [quote] },
        // Sam's link, planted on Amara: it does not stand by her name.
        { platform: "x", url: "https://x.com/sam_reed", quotes: [quote] },
      ],
    }],
    company_socials: [],
    story: {},
    milestones: [],
  };
  const fake = await startFakeOpenAI(() => answer);
  const config = testConfig({ allowPrivateFetch: true });
  const kv = await Deno.openKv(":memory:");
  try {
    const crawl: CrawlResult = {
      start_url: `${ORIGIN}/`,
      pages,
      disallowed: [],
      failed: [],
      crawl_delay_s: 0,
      started_at: "",
      finished_at: "",
      error: null,
    };
    const deps = {
      kv,
      search: new SearchIndex(),
      now: () => new Date("2026-11-25T00:00:00Z"),
      config: {
        ...config,
        openai: { ...config.openai, apiKey: "sk-test", baseUrl: fake.baseUrl, model: "m" },
      },
    };
    const r = await draftFromEvidence(deps, crawl, { categories: CATEGORIES });
    assert.equal(r.drafter, "llm");
    assert.deepEqual(r.proposal.founders.map((f) => f.name), ["Amara Obi"]);
    assert.equal(
      r.proposal.founders[0].links?.linkedin?.value,
      "https://www.linkedin.com/in/amara-obi",
    );
    assert.equal(r.proposal.founders[0].links?.x, undefined, "another person's link is dropped");
    assert.equal(
      r.proposal.founder_socials?.linkedin?.value,
      "https://www.linkedin.com/in/amara-obi",
    );
    const prompt = fake.requests[0].body.messages?.map((m) => m.content).join("\n") ?? "";
    assert.match(prompt, /Profile link: linkedin https:\/\/www\.linkedin\.com\/in\/amara-obi/);
  } finally {
    kv.close();
    await fake.close();
  }
});
