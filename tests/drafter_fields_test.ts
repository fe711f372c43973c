/**
 * The extractive drafter's fields on realistic pages read by the real extractor: dates without
 * made-up precision, classifications only from stated evidence, pricing summaries with every plan
 * once, noun-phrase tags, the company's own place, SEO from the page's head with its source, and
 * the site's language.
 */
import assert from "node:assert/strict";
import { extractPage } from "../services/drafting/extract.ts";
import type { DraftedValue, EvidencePage } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { clipAtWord } from "../services/drafting/extractive/identity.ts";
import { statesFullDate } from "../services/drafting/text.ts";
import { defaultCategories } from "../services/platform/reference.ts";

const CATEGORIES = defaultCategories().map((c) => ({
  slug: c.slug,
  name: c.name,
  parent: c.parent,
}));
const ORIGIN = "https://site.example";

function page(title: string, body: string, head = "", lang = "en"): string {
  return `<!doctype html><html lang="${lang}"><head><title>${title}</title>${head}</head><body>
    <header><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/pricing">Pricing</a></nav></header>
    <main>${body}</main><footer><p>© 2019-2026 Site Ltd</p></footer></body></html>`;
}

async function read(pages: [string, string, string][]): Promise<EvidencePage[]> {
  const out: EvidencePage[] = [];
  for (const [path, kind, html] of pages) {
    const url = `${ORIGIN}${path}`;
    const e = await extractPage(html, url);
    out.push({
      url,
      fetched_at: "",
      status: 200,
      kind,
      title: e.title,
      text: e.text,
      facts: e.facts,
    });
  }
  return out;
}

async function draft(pages: [string, string, string][]) {
  return draftExtractive(await read(pages), { categories: CATEGORIES, startUrl: `${ORIGIN}/` });
}

const val = (d: DraftedValue | undefined) => d?.value ?? null;

Deno.test("dates: a year stays a founded year, a month and year is no milestone, a stated day is", async () => {
  const p = await draft([
    ["/", "home", page("Ledgerly | Bookkeeping for shops", "<h1>Bookkeeping for shops</h1>")],
    [
      "/about",
      "about",
      page(
        "About Ledgerly",
        `<h1>About us</h1>
      <p>Ledgerly was founded in 2021 by two accountants.</p>
      <p>In March 2023 we shipped the mobile app to every customer.</p>
      <p>On 14 June 2024 we launched the public API for partners.</p>`,
      ),
    ],
  ]);
  assert.equal(val(p.fields.founded_year), "2021");
  assert.deepEqual(p.milestones.map((m) => m.date), ["2024-06-14"]);
  assert.ok(!p.milestones.some((m) => m.date.endsWith("-01")), "no day is made up");
});

Deno.test("statesFullDate: only a stated day counts", () => {
  assert.ok(statesFullDate("On 14 June 2024 we launched", "2024-06-14"));
  assert.ok(statesFullDate("June 14th, 2024: the API", "2024-06-14"));
  assert.ok(statesFullDate("released 2024-06-14", "2024-06-14"));
  assert.ok(!statesFullDate("founded in 2021", "2021-01-01"));
  assert.ok(!statesFullDate("in June 2024 we launched", "2024-06-01"));
});

Deno.test("classifications: stage and pricing model only where stated, open source only of the product", async () => {
  const silent = await draft([
    [
      "/",
      "home",
      page(
        "Quillo | Notes",
        `<h1>Notes that link themselves</h1>
      <p>Quillo is built with open-source libraries and runs in your browser.</p>
      <p>Write notes, link them and find them again in seconds.</p>`,
      ),
    ],
  ]);
  assert.equal(val(silent.fields.stage), null);
  assert.equal(
    val(silent.fields.pricing_model),
    null,
    "built with open-source libraries is no model",
  );
  const stated = await draft([
    [
      "/",
      "home",
      page(
        "Quillo | Notes",
        `<h1>Notes that link themselves</h1>
      <p>Quillo is open source under the MIT license and currently in public beta.</p>`,
      ),
    ],
  ]);
  assert.equal(val(stated.fields.stage), "mvp");
  assert.equal(val(stated.fields.pricing_model), "Free", "an open-source product is free");
});

Deno.test("categories: only what the product's description supports, never a weak word match", async () => {
  const weak = await draft([
    [
      "/",
      "home",
      page(
        "Pebble | Recipes",
        `<h1>Recipes from your fridge</h1>
      <p>Pebble suggests dinner recipes from what is already in your fridge.</p>
      <p>Our team loves to cook. Read the notes from our test kitchen.</p>`,
        `<meta name="description" content="Pebble suggests dinner recipes from what is already in your fridge.">`,
      ),
    ],
  ]);
  assert.equal(val(weak.fields.categories), null);
  const strong = await draft([
    [
      "/",
      "home",
      page(
        "Acmeflow | Invoicing",
        `<h1>Invoices that pay themselves</h1>
      <p>Acmeflow sends invoices and payment reminders for freelancers.</p>
      <ul><li>Recurring invoices</li><li>Invoice templates</li><li>Payment reminders</li></ul>`,
        `<meta name="description" content="Invoicing software: invoices and payment reminders for freelancers.">`,
      ),
    ],
  ]);
  assert.equal((val(strong.fields.categories) as string[])[0], "Invoicing");
});

Deno.test("pricing summary: every plan once with its name, a trial sentence adds only the trial", async () => {
  const p = await draft([
    ["/", "home", page("Tally | Forms", "<h1>Forms people finish</h1>")],
    [
      "/pricing",
      "pricing",
      page(
        "Pricing",
        `<h1>Pricing</h1>
      <div class="pricing">
        <div class="plan"><h3>Starter</h3><p class="price">$19/month</p><ul><li>3 forms</li></ul></div>
        <div class="plan"><h3>Growth</h3><p class="price">$49/month</p><ul><li>Unlimited forms</li></ul></div>
      </div>
      <p>Starter is $19 per month and Growth is $49 per month, each with a 14-day free trial.</p>`,
      ),
    ],
  ]);
  const summary = String(val(p.fields.pricing_summary));
  assert.match(summary, /^Starter: \$19\/month; Growth: \$49\/month/);
  assert.equal(summary.match(/Starter/g)?.length, 1, summary);
  assert.match(summary, /14-day free trial$/);
  assert.equal(val(p.fields.pricing_model), "Subscription");
});

Deno.test("tags and keywords: noun phrases of the product's description, no verbs or frequent words", async () => {
  const p = await draft([
    [
      "/",
      "home",
      page(
        "Shiftly | Staff scheduling",
        `<h1>Staff scheduling for restaurants</h1>
      <p>Shiftly builds staff schedules for restaurants and sends shift reminders to the team.</p>
      <ul><li>Staff scheduling</li><li>Shift reminders</li><li>Time off requests</li></ul>
      <p>Get started today. Make schedules in minutes. Get your team on Shiftly. Get it now.</p>
      <p>Our team makes staff scheduling simple. Get shift reminders. Make shift swaps easy.</p>`,
        `<meta name="description" content="Staff scheduling and shift reminders for restaurants.">`,
      ),
    ],
  ]);
  const tags = (val(p.fields.tags) as string[] | null) ?? [];
  const keywords = (val(p.fields.keywords) as string[] | null) ?? [];
  assert.ok(tags.includes("staff scheduling"), JSON.stringify(tags));
  assert.ok(tags.includes("shift reminders"), JSON.stringify(tags));
  for (const t of [...tags, ...keywords]) {
    assert.ok(!/^(get|make|makes|team|sends|builds)$/.test(t), `"${t}" is not a tag`);
  }
});

Deno.test("place: the company's city and country, not its data centre's or customers'", async () => {
  const about = await draft([
    [
      "/",
      "home",
      page(
        "Orbit | Analytics",
        `<h1>Privacy-first analytics</h1>
      <p>Your data stays in our data centre in Frankfurt, Germany and never leaves the EU.</p>`,
      ),
    ],
    [
      "/about",
      "about",
      page(
        "About",
        `<h1>About Orbit</h1>
      <p>Orbit is a company of six people in Lisbon, Portugal.</p>`,
      ),
    ],
  ]);
  assert.equal(val(about.fields.city), "Lisbon");
  assert.equal(val(about.fields.country), "PT");
  const office = await draft([
    [
      "/",
      "home",
      page(
        "Canal | Boats",
        `<h1>Boat rentals, booked in minutes</h1>
      <p>We serve customers in Rotterdam, Netherlands and beyond.</p>
      <p>Greetings from our office in Amsterdam, the Netherlands.</p>`,
      ),
    ],
  ]);
  assert.equal(val(office.fields.city), "Amsterdam");
  assert.equal(val(office.fields.country), "NL");
  const servers = await draft([
    [
      "/",
      "home",
      page(
        "Vault | Backups",
        `<h1>Backups you never think about</h1>
      <p>Your backups are hosted in Dublin, Ireland on encrypted disks.</p>`,
      ),
    ],
  ]);
  assert.equal(val(servers.fields.city), null);
});

Deno.test("SEO: the page's own title and meta description, clipped at a word, quoted as meta", async () => {
  const longMeta = "Shiftly builds staff schedules for restaurants, cafés and bars, sends shift " +
    "reminders by text message, handles time off requests and swaps, and keeps labour costs " +
    "within the budget you set for every week of the year.";
  const p = await draft([
    [
      "/",
      "home",
      page(
        "Shiftly - Staff scheduling for restaurants, cafés, bars and hotel kitchens everywhere",
        "<h1>Staff scheduling</h1>",
        `<meta name="description" content="${longMeta}">`,
      ),
    ],
  ]);
  const title = p.seo?.title;
  const meta = p.seo?.meta;
  assert.ok(title?.value && title.value.length <= 70, String(title?.value));
  assert.ok(meta?.value && meta.value.length <= 170, String(meta?.value));
  assert.ok(
    title!.evidence[0].quote.startsWith(title!.value!),
    "a clipped value is a span of its quote",
  );
  assert.ok(meta!.evidence[0].quote.startsWith(meta!.value!));
  assert.deepEqual([title!.evidence[0].source, title!.evidence[0].locator], ["meta", "title"]);
  assert.deepEqual([meta!.evidence[0].source, meta!.evidence[0].locator], ["meta", "description"]);
  assert.equal(clipAtWord("one two three four", 15), "one two three");
  assert.equal(clipAtWord("Acme - the rest", 7), null);
});

Deno.test("language: a Dutch section is not the English tagline; a Dutch-only site stays Dutch", async () => {
  const both = await draft([
    [
      "/nl/",
      "link",
      page(
        "Fiets | Fietsen huren in Utrecht",
        "<h1>Fietsen huren zonder gedoe</h1><p>Huur een fiets in twee minuten, overal in de stad.</p>",
        "",
        "nl",
      ),
    ],
    [
      "/",
      "home",
      page(
        "Fiets | Bike rental in Utrecht",
        "<h1>Bike rental without the hassle</h1><p>Rent a bike in two minutes, anywhere in the city.</p>",
      ),
    ],
  ]);
  assert.equal(val(both.fields.tagline), "Bike rental without the hassle");
  assert.ok(!JSON.stringify(both).includes("Fietsen huren"), "no Dutch text in the English draft");
  const dutch = await draft([
    [
      "/",
      "home",
      page(
        "Fiets | Fietsen huren in Utrecht",
        "<h1>Fietsen huren zonder gedoe</h1><p>Huur een fiets in twee minuten, overal in de stad.</p>",
        "",
        "nl",
      ),
    ],
  ]);
  assert.equal(val(dutch.fields.tagline), "Fietsen huren zonder gedoe");
});

Deno.test("quotes from the head or JSON-LD name their source", async () => {
  const p = await draft([
    [
      "/",
      "home",
      page(
        "Ledgerly | Bookkeeping",
        "<h1>Bookkeeping for shops</h1>",
        `<script type="application/ld+json">${
          JSON.stringify({
            "@type": "Organization",
            name: "Ledgerly",
            foundingDate: "2020",
            address: {
              "@type": "PostalAddress",
              addressLocality: "Ghent",
              addressCountry: "Belgium",
            },
          })
        }</script>`,
      ),
    ],
  ]);
  assert.equal(val(p.fields.founded_year), "2020");
  const q = p.fields.founded_year!.evidence[0];
  assert.equal(q.source, "jsonld");
  assert.equal(q.locator, "foundingDate");
  assert.equal(q.quote, "2020");
  assert.equal(val(p.fields.city), "Ghent");
});
