/**
 * The verifier's source and support rules on pages stored without zones: a quote is checked
 * against exactly the source it names; a value must be a run of its quote's words, not negated;
 * a founder's role bound to the name; a vendor, trademark holder or data centre is not the
 * product's; navigation is never a tagline or an FAQ question.
 */
import assert from "node:assert/strict";
import type {
  DraftedValue,
  DraftProposal,
  EvidencePage,
  EvidenceQuote,
} from "../services/drafting/evidence.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { readPages } from "./people_fixture.ts";
import { roleBound, supportsAsSpan } from "../services/drafting/verifier/support.ts";
import { proposalWith } from "./source_pages_fixture.ts";

const URL_ = "https://acme.example/";

const HTML = `<!doctype html><html><head><title>Acme | Invoices on autopilot</title>
  <meta name="description" content="Acme sends invoices for freelancers.">
  <meta property="og:title" content="Acme">
  <script type="application/ld+json">{"@type": "Organization", "name": "Acme",
    "founder": [{"@type": "Person", "name": "Jane Doe"}]}</script></head><body>
  <nav><a href="/">Home</a> <a href="/pricing">Pricing</a> <a href="/docs">Docs</a>
    <a href="/how">How does Acme work?</a></nav>
  <p>Acme sends your invoices on time.</p> <p>Acme does not support SSO.</p>
  <p>Pro costs $12 per month; Team costs $30 per month.</p>
  <p>Thermal sensors by Heatwise.</p> <p>Acme is a trademark of Roadrunner Holdings.</p>
  <p>Our data centre is in Frankfurt.</p> <p>Acme was made in Freiburg im Breisgau.</p>
  <p>Meet the team: Jane Doe, co-founder and CEO.</p> <p>Ali Khan Head of Design.</p>
  <p>Board member Rita Moss. She was the founder of Globex.</p></body></html>`;

/** The page as drafts stored before zones existed: the verifier falls back on link texts. */
let PAGE: EvidencePage;
async function storedPage(): Promise<EvidencePage> {
  if (PAGE) return PAGE;
  const [page] = await readPages("https://acme.example", [["/", "home", HTML]]);
  delete page.facts.zones;
  return PAGE = page;
}

function quote(q: string, extra: Partial<EvidenceQuote> = {}): EvidenceQuote {
  return { quote: q, url: URL_, ...extra };
}

async function verify(p: Partial<DraftProposal>) {
  return verifyProposal(proposalWith(p), [await storedPage()], { year: 2026 });
}

const field = (value: unknown, ...quotes: EvidenceQuote[]): DraftedValue => ({
  value,
  evidence: quotes,
});

Deno.test("a quote is checked against exactly the source it names", async () => {
  const title = "Acme | Invoices on autopilot";
  const asText = await verify({
    fields: { tagline: field("Invoices on autopilot", quote(title, { source: "text" })) },
  });
  assert.equal(asText.proposal.fields.tagline?.value, null, "a meta value cited as page text");
  const asMeta = await verify({
    fields: {
      tagline: field("Invoices on autopilot", quote(title, { source: "meta", locator: "title" })),
    },
  });
  assert.equal(asMeta.proposal.fields.tagline?.value, "Invoices on autopilot");
  assert.equal(asMeta.proposal.fields.tagline?.evidence[0].source, "meta");
  const wrongName = await verify({
    fields: {
      tagline: field(
        "Invoices on autopilot",
        quote(title, { source: "meta", locator: "description" }),
      ),
    },
  });
  assert.match(wrongName.dropped[0].reason, /not the meta value "description"/);
  const noLocator = await verify({
    fields: { name: field("Acme", quote("Acme", { source: "jsonld" })) },
  });
  assert.match(noLocator.dropped[0].reason, /needs a locator/);
  // JSON-LD at its path, with or without array indexes; a short value is fine with its path.
  const ld = await verify({
    fields: { name: field("Acme", quote("Acme", { source: "jsonld", locator: "name" })) },
    founders: [{
      name: "Jane Doe",
      title: null,
      bio: null,
      evidence: [quote("Jane Doe", { source: "jsonld", locator: "founder.0.name" })],
    }],
  });
  assert.equal(ld.proposal.fields.name?.value, "Acme");
  assert.deepEqual(ld.proposal.founders.map((f) => f.name), ["Jane Doe"]);
  // A quote stored without a source (older drafts): text, or a whole meta value.
  const legacy = await verify({
    fields: {
      short_description: field(
        "Acme sends invoices for freelancers.",
        quote("Acme sends invoices for freelancers."),
      ),
      description: field("Acme sends invoices", quote("Acme sends invoices")),
    },
  });
  assert.equal(legacy.proposal.fields.short_description?.evidence[0].source, "meta");
  assert.equal(
    legacy.proposal.fields.description?.value,
    null,
    "a part of a meta value is no text",
  );
});

Deno.test("nothing stitched: a text quote is one contiguous span of the visible text", async () => {
  const r = await verify({
    fields: {
      tagline: field(
        "Acme sends your invoices on time. Our data centre is in Frankfurt.",
        quote("Acme sends your invoices on time. Our data centre is in Frankfurt."),
      ),
    },
  });
  assert.equal(r.proposal.fields.tagline?.value, null);
  assert.match(r.dropped[0].reason, /not in the visible text/);
});

Deno.test("a value must be a run of its quote's words, with its negations and numbers", async () => {
  assert.ok(supportsAsSpan("Acme does not support SSO.", "does not support SSO"));
  assert.ok(!supportsAsSpan("Acme does not support SSO.", "SSO"), "negated before");
  assert.ok(!supportsAsSpan("Offline mode is not available.", "Offline mode"), "negated after");
  assert.ok(!supportsAsSpan("Acme sends invoices.", "Acme no longer sends invoices"));
  assert.ok(!supportsAsSpan("Acme sends invoices.", "Acme never sends invoices"));
  assert.ok(!supportsAsSpan("Yes, any time.", "No."), "a short answer is a whole clause");
  assert.ok(supportsAsSpan("Pro: $12 per month.", "Pro: $12/month"), "price formats");
  assert.ok(!supportsAsSpan("Pro: $12 per month.", "Pro: €12/month"), "currencies");
  assert.ok(!supportsAsSpan("sends invoices and reminds late payers", "reminds invoices"));
  const r = await verify({
    fields: {
      features: field(["SSO", "Invoices on time"], quote("Acme does not support SSO.")),
      pricing_summary: field(
        "Pro: $30 per month; Team: $12 per month",
        quote("Pro costs $12 per month; Team costs $30 per month."),
      ),
    },
  });
  assert.equal(r.proposal.fields.features?.value, null);
  assert.equal(r.proposal.fields.pricing_summary?.value, null, "swapped numbers");
});

Deno.test("a founder's role must be bound to the name in the same clause", async () => {
  assert.ok(roleBound("Jane Doe, co-founder and CEO.", "Jane Doe"));
  assert.ok(roleBound("Jane Doe (CEO)", "Jane Doe"));
  assert.ok(roleBound("Co-founder Jane Doe wrote it.", "Jane Doe"));
  assert.ok(
    roleBound("Acme was founded in 2019 in Berlin, by Jane Doe, Ali Khan and Bo Li.", "Bo Li"),
  );
  assert.ok(roleBound("Founders: Jane Doe and Ali Khan", "Ali Khan"));
  assert.ok(!roleBound("Jane Doe Co-founder Ali Khan Head of Design", "Ali Khan"));
  assert.ok(!roleBound("Board member Rita Moss. She was the founder of Globex.", "Rita Moss"));
  assert.ok(!roleBound("Advisor: Lena Fischer, former CEO at Contoso.", "Lena Fischer"));
  assert.ok(!roleBound("Steering committee: Ana Silva, co-founder of Foo.", "Ana Silva", "Acme"));
  assert.ok(!roleBound("Jane Doe, founder of Globex.", "Jane Doe", "Acme"));
  const r = await verify({
    founders: [
      {
        name: "Rita Moss",
        title: null,
        bio: null,
        evidence: [quote("Board member Rita Moss. She was the founder of Globex.")],
      },
      {
        name: "Ali Khan",
        title: null,
        bio: null,
        evidence: [quote("co-founder and CEO. Ali Khan Head of Design.")],
      },
      {
        name: "LinkedIn Jane Doe",
        title: null,
        bio: null,
        evidence: [quote("Jane Doe, co-founder and CEO")],
      },
      {
        name: "I'm Jane Doe",
        title: null,
        bio: null,
        evidence: [quote("Jane Doe, co-founder and CEO")],
      },
      {
        name: "Jane Doe",
        title: "co-founder and CEO",
        bio: null,
        evidence: [quote("Jane Doe, co-founder and CEO")],
      },
    ],
  });
  assert.deepEqual(r.proposal.founders.map((f) => f.name), ["Jane Doe"]);
});

Deno.test("vendors, trademark holders and data centres are not the product's", async () => {
  const r = await verify({
    fields: { name: field("Heatwise", quote("Thermal sensors by Heatwise.")) },
  });
  assert.equal(r.proposal.fields.name?.value, null);
  const t = await verify({
    fields: {
      name: field("Roadrunner Holdings", quote("Acme is a trademark of Roadrunner Holdings.")),
    },
  });
  assert.equal(t.proposal.fields.name?.value, null);
  // A trademark line is legal small print: it carries no name, not even the mark's own.
  const own = await verify({
    fields: {
      name: field(
        "Acme",
        quote("Acme is a trademark of Roadrunner Holdings."),
        quote("Acme sends your invoices"),
      ),
    },
  });
  assert.equal(own.proposal.fields.name?.value, "Acme");
  assert.deepEqual(own.proposal.fields.name?.evidence.map((q) => q.quote), [
    "Acme sends your invoices",
  ]);
  const dc = await verify({
    fields: {
      city: field("Frankfurt", quote("Our data centre is in Frankfurt.")),
      country: field("Germany", quote("Our data centre is in Frankfurt.")),
    },
  });
  assert.equal(dc.proposal.fields.city?.value, null);
  const part = await verify({
    fields: { city: field("Breisgau", quote("made in Freiburg im Breisgau")) },
  });
  assert.equal(part.proposal.fields.city?.value, null, "part of a place name");
  const whole = await verify({
    fields: { city: field("Freiburg im Breisgau", quote("made in Freiburg im Breisgau")) },
  });
  assert.equal(whole.proposal.fields.city?.value, "Freiburg im Breisgau");
  const dd = await verify({
    fields: { country: field("DD", quote("Our data centre is in Frankfurt.")) },
  });
  assert.match(dd.dropped[0].reason, /not a country/, "a withdrawn code");
});

Deno.test("navigation is never a tagline, a description or an FAQ question", async () => {
  const r = await verify({
    fields: {
      tagline: field("Home Pricing Docs", quote("Home Pricing Docs")),
      description: field(
        "Home Pricing Docs How does Acme work? Acme sends your invoices on time.",
        quote("Home Pricing Docs How does Acme work? Acme sends your invoices on time."),
      ),
    },
    faqs: [{
      question: "How does Acme work?",
      answer: "Acme sends your invoices on time.",
      evidence: [quote("How does Acme work? Acme sends your invoices on time.")],
    }, {
      question: "Docs How does Acme work?",
      answer: "Acme sends your invoices on time.",
      evidence: [quote("Docs How does Acme work? Acme sends your invoices on time.")],
    }, {
      question: "Questions?",
      answer: "Acme sends your invoices on time.",
      evidence: [quote("Acme sends your invoices on time.")],
    }],
  });
  assert.equal(r.proposal.fields.tagline?.value, null);
  assert.equal(r.proposal.fields.description?.value, null);
  assert.deepEqual(r.proposal.faqs, []);
  assert.ok(r.dropped.some((d) => d.field === "faqs[0]" && /navigation/.test(d.reason)));
  assert.ok(r.dropped.some((d) => d.field === "faqs[1]" && /navigation/.test(d.reason)));
  assert.ok(r.dropped.some((d) => d.field === "faqs[2]" && /too short/.test(d.reason)));
  const ok = await verify({
    fields: {
      tagline: field(
        "Acme sends your invoices on time.",
        quote("Acme sends your invoices on time."),
      ),
    },
  });
  assert.equal(ok.proposal.fields.tagline?.value, "Acme sends your invoices on time.");
});

Deno.test("a page's own name (Home, Pricing) is never the product's name, even quoted", async () => {
  for (const [value, q] of [["Home", quote("Home")], ["Pricing", quote("Pricing")]] as const) {
    const checked = await verify({ fields: { name: field(value, q) } });
    assert.equal(checked.proposal.fields.name?.value, null, value);
    assert.match(checked.dropped[0].reason, /names a page of the site, not the product/);
  }
  const acme = await verify({ fields: { name: field("Acme", quote("Acme sends your invoices")) } });
  assert.equal(acme.proposal.fields.name?.value, "Acme", "a real name is kept");
});
