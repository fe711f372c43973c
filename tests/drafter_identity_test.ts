/**
 * The extractive drafter's identity on realistic pages read by the real extractor: a page's own
 * name in the title ("Home | Tidewater") is never the product's name; a product named differently
 * from its maker's domain and og:site_name keeps its own name (a common word opening the
 * description does not); tags never pair words across a
 * clause break nor repeat the site's names.
 */
import assert from "node:assert/strict";
import { extractPage } from "../services/drafting/extract.ts";
import type { DraftedValue, EvidencePage } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";

/** Drafts a one-page site served at `origin` from its home page's head and main content. */
async function draftHome(origin: string, head: string, main: string) {
  const url = `${origin}/`;
  const html = `<!doctype html><html lang="en"><head>${head}</head><body>
    <header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
    <main>${main}</main><footer><p>© 2025</p></footer></body></html>`;
  const e = await extractPage(html, url);
  const page: EvidencePage = {
    url,
    fetched_at: "",
    status: 200,
    kind: "home",
    title: e.title,
    text: e.text,
    facts: e.facts,
  };
  return draftExtractive([page], { categories: [], startUrl: url });
}

const valueOf = (d: DraftedValue | undefined) => d?.value ?? null;

Deno.test("name: a page name before the product's name in the title is not the name", async () => {
  const p = await draftHome(
    "http://127.0.0.1:8123",
    `<title>Home | Tidewater</title>
     <meta name="description" content="Tide times, swell and wind for 600 harbours.">`,
    `<h1>Read the water.</h1>
     <img src="/hero.jpg" alt="Tidewater app showing the tide curve for Falmouth">
     <p>Tide times, swell and wind for 600 UK and Irish harbours, even with no signal.</p>`,
  );
  assert.equal(valueOf(p.fields.name), "Tidewater");
  assert.equal(valueOf(p.fields.tagline), "Read the water");
});

Deno.test("name: the product the page speaks of, not the maker named by the domain and og:site_name", async () => {
  const head = `<title>Pagecraft — Podcast websites in one click | Northwind Labs</title>
    <meta property="og:site_name" content="Northwind Labs">
    <meta name="description" content="Pagecraft turns your podcast's RSS feed into a website.">`;
  const p = await draftHome(
    "https://northwindlabs.example",
    head,
    `<h1>Your podcast deserves a real website</h1>
     <p>Paste your RSS feed. Pagecraft builds episode pages and transcripts.</p>`,
  );
  assert.equal(valueOf(p.fields.name), "Pagecraft");
  // Without a sentence about Pagecraft, the maker's name stays the name, as before.
  const plain = await draftHome(
    "https://northwindlabs.example",
    head.replace("Pagecraft turns your", "Turn your"),
    `<h1>Your podcast deserves a real website</h1><p>Paste your RSS feed and publish.</p>`,
  );
  assert.equal(valueOf(plain.fields.name), "Northwind Labs");
});

Deno.test("name: a common word opening the description is not taken for the product's name", async () => {
  const p = await draftHome(
    "https://acme.example",
    `<title>Invoices | Acme</title>
     <meta property="og:site_name" content="Acme">
     <meta name="description" content="Invoices made simple for freelancers.">`,
    `<h1>Get paid on time</h1><p>Acme lets freelancers send invoices and chase late payments.</p>`,
  );
  assert.equal(valueOf(p.fields.name), "Acme");
});

Deno.test("name: a JSON-LD application's name still comes before a title part", async () => {
  const ld = { "@context": "https://schema.org", "@type": "SoftwareApplication", name: "Clipjar" };
  const p = await draftHome(
    "https://northwindlabs.example",
    `<title>Pagecraft | Northwind Labs</title>
     <meta name="description" content="Pagecraft turns your podcast's feed into a website.">
     <script type="application/ld+json">${JSON.stringify(ld)}</script>`,
    `<h1>Clipjar</h1><p>Clipjar makes audiograms from your episodes.</p>`,
  );
  assert.equal(valueOf(p.fields.name), "Clipjar");
});

Deno.test("tags: no word pair across a clause break, never the site's own names", async () => {
  const p = await draftHome(
    "https://northwindlabs.example",
    `<title>Tidewater | Tide tables</title>
     <meta property="og:site_name" content="Marlin Apps">
     <meta name="description" content="Tide curves for every harbour, seven days ahead, from Marlin Apps.">`,
    `<h1>Tide curves for every harbour</h1>
     <ul><li>Tide curves for every harbour, seven days ahead</li>
     <li>Swell forecasts for every harbour, seven days ahead</li>
     <li>Offline charts by Marlin Apps</li></ul>
     <p>Marlin Apps makes tide curves for every harbour, seven days ahead. Marlin Apps tide curves.</p>`,
  );
  const terms = [
    ...((valueOf(p.fields.tags) as string[] | null) ?? []),
    ...((valueOf(p.fields.keywords) as string[] | null) ?? []),
  ];
  assert.ok(terms.includes("tide curves"), JSON.stringify(terms));
  for (const t of terms) {
    assert.ok(!/harbour seven|marlin|apps/.test(t), `"${t}" is not a tag`);
  }
});

Deno.test("name: a short h1 the description speaks of, over 'Home — Maker' in the title", async () => {
  const p = await draftHome(
    "http://127.0.0.1:8124",
    `<title>Home — Marram Studio</title>
     <meta name="description" content="Seedlot keeps stock counts for plant nurseries in one place.">`,
    `<h1>Seedlot</h1><p>Stock counts for plant nurseries, from seed tray to shipping rack.</p>
     <p>Write to hello@seedlot.example. Seedlot is made by Marram Studio in Victoria.</p>`,
  );
  assert.equal(valueOf(p.fields.name), "Seedlot");
  assert.equal(
    valueOf(p.fields.tagline),
    "Stock counts for plant nurseries, from seed tray to shipping rack",
  );
  const tags = (valueOf(p.fields.tags) as string[] | null) ?? [];
  assert.ok(!tags.some((t) => /marram|studio/.test(t)), JSON.stringify(tags));
  // Without a sentence about the h1, the title's part stays the name, as before.
  const plain = await draftHome(
    "http://127.0.0.1:8124",
    `<title>Home — Marram Studio</title>`,
    `<h1>Seedlot</h1><p>Stock counts for plant nurseries.</p>`,
  );
  assert.equal(valueOf(plain.fields.name), "Marram Studio");
});

Deno.test("name: a short h1 the description speaks of is not the name when og:site_name names the site", async () => {
  const p = await draftHome(
    "http://127.0.0.1:8126",
    `<title>Helpwise | Shared inbox for small teams</title>
     <meta property="og:site_name" content="Helpwise">
     <meta name="description" content="Juno drafts a reply to every ticket, and your team sends it.">`,
    `<h1>Juno</h1><p>Juno drafts a reply to every ticket, and your team sends it.</p>`,
  );
  assert.equal(valueOf(p.fields.name), "Helpwise");
});

Deno.test("name: a JSON-LD name of the product's add-ons gives the title's name, not 'X add-ons'", async () => {
  const ld = { "@context": "https://schema.org", "@type": "Product", name: "Tillroll add-ons" };
  const p = await draftHome(
    "http://127.0.0.1:8125",
    `<title>Tillroll | Certified partner of Xero</title>
     <script type="application/ld+json">${JSON.stringify(ld)}</script>`,
    `<h1>Close out the night in two minutes</h1><p>Tillroll counts the float for pubs.</p>`,
  );
  assert.equal(valueOf(p.fields.name), "Tillroll");
});
