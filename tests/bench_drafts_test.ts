/**
 * The drafting benchmark's own parts: the site sets and their serving options, the quote check it
 * makes against served HTML, the matching rules, the planted values and the command line.
 */
import assert from "node:assert/strict";
import { readTruth, serveSites, setSites } from "../bench/sites/serve.ts";
import { checkQuotes, pageSources, quoteFound } from "../bench/drafts/quotes.ts";
import { score, SCORED } from "../bench/drafts/matching.ts";
import { jsonFigures, printSet, type SetFigures, type SiteRun } from "../bench/drafts/report.ts";
import { plant, plantKept } from "../bench/drafts/plants.ts";
import { carelessAnswer, type PromptPage } from "../bench/drafts/fake_model.ts";
import { parseDraftBenchArgs } from "../bench/drafts.ts";
import type { DraftProposal, EvidenceQuote } from "../services/drafting/evidence.ts";
import type { SiteTruth } from "../bench/sites/serve.ts";
import { proposalWith } from "./source_pages_fixture.ts";

Deno.test("the held-out and development sets each hold at least ten sites with a truth", async () => {
  for (const set of ["heldout", "dev"] as const) {
    const sites = setSites(set);
    assert.ok(sites.length >= 10, `${set}: ${sites.length} sites`);
    for (const site of sites) {
      assert.ok(site.startsWith(`${set}/`));
      const truth = await readTruth(site, "http://127.0.0.1:1");
      assert.equal(typeof truth.about, "string", site);
      assert.ok(Array.isArray(truth.must_not_appear), site);
    }
  }
  assert.ok(setSites("fixtures").includes("sixpage"));
  assert.ok(!setSites("fixtures").some((s) => s.includes("/")));
});

async function rawRequest(port: number, line: string, host: string): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(
    new TextEncoder().encode(`${line}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
  );
  let out = "";
  const buf = new Uint8Array(8192);
  for (;;) {
    const n = await conn.read(buf);
    if (n === null) break;
    out += new TextDecoder().decode(buf.subarray(0, n));
  }
  conn.close();
  return out;
}

Deno.test("serving options: www → apex redirect, and a server that refuses absolute-form lines", async () => {
  const sites = await serveSites({ sites: ["heldout/ferrowave", "heldout/sprocket"] });
  try {
    const apex = new URL(sites.origin("heldout/ferrowave"));
    const entry = new URL(sites.entry("heldout/ferrowave"));
    assert.equal(apex.hostname, "ferrowave.localhost");
    assert.equal(entry.hostname, "www.ferrowave.localhost");
    const www = await rawRequest(Number(apex.port), "GET /specs HTTP/1.1", entry.host);
    assert.match(www, /^HTTP\/1\.1 301/);
    assert.match(www, new RegExp(`location: ${apex.origin}/specs`, "i"));
    const direct = await rawRequest(Number(apex.port), "GET /specs HTTP/1.1", apex.host);
    assert.match(direct, /^HTTP\/1\.1 200/);

    const origin = new URL(sites.origin("heldout/sprocket"));
    const port = Number(origin.port);
    const absolute = await rawRequest(port, `GET ${origin.origin}/ HTTP/1.1`, origin.host);
    assert.match(absolute, /^HTTP\/1\.1 404/);
    const originForm = await rawRequest(port, "GET / HTTP/1.1", origin.host);
    assert.match(originForm, /^HTTP\/1\.1 200/);
    assert.match(originForm, /Sprocket Notes/);
    assert.deepEqual(
      sites.requests.filter((r) => r.site === "heldout/sprocket").map((r) => r.path),
      [`${origin.origin}/`, "/"],
    );
  } finally {
    await sites.close();
  }
});

const PAGE = `<!doctype html><html><head><title>Acme — Rockets</title>
<meta name="description" content="Acme builds rockets.">
<script type="application/ld+json">{"@type":"Organization","founder":[{"name":"Ada Lovelace"}],
"sameAs":["https://x.com/acme"],"mainEntity":{"text":"<p>Yes. <b>Always</b>.</p>"}}</script>
</head><body><nav><a href="/">Home</a><a href="/team">Team</a></nav>
<h1>Rockets for everyone</h1><p>Acme was founded in 2019.</p>
<p hidden>Secret plans</p><!-- Founded in 1999 --><img src="/p.png" alt="Pro plan: $9 per month">
<a href="https://www.linkedin.com/company/acme">LinkedIn</a><a href="mailto:hi@acme.example">Mail</a>
<script id="__NEXT_DATA__" type="application/json">{"props":{"hero":"Launch in a day",
"plan":{"name":"Pro","price":"$9","type":"paid"}}}</script>
</body></html>`;

Deno.test("quotes are looked up in the source they name, from the served HTML", () => {
  const page = pageSources(PAGE, "http://acme.test/");
  const url = "http://acme.test/";
  const found = (quote: string, source?: EvidenceQuote["source"], locator?: string) =>
    quoteFound({ quote, url, source, locator }, page);
  assert.equal(found("HomeTeam Rockets for everyone"), "yes", "inline links glued, blocks spaced");
  assert.equal(found("Acme was founded in 2019."), "yes");
  assert.equal(found("Secret plans"), "no", "hidden elements are not visible");
  assert.equal(found("Founded in 1999"), "no", "comments are not visible");
  assert.equal(
    found("HomeTeam Acme was founded in 2019."),
    "no",
    "nothing stitched from two places",
  );
  assert.equal(found("Pro plan: $9 per month"), "no", "an alt text is not page text");
  assert.equal(found("Pro plan: $9 per month", "alt", "http://acme.test/p.png"), "yes");
  assert.equal(found("Pro plan: $9 per month", "alt", "http://acme.test/q.png"), "no");
  assert.equal(found("Launch in a day"), "no", "app JSON is not page text");
  assert.equal(found("Launch in a day", "app", "__NEXT_DATA__:props.hero"), "yes");
  assert.equal(found("Launch in a day", "app", "__NEXT_DATA__:props.plan.name"), "no");
  assert.equal(found("Pro $9", "app", "__NEXT_DATA__:props.plan"), "yes", "an object's strings");
  assert.equal(found("Launch in a day Pro", "app", "__NEXT_DATA__:props"), "no", "not stitched");
  assert.equal(found("Acme builds rockets."), "no", "meta is not page text");
  assert.equal(found("Acme builds rockets.", "meta", "description"), "yes");
  assert.equal(found("Acme builds rockets.", "meta", "og:description"), "no");
  assert.equal(found("Ada Lovelace", "jsonld", "founder.0.name"), "yes");
  assert.equal(found("Ada Lovelace", "jsonld", "author.name"), "unlocated");
  assert.equal(found("Yes. Always.", "jsonld", "mainEntity.text"), "yes", "markup removed");
  assert.equal(found("https://www.linkedin.com/company/acme"), "link");
  assert.equal(found("https://x.com/acme"), "link", "a JSON-LD URL");
  assert.equal(found("hi@acme.example"), "link");
  assert.equal(found("https://x.com/someone-else"), "no");
});

function proposal(over: Partial<DraftProposal> = {}): DraftProposal {
  return proposalWith(over);
}

const TRUTH: SiteTruth = {
  about: "test",
  name: ["Acme Rockets", "Acme"],
  tagline: null,
  description: null,
  pricing_model: null,
  pricing_summary: "Pro $9 per month",
  country: null,
  city: "Porto",
  founded_year: null,
  features: ["Project groups", "Replay"],
  contact_email: null,
  demo_video_url: null,
  logo_url: null,
  socials: { github: "https://github.com/acme" },
  founders: [{ name: "Ada Lovelace", title: null, socials: { x: "https://x.com/ada" } }],
  faqs: [{ question: "Is it safe?", answer: "Yes. Always." }],
  must_not_appear: [],
  customer_names: [],
  decoys: ["Frankfurt", "Grace Hopper"],
};

Deno.test("an app state written as a data-only object literal is a source at its paths", () => {
  const html = `<html><body><div id="root"></div><script>
window.__STATE__ = {hero: {title: 'Acme\\'s rockets', lead: "Rockets, for everyone",}, /* x */ n: undefined,};</script>
<script>window.__CODE__ = {a: track("x")};</script></body></html>`;
  const page = pageSources(html, "http://acme.test/");
  const found = (quote: string, locator: string) =>
    quoteFound({ quote, url: "http://acme.test/", source: "app", locator }, page);
  assert.equal(found("Acme's rockets", "__STATE__:hero.title"), "yes");
  assert.equal(found("Acme's rockets Rockets, for everyone", "__STATE__:hero"), "yes");
  assert.equal(found("Rockets", "__STATE__:hero.title"), "no", "at its own path only");
  assert.equal(found("x", "__CODE__:a"), "no", "code is not read");
});

Deno.test("matching: alternatives, feature heads, accounts, Yes/No and decoys", async () => {
  const ev = [{ quote: "x", url: "http://acme.test/" }];
  const good = score(
    proposal({
      fields: {
        name: { value: "Acme", evidence: ev },
        city: { value: "Porto", evidence: ev },
        pricing_summary: { value: "Pro: $9/month", evidence: ev },
        features: {
          value: ["Project groups that restore in one click", "Replay - resend any webhook"],
          evidence: ev,
        },
      },
      company_socials: { github: { value: "https://github.com/acme/rockets", evidence: ev } },
      founders: [{
        name: "Ada Lovelace",
        title: null,
        bio: null,
        evidence: ev,
        links: { x: { value: "https://twitter.com/ada", evidence: ev } },
      }],
      faqs: [{ question: "Is it safe?", answer: "Yes. Always.", evidence: ev }],
    }),
    TRUTH,
  );
  assert.deepEqual(good.invented, []);
  for (
    const f of [
      "name",
      "city",
      "pricing_summary",
      "socials",
      "founders",
      "founder_socials",
      "faqs",
    ] as const
  ) {
    assert.deepEqual(good.counts[f], { tp: 1, fp: 0, fn: 0 }, f);
  }
  assert.deepEqual(good.counts.features, { tp: 2, fp: 0, fn: 0 });

  const bad = score(
    proposal({
      fields: {
        city: { value: "Frankfurt", evidence: ev },
        pricing_summary: { value: "Pro $16 per month", evidence: ev },
      },
      founders: [{ name: "Grace Hopper", title: "Advisor", bio: null, evidence: ev }],
      faqs: [{ question: "Is it safe?", answer: "No. Never.", evidence: ev }],
    }),
    TRUTH,
  );
  assert.deepEqual(bad.counts.city, { tp: 0, fp: 1, fn: 1 });
  assert.deepEqual(bad.counts.pricing_summary, { tp: 0, fp: 1, fn: 1 });
  assert.deepEqual(bad.counts.faqs, { tp: 0, fp: 1, fn: 1 }, "a flipped answer is wrong");
  assert.ok(bad.invented.some((i) => i.includes('decoy "Frankfurt" drafted as city')));
  assert.ok(bad.invented.some((i) => i.includes('decoy "Grace Hopper" drafted as founder')));
  await Promise.resolve();
});

Deno.test("the fake model answers from the prompt's pages; plants are detected when kept", () => {
  const pages: PromptPage[] = [{
    url: "http://acme.test/",
    kind: "home",
    meta: ["Title: Acme — Rockets for everyone", "Emails: hi@acme.example"],
    text:
      "HomeTeamPricing Rockets for everyone. Acme is a rocket maker based in Porto, Portugal. " +
      "Our servers are hosted in Frankfurt, Germany. Pro costs $9 per month. " +
      "Can I cancel? Yes. Any time. Grace Hopper, Senior Engineer. © 2021 Acme",
  }];
  const answer = carelessAnswer(pages);
  assert.equal(answer.fields.name.value, "Acme");
  assert.equal(answer.fields.city.value, "Porto");
  assert.equal(answer.fields.country.value, "PT");
  assert.equal(answer.fields.contact_email.value, "hi@acme.example");
  assert.equal(answer.faqs[0]?.answer, "Yes.");
  const planted = plant(answer, pages, "http://acme.test");
  const kinds = new Set(planted.map((p) => p.kind));
  for (
    const k of [
      "made_up_quote",
      "unread_page",
      "copyright_year",
      "data_centre_city",
      "non_founder",
      "navigation",
      "flip_negation",
      "flip_yes_no",
      "flip_number",
    ]
  ) assert.ok(kinds.has(k as never), k);
  const city = planted.find((p) => p.kind === "data_centre_city")!;
  assert.equal(city.value, "Frankfurt");
  const ev = [{ quote: "x", url: "http://acme.test/" }];
  assert.ok(plantKept(city, proposal({ fields: { city: { value: "Frankfurt", evidence: ev } } })));
  assert.ok(!plantKept(city, proposal({ fields: { city: { value: "Porto", evidence: ev } } })));
  const faq = planted.find((p) => p.kind === "flip_yes_no")!;
  assert.ok(
    plantKept(
      faq,
      proposal({ faqs: [{ question: "Can I cancel?", answer: "No.", evidence: ev }] }),
    ),
  );
  assert.ok(
    !plantKept(
      faq,
      proposal({ faqs: [{ question: "Can I cancel?", answer: "Yes.", evidence: ev }] }),
    ),
  );
});

Deno.test("checkQuotes counts quotes whose page cannot be loaded as not found", async () => {
  const p = proposal({
    fields: {
      name: { value: "Acme", evidence: [{ quote: "Acme was founded", url: "http://acme.test/" }] },
    },
    faqs: [{
      question: "Q?",
      answer: "A.",
      evidence: [{ quote: "Q? A.", url: "http://acme.test/gone" }],
    }],
  });
  const check = await checkQuotes(p, (url) => Promise.resolve(url.endsWith("/") ? PAGE : null));
  assert.equal(check.checked, 2);
  assert.equal(check.verified, 1);
  assert.equal(check.failures.length, 1);
});

Deno.test("command line: sets, sites by path or bare name, unknown values refused", () => {
  const held = parseDraftBenchArgs(["--set", "heldout"]);
  assert.deepEqual(held.sets, ["heldout"]);
  assert.ok(held.sites.every((s) => s.startsWith("heldout/")));
  const some = parseDraftBenchArgs(["--sites", "tinyq,dev/brightdesk,sixpage", "--no-llm"]);
  assert.deepEqual(some.sites, ["heldout/tinyq", "dev/brightdesk", "sixpage"]);
  assert.equal(some.llm, false);
  assert.throws(() => parseDraftBenchArgs(["--set", "prod"]), /--set must be one of/);
  assert.throws(() => parseDraftBenchArgs(["--set", "dev", "--sites", "tinyq"]), /Unknown site/);
});

/** A run of the extractive drafter on `site` with one wrong founded_year and one quote not found. */
function wrongRun(site: string): SiteRun {
  const counts = Object.fromEntries(SCORED.map((f) => [f, { tp: 1, fp: 0, fn: 0 }])) as SiteRun[
    "counts"
  ];
  counts.founded_year = { tp: 0, fp: 1, fn: 0 };
  return {
    site,
    drafter: "extractive",
    counts,
    invented: ['founded_year: "2013" (site does not state it)'],
    quotes: { checked: 2, verified: 1, unlocated: 0, links: 0, failures: ["Secret quote"] },
    reported: { checked: 2, verified: 2 },
    fallback: null,
    draftMs: 1,
  };
}

Deno.test("the held-out set's wrong values and quotes are counted, never shown (report and JSON)", () => {
  const figures = (set: string, site: string): SetFigures => ({
    set,
    sites: [site],
    runs: [wrongRun(site)],
    adversarial: [],
    timing: [],
    violations: [],
  });
  const printed: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => void printed.push(args.join(" "));
  try {
    printSet(figures("dev", "dev/open"), false);
    printSet(figures("heldout", "heldout/closed"), false);
  } finally {
    console.log = log;
  }
  const text = printed.join("\n");
  assert.match(text, /invented \[dev\/open\] founded_year/);
  assert.match(text, /not found: \[dev\/open\] Secret quote/);
  assert.match(text, /invented: 1 on the held-out set/);
  assert.doesNotMatch(text.slice(text.indexOf("=== heldout")), /2013|Secret quote|\[heldout\//);
  const json = JSON.stringify(jsonFigures(figures("heldout", "heldout/closed")));
  assert.doesNotMatch(json, /2013|Secret quote|closed/);
  assert.match(json, /"invented":1/);
  assert.match(json, /"founded_year":\{"tp":0,"fp":1,"fn":0\}/);
  // The development set's figures are printed whole.
  const dev = figures("dev", "dev/open");
  assert.equal(jsonFigures(dev), dev);
});
