/**
 * Headings that are not features (a subscription card's plan name, an archive's headlines, a
 * numbered edition) and a product name written with its site section's suffix ("Sluice docs").
 */
import assert from "node:assert/strict";
import { viewPage } from "../services/drafting/extractive/pages.ts";
import { draftFeatures } from "../services/drafting/extractive/features.ts";
import { draftName } from "../services/drafting/extractive/identity.ts";
import { withoutSection } from "../services/drafting/page_names.ts";
import { readPages } from "./people_fixture.ts";

const ORIGIN = "https://letter.example";

async function views(body: string, head = "<title>Furrow</title>") {
  const html = `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
  return (await readPages(ORIGIN, [["/", "home", html]])).map(viewPage);
}

const HERO = `<h1>Furrow</h1><p>Furrow is a weekly letter for orchard growers.</p>`;

Deno.test("a subscription card's plan name is never a feature", async () => {
  const v = await views(
    `${HERO}<h2>Join the letter</h2>
     <div class="plan"><h3>Seedling</h3><p>$0</p><p>The weekly letter.</p></div>
     <div class="plan"><h3>Orchardist</h3><p>$6/mo</p><p>Plus the pruning calendar.</p></div>
     <h2>Inside each letter</h2><h3>Pruning calendar</h3><p>Dates for your own region.</p>`,
  );
  assert.deepEqual(draftFeatures(v).value, ["Pruning calendar"]);
});

Deno.test("an archive's headlines and numbered editions are never features", async () => {
  const v = await views(
    `${HERO}<h2>Browse the archives</h2>
     <h3><a href="/p/1">What a late frost taught us</a></h3>
     <h2>Recently sent</h2>
     <h3><a href="/p/2">Issue 41: Grafting in a wet spring</a></h3>
     <h3><a href="/p/3">#40 — Selling cider at the gate</a></h3>
     <h2>Inside each letter</h2><h3>Pruning calendar</h3><p>Dates for your own region.</p>`,
  );
  assert.deepEqual(draftFeatures(v).value, ["Pruning calendar"]);
});

Deno.test("a site section's suffix is dropped from a name the site's pages write without it", async () => {
  const head =
    `<title>Introduction | Sluice docs</title><meta property="og:site_name" content="Sluice docs">`;
  const v = await views(
    `<h1>Introduction</h1><p>Sluice stores background jobs in your own Postgres.</p>`,
    head,
  );
  const name = draftName({ views: v, startUrl: `${ORIGIN}/` });
  assert.equal(name.value, "Sluice");
  assert.ok(name.evidence.some((q) => q.quote.includes("Sluice stores")));
});

Deno.test("a section suffix stays when the pages never write the name without it", () => {
  assert.equal(
    withoutSection("Relay Developers", ["Relay Developers is our portal."]),
    "Relay Developers",
  );
  assert.equal(withoutSection("Relay Developers", ["relay races are fun."]), "Relay Developers");
  assert.equal(withoutSection("Relay Help Center", ["Ask Relay anything."]), "Relay");
  assert.equal(withoutSection("Northwind Blog", ["Northwinds blow."]), "Northwind Blog");
  assert.equal(withoutSection("Docs", ["Docs are here."]), "Docs");
});
