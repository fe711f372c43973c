/**
 * The failure classes the widened development set (round 19, engineer G3) showed, each on a small
 * site of its own read by the real extractor, drafted by the extractive drafter and verified:
 * free tiers stated as "the extension is free" or "use it free", a free plan card whose paid
 * neighbour states its price only in prose, prices per 1,000 units, contact-sales pricing, foreign
 * billing periods, an og:description that only cuts the meta description short, and a support
 * team's city.
 */
import assert from "node:assert/strict";
import type { DraftedValue } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { PRICING_SIGNALS } from "../services/drafting/vocabulary.ts";
import { roleBound } from "../services/drafting/verifier/support.ts";
import { nameProblem } from "../services/drafting/verifier/parties.ts";
import { defaultCategories } from "../services/platform/reference.ts";
import { readPages } from "./people_fixture.ts";

const CATEGORIES = defaultCategories().map((c) => ({
  slug: c.slug,
  name: c.name,
  parent: c.parent,
}));
const ORIGIN = "https://product.example";

function page(title: string, body: string, head = ""): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title>${head}</head><body>
    <header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
    <main>${body}</main><footer></footer></body></html>`;
}

async function drafted(pages: [string, string, string][]) {
  const read = await readPages(ORIGIN, pages);
  const p = draftExtractive(read, { categories: CATEGORIES, startUrl: `${ORIGIN}/` });
  const v = verifyProposal(p, read, { categories: CATEGORIES, year: 2026 });
  assert.equal(v.quotes.checked, v.quotes.verified, JSON.stringify(v.dropped));
  return v.proposal;
}

const home = (title: string, body: string, head = "") =>
  drafted([["/", "home", page(title, body, head)]]);
const val = (d: DraftedValue | undefined) => d?.value ?? null;

Deno.test("pricing model: 'the extension is free' or 'use it free' next to a paid price is Freemium", async () => {
  const ext = await home(
    "Tabloom – tab manager",
    `<h1>All your tabs, one list</h1><p>Tabloom groups your open tabs into a list you can search.</p>
     <h2>Tabloom Pro</h2><p>The extension is free with no limits on tabs. Pro adds sync for $3 a month, or $24 a year.</p>`,
  );
  assert.equal(val(ext.fields.pricing_model), "Freemium");
  const seats = await home(
    "Calmdesk",
    `<h1>Breaks your team takes</h1><p>Calmdesk books short breaks into calendars.</p>
     <p><b>What does it cost?</b> $6 per seat per month. Teams under 10 people use it free.</p>`,
  );
  assert.equal(val(seats.fields.pricing_model), "Freemium");
});

Deno.test("pricing model: a free plan card whose paid neighbour's price is only in prose is not Free", async () => {
  const d = await home(
    "The Ledger Letter — a newsletter",
    `<h1>Money for makers, every Sunday</h1><p>A weekly newsletter about money for makers.</p>
     <h2>Free or Supporter</h2>
     <div class="plan"><h3>Free</h3><p>The Sunday issue. Free forever.</p></div>
     <div class="plan"><h3>Supporter</h3><p>£6 a month or £60 a year. Adds templates and a monthly Q&amp;A.</p></div>`,
  );
  assert.notEqual(val(d.fields.pricing_model), "Free", "a paid price is stated");
  assert.equal(val(d.fields.pricing_model), "Freemium");
});

Deno.test("pricing model: a price per 1,000 units is usage-based; a quote from the sales team is Contact sales", async () => {
  const api = await home(
    "Countwell — metering API",
    `<h1>Metering in one API call</h1><p>Countwell meters what your customers use.</p>
     <h2>Pricing</h2><p>Pay as you go: $0.20 per 1,000 events. No minimums, no seats, no contract.</p>`,
  );
  assert.equal(val(api.fields.pricing_model), "Usage-based");
  const sales = await drafted([
    [
      "/",
      "home",
      page(
        "Leasely",
        `<h1>Lease accounting, closed</h1><p>Leasely automates lease accounting.</p>`,
      ),
    ],
    [
      "/pricing",
      "pricing",
      page(
        "Pricing | Leasely",
        `<h1>Pricing that fits your portfolio</h1><p>Tell us about your portfolio and our sales team will send a quote within one working day.</p>`,
      ),
    ],
  ]);
  assert.equal(val(sales.fields.pricing_model), "Contact sales");
});

Deno.test("billing periods in French and German are subscriptions, for the drafter and the verifier", () => {
  for (const t of ["15 € HT par mois", "19 € pro Monat", "monatlich kündbar", "9 €/mois"]) {
    assert.ok(PRICING_SIGNALS.Subscription.test(t), t);
  }
  assert.ok(!PRICING_SIGNALS.Subscription.test("Fondée en 2019 à Lyon"));
  assert.ok(PRICING_SIGNALS["Usage-based"].test("$0.20 per 1,000 events"));
});

Deno.test("tagline: an og:description that only cuts the meta description short gives way to the hero line", async () => {
  const d = await home(
    "Rotawise | Staff scheduling software for restaurants",
    `<h1>Rotas done before the coffee's cold</h1><p>Build next week's rota in minutes.</p>`,
    `<meta name="description" content="Rotawise is staff scheduling software for restaurants, cafés and bars. Build the week's rota in minutes.">
     <meta property="og:description" content="Staff scheduling software for restaurants, cafés and bars.">`,
  );
  assert.equal(val(d.fields.tagline), "Rotas done before the coffee's cold");
  const own = await home(
    "Lumen",
    `<h1>Lumen for teams</h1><p>Lumen lights up your docs.</p>`,
    `<meta name="description" content="Lumen is a documentation search engine.">
     <meta property="og:description" content="Docs that answer back.">`,
  );
  assert.equal(
    val(own.fields.tagline),
    "Docs that answer back",
    "an og line of its own still wins",
  );
});

Deno.test("place: a support team's city is not the company's", async () => {
  const d = await drafted([
    ["/", "home", page("Rotawise", `<h1>Rotas in minutes</h1><p>Rotawise builds staff rotas.</p>`)],
    [
      "/about",
      "about",
      page(
        "About | Rotawise",
        `<h1>About us</h1><p>Today we are 24 people, with a support team in Lisbon, Portugal.</p>`,
      ),
    ],
  ]);
  assert.notEqual(val(d.fields.city), "Lisbon");
  assert.notEqual(val(d.fields.country), "PT");
});

Deno.test("name: from the title when the body names it only in the footer, 'Name: subtitle', an organisation without its legal form, a lone title the first sentence names", async () => {
  const footerOnly = await drafted([[
    "/",
    "home",
    `<!doctype html><html><head><title>Rotawise | Staff scheduling for restaurants</title></head><body>
     <main><h1>Rotas done before the coffee's cold</h1><p>Build next week's rota in minutes.</p></main>
     <footer>Rotawise, Inc. · Austin, Texas</footer></body></html>`,
  ]]);
  assert.equal(val(footerOnly.fields.name), "Rotawise");
  assert.ok(
    footerOnly.fields.name!.evidence.some((q) => q.source === "meta" && q.locator === "title"),
  );
  const colon = await home(
    "Fernly: plant care reminders",
    `<h1>Keep every houseplant alive</h1><p>Fernly reminds you when to water each plant.</p>`,
  );
  assert.equal(val(colon.fields.name), "Fernly");
  const ld = await home(
    "Leasely | Lease accounting",
    `<h1>Close lease accounting in days</h1><p>Automates lease accounting.</p>`,
    `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Leasely Ltd"}</script>`,
  );
  assert.equal(val(ld.fields.name), "Leasely", "the legal form is not the product's name");
  const lone = await home(
    "Calmdesk",
    `<h1>Breaks your team will actually take</h1><p>Calmdesk books a guided break into each calendar at the quietest moment of the day.</p>`,
  );
  assert.equal(val(lone.fields.name), "Calmdesk");
  const unsure = await home(
    "Welcome",
    `<h1>Breaks your team will actually take</h1><p>We book guided breaks into calendars every day.</p>`,
  );
  assert.equal(val(unsure.fields.name), null, "a lone title nothing agrees with is not a name");
});

Deno.test("founders: German card titles, a first-person 'Hi, I'm … I started X', and a blog post naming the product's co-founders", async () => {
  const de = await drafted([
    [
      "/",
      "home",
      page(
        "Lagerfix – Lagerverwaltung",
        `<h1>Nie wieder ausverkauft</h1><p>Lagerfix gleicht Bestände ab.</p>`,
      ),
    ],
    [
      "/ueber-uns",
      "about",
      page(
        "Über uns – Lagerfix",
        `<h1>Über uns</h1><div><h3>Lea Vogt</h3><p>Gründerin &amp; Geschäftsführerin</p></div>
         <div><h3>Felix Brandt</h3><p>Mitgründer &amp; Technik</p></div>
         <div><h3>Sara Yilmaz</h3><p>Kundensupport</p></div>`,
      ),
    ],
  ]);
  assert.deepEqual(de.founders.map((f) => f.name), ["Lea Vogt", "Felix Brandt"]);
  const me = await home(
    "The Ledger Letter — a newsletter",
    `<h1>Money for makers, every Sunday</h1><p>A weekly newsletter about money for makers.</p>
     <section><h2>Hi, I'm Hannah Okafor</h2><p>I started The Ledger Letter in 2021 after eight years doing the books for freelancers.</p></section>
     <section><h2>Readers also like</h2><p>Hi, I'm Tom Hartley. I started Pennywise Weekly in 2015.</p></section>`,
  );
  assert.deepEqual(
    me.founders.map((f) => f.name),
    ["Hannah Okafor"],
    "not the founder of another newsletter",
  );
  const blog = await drafted([
    [
      "/",
      "home",
      page(
        "Countwell — metering API",
        `<h1>Metering in one API call</h1><p>Countwell meters usage.</p>`,
      ),
    ],
    [
      "/blog/why-we-built-countwell",
      "other",
      page(
        "Why we built Countwell",
        `<h1>Why we built Countwell</h1><p>Aiko Tanaka and Sam Whitfield are the co-founders of Countwell.</p>
         <p>Stripe was founded by Patrick Collison and John Collison.</p>
         <p>Lena Fischer and Marco Rossi are the co-founders of Globex.</p>`,
      ),
    ],
  ]);
  assert.deepEqual(blog.founders.map((f) => f.name), ["Aiko Tanaka", "Sam Whitfield"]);
});

Deno.test("verifier: a list 'are the co-founders of' the product, and a first-person founding, bind; others do not", () => {
  const yes = [
    ["Aiko Tanaka and Sam Whitfield are the co-founders of Countwell.", "Sam Whitfield"],
    ["Aiko Tanaka and Sam Whitfield are the co-founders of Countwell.", "Aiko Tanaka"],
    ["Hi, I'm Hannah Okafor\nI started Countwell in 2021.", "Hannah Okafor"],
    ["Lea Vogt\nGründerin & Geschäftsführerin", "Lea Vogt"],
  ];
  for (const [q, n] of yes) assert.ok(roleBound(q, n, "Countwell"), q);
  const no = [
    ["Aiko Tanaka and Sam Whitfield are the co-founders of Globex.", "Aiko Tanaka"],
    ["Aiko Tanaka and Sam Whitfield are advisors.", "Sam Whitfield"],
    ["Hi, I'm Hannah Okafor\nI started Globex in 2021.", "Hannah Okafor"],
    ["Hi, I'm Hannah Okafor. I love Countwell.", "Hannah Okafor"],
    ["Sara Yilmaz\nKundensupport", "Sara Yilmaz"],
  ];
  for (const [q, n] of no) assert.ok(!roleBound(q, n, "Countwell"), q);
});

Deno.test("pricing summary: a table with a monthly and a yearly row keeps both prices per plan", async () => {
  const d = await drafted([
    ["/", "home", page("Rotawise", `<h1>Rotas in minutes</h1><p>Rotawise builds staff rotas.</p>`)],
    [
      "/pricing",
      "pricing",
      page(
        "Pricing | Rotawise",
        `<h1>Simple pricing</h1><table><thead><tr><th></th><th>Starter</th><th>Pro</th></tr></thead><tbody>
         <tr><th>Billed monthly</th><td>$39/month</td><td>$79/month</td></tr>
         <tr><th>Billed yearly</th><td>$31/month</td><td>$63/month</td></tr>
         <tr><th>Staff</th><td>Up to 15</td><td>Unlimited</td></tr></tbody></table>`,
      ),
    ],
  ]);
  const summary = String(val(d.fields.pricing_summary));
  for (const amount of ["$39", "$31", "$79", "$63"]) assert.ok(summary.includes(amount), summary);
  assert.ok(!summary.includes("Up to 15"), "only the period rows");
});

Deno.test("pricing: amounts written before the euro sign on a /preise page are plans; a button repeating a price is left out", async () => {
  const de = await drafted([
    [
      "/",
      "home",
      page("Lagerfix", `<h1>Nie wieder ausverkauft</h1><p>Lagerfix gleicht Bestände ab.</p>`),
    ],
    [
      "/preise",
      "other",
      page(
        "Preise – Lagerfix",
        `<h1>Preise</h1><div class="tarif"><h2>Basis</h2><p>19 € pro Monat oder 190 € pro Jahr</p></div>
         <div class="tarif"><h2>Profi</h2><p>49 € pro Monat oder 490 € pro Jahr</p></div>`,
      ),
    ],
  ]);
  assert.equal(val(de.fields.pricing_model), "Subscription");
  const summary = String(val(de.fields.pricing_summary));
  assert.ok(
    summary.includes("Basis") && summary.includes("19 €") && summary.includes("490 €"),
    summary,
  );
  const app = await home(
    "Framely — photo frames",
    `<h1>Frame a whole shoot</h1><p><a href="/trial.dmg">Download the free trial</a> (macOS 13 or later)</p>
     <h2>Buy once</h2><p>Framely costs $29, paid once, with every update included. No subscription.</p>
     <p><a href="/buy">Buy Framely for $29</a></p>`,
  );
  const once = String(val(app.fields.pricing_summary));
  assert.ok(once.includes("Framely costs $29, paid once"), once);
  assert.ok(!once.includes("Buy Framely"), "a button repeating the price adds nothing");
});

Deno.test("verifier: a section heading glued to a name ('Leadership Marcus Hale') is not a name; div menus are navigation", async () => {
  assert.match(nameProblem("Leadership Marcus Hale"), /label "Leadership"/);
  assert.equal(nameProblem("Marcus Hale"), "");
  const read = await readPages(ORIGIN, [[
    "/",
    "home",
    `<!doctype html><html><head><title>Tabloom</title></head><body>
     <div class="nav"><a href="/">Tabloom</a> <a href="#pro">Pro</a> <a href="https://chromewebstore.google.com/detail/tabloom/x">Add to Chrome</a></div>
     <div class="hero"><h1>All your tabs, one list</h1><p>Tabloom groups your open tabs into a list you can search.</p></div></body></html>`,
  ]]);
  const p = draftExtractive(read, { categories: CATEGORIES, startUrl: `${ORIGIN}/` });
  p.fields.tagline = {
    value: "Tabloom Pro Add to",
    evidence: [{ quote: "Tabloom Pro Add to", url: `${ORIGIN}/` }],
  };
  const v = verifyProposal(p, read, { categories: CATEGORIES, year: 2026 });
  assert.equal(v.proposal.fields.tagline?.value ?? null, null, "glued menu text is not a tagline");
});
