/** The verifier: every rule that keeps a drafted value or drops it to not_found. */
import assert from "node:assert/strict";
import type {
  DraftedValue,
  DraftProposal,
  EvidencePage,
  PageFacts,
} from "../services/drafting/evidence.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { normalizeQuoteText } from "../services/drafting/text.ts";
import { proposalWith } from "./source_pages_fixture.ts";

const HOME = "https://acme.example/";
const ABOUT = "https://acme.example/about";
const SECRET = "https://acme.example/internal";

function facts(overrides: Partial<PageFacts> = {}): PageFacts {
  return {
    title: null,
    meta_description: null,
    og: {},
    json_ld: [],
    headings: [],
    pricing: [],
    faqs: [],
    socials: {},
    emails: [],
    video_links: [],
    logo_url: null,
    links: [],
    copyright: [],
    testimonials: [],
    ...overrides,
  };
}

function page(url: string, text: string, f: Partial<PageFacts> = {}, kind = "home"): EvidencePage {
  return {
    url,
    fetched_at: "2026-11-18T12:00:00Z",
    status: 200,
    kind,
    title: f.title ?? "",
    text: normalizeQuoteText(text),
    facts: facts(f),
  };
}

const PAGES: EvidencePage[] = [
  page(
    HOME,
    `Acme Invoicing for freelancers. Acme sends your invoices and reminds late payers, so you get paid
     on time. Features Recurring invoices Payment reminders Bank sync Pricing Free: $0 per month.
     Pro: $12 per month. "Acme cut our billing time in half." — Jane Park, CTO at Globex, founded in
     1998 in Springfield. © 2015-2026 Acme GmbH. Write to hello@acme.example.`,
    {
      title: "Acme — Invoicing for freelancers",
      meta_description: "Acme sends your invoices and reminds late payers.",
      emails: ["hello@acme.example", "billing@acme.example"],
      video_links: ["https://www.youtube.com/watch?v=abc123"],
      logo_url: "https://acme.example/logo.svg",
      socials: { x: "https://x.com/acme", github: "https://github.com/acme" },
      copyright: ["© 2015-2026 Acme GmbH"],
      testimonials: [
        '"Acme cut our billing time in half." — Jane Park, CTO at Globex, founded in 1998 in Springfield.',
      ],
      json_ld: [{
        "@type": "Organization",
        name: "Acme",
        foundingDate: "2019",
        address: { "@type": "PostalAddress", addressLocality: "Berlin", addressCountry: "DE" },
      }],
    },
  ),
  page(
    ABOUT,
    `About Acme. Acme was founded in 2019 in Berlin, Germany. Ada Weber, Founder and CEO, started Acme
     after chasing late payments for years. In March 2024 we launched the public beta. On 1 March
     2024 we launched the public beta.`,
    {},
    "about",
  ),
];

const CATEGORIES = [{ name: "Invoicing" }, { name: "Payments" }, { name: "Developer Tools" }];

const proposal = proposalWith;

function field(value: unknown, ...quotes: [string, string][]): DraftedValue {
  return { value, evidence: quotes.map(([quote, url]) => ({ quote, url })) };
}

function verify(p: Partial<DraftProposal>, pages = PAGES) {
  return verifyProposal(proposal(p), pages, { categories: CATEGORIES, year: 2026 });
}

Deno.test("a quote verifies with other whitespace, typographic quotes and dashes", () => {
  const r = verify({
    fields: {
      tagline: field(
        "Invoicing for freelancers",
        ["Acme   Invoicing\nfor  freelancers.", HOME],
      ),
      name: field("Acme", ["© 2015–2026 Acme GmbH", HOME]),
      description: field(
        "Acme sends your invoices and reminds late payers, so you get paid on time.",
        ["Acme sends your invoices and reminds late payers, so you get paid\n on time.", HOME],
      ),
    },
  });
  assert.equal(r.proposal.fields.tagline?.value, "Invoicing for freelancers");
  assert.equal(r.proposal.fields.name?.value, "Acme");
  assert.ok(r.proposal.fields.description?.value);
  assert.deepEqual(r.quotes, { checked: 3, verified: 3 });
  assert.deepEqual(r.dropped, []);
});

Deno.test("a quote is checked against the page it names, and only pages the crawler read", () => {
  const r = verify({
    fields: {
      city: field("Berlin", ["Acme was founded in 2019 in Berlin, Germany.", HOME]),
      country: field("DE", ["Acme was founded in 2019 in Berlin, Germany.", ABOUT]),
      tagline: field("Invoices from the internal wiki", [
        "Invoices from the internal wiki",
        SECRET,
      ]),
    },
  });
  assert.equal(r.proposal.fields.city?.value, null, "the quote is on /about, not on the home page");
  assert.equal(r.proposal.fields.country?.value, "DE");
  assert.equal(r.proposal.fields.tagline?.value, null);
  assert.ok(
    r.dropped.some((d) => d.field === "tagline" && /not a page the crawler read/.test(d.reason)),
  );
  assert.deepEqual(r.quotes, { checked: 3, verified: 1 });
});

Deno.test("quotes that are too short or too long are refused", () => {
  const r = verify({
    fields: {
      name: field("Acme", ["Acm", HOME]),
      description: field("Acme", ["Acme ".repeat(120), HOME]),
    },
  });
  assert.equal(r.proposal.fields.name?.value, null);
  assert.equal(r.proposal.fields.description?.value, null);
  assert.ok(r.dropped.some((d) => /too short/.test(d.reason)));
  assert.ok(r.dropped.some((d) => /longer than 500/.test(d.reason)));
});

Deno.test("a copyright year is not a founding year; founding words are", () => {
  const copyright = verify({
    fields: { founded_year: field("2015", ["© 2015-2026 Acme GmbH", HOME]) },
  });
  assert.equal(copyright.proposal.fields.founded_year?.value, null);
  assert.match(copyright.dropped.at(-1)!.reason, /copyright/);

  const founded = verify({
    fields: { founded_year: field(2019, ["Acme was founded in 2019 in Berlin", ABOUT]) },
  });
  assert.equal(founded.proposal.fields.founded_year?.value, "2019");

  const structured = verify({
    fields: { founded_year: field("2019", ["foundingDate: 2019", HOME]) },
  });
  assert.equal(structured.proposal.fields.founded_year?.value, "2019", "JSON-LD foundingDate");

  const bare = verify({
    fields: { founded_year: field("2024", ["In March 2024 we launched the public beta.", ABOUT]) },
  });
  assert.equal(bare.proposal.fields.founded_year?.value, null, "a dated launch is not a founding");
});

Deno.test("a testimonial's company, year, city and people are not the product's", () => {
  const r = verify({
    fields: {
      name: field("Globex", ["Jane Park, CTO at Globex", HOME]),
      founded_year: field("1998", ["Globex, founded in 1998 in Springfield.", HOME]),
      city: field("Springfield", ["founded in 1998 in Springfield", HOME]),
    },
    founders: [{
      name: "Jane Park",
      title: "CTO",
      bio: null,
      evidence: [{ quote: "Jane Park, CTO at Globex", url: HOME }],
    }],
  });
  assert.equal(r.proposal.fields.name?.value, null);
  assert.equal(r.proposal.fields.founded_year?.value, null);
  assert.equal(r.proposal.fields.city?.value, null);
  assert.deepEqual(r.proposal.founders, []);
  assert.ok(r.dropped.some((d) => d.field === "name" && /testimonial/.test(d.reason)));
  assert.ok(r.dropped.some((d) => d.field === "founders[0]" && /testimonial/.test(d.reason)));
});

Deno.test("list items without support are dropped one by one", () => {
  const r = verify({
    fields: {
      features: field(
        ["Recurring invoices", "Payment reminders", "AI cash-flow forecasts"],
        ["Recurring invoices", HOME],
        ["Payment reminders", HOME],
        ["AI cash-flow forecasts are built in.", HOME],
      ),
      categories: field(
        ["Invoicing", "Space Travel", "Developer Tools"],
        ["Acme sends your invoices", HOME],
      ),
    },
  });
  assert.deepEqual(r.proposal.fields.features?.value, ["Recurring invoices", "Payment reminders"]);
  assert.equal(r.proposal.fields.features?.evidence.length, 2);
  assert.deepEqual(r.proposal.fields.categories?.value, ["Invoicing"]);
  assert.ok(r.dropped.some((d) => /Space Travel/.test(d.field) && /category name/.test(d.reason)));
  assert.ok(r.dropped.some((d) => /Developer Tools/.test(d.field)));
  assert.ok(r.dropped.some((d) => /AI cash-flow/.test(d.field)));
});

Deno.test("an email must be on the page: in its text or its mailto links", () => {
  const r = verify({
    fields: { contact_email: field("hello@acme.example", ["hello@acme.example", HOME]) },
  });
  assert.equal(r.proposal.fields.contact_email?.value, "hello@acme.example");
  const link = verify({
    fields: { contact_email: field("billing@acme.example", ["billing@acme.example", HOME]) },
  });
  assert.equal(link.proposal.fields.contact_email?.value, "billing@acme.example", "a mailto link");
  const made = verify({
    fields: { contact_email: field("ceo@acme.example", ["Write to hello@acme.example", HOME]) },
  });
  assert.equal(made.proposal.fields.contact_email?.value, null);
});

Deno.test("links must be in the page's facts or text, socials on their platform", () => {
  const r = verify({
    fields: {
      demo_video_url: field("https://www.youtube.com/watch?v=abc123", [
        "https://www.youtube.com/watch?v=abc123",
        HOME,
      ]),
      logo_url: field("https://acme.example/logo.svg", ["https://acme.example/logo.svg", HOME]),
    },
    company_socials: {
      x: field("https://x.com/acme", ["https://x.com/acme", HOME]) as DraftedValue<string>,
      linkedin: field("https://github.com/acme", ["https://github.com/acme", HOME]) as DraftedValue<
        string
      >,
      youtube: field("https://youtube.com/@someone", [
        "https://youtube.com/@someone",
        HOME,
      ]) as DraftedValue<
        string
      >,
    },
  });
  assert.equal(r.proposal.fields.demo_video_url?.value, "https://www.youtube.com/watch?v=abc123");
  assert.equal(r.proposal.fields.logo_url?.value, "https://acme.example/logo.svg");
  assert.deepEqual(Object.keys(r.proposal.company_socials), ["x"]);
  assert.ok(
    r.dropped.some((d) =>
      d.field === "company_socials.linkedin" && /not a linkedin/.test(d.reason)
    ),
  );
  assert.ok(r.dropped.some((d) => d.field === "company_socials.youtube"));

  const fake = verify({
    fields: {
      demo_video_url: field("https://vimeo.com/999", ["https://vimeo.com/999", HOME]),
    },
  });
  assert.equal(fake.proposal.fields.demo_video_url?.value, null);
});

Deno.test("prose must be in its quotes: most words, and every number and name", () => {
  const r = verify({
    fields: {
      short_description: field(
        "Acme sends your invoices and reminds late payers.",
        ["Acme sends your invoices and reminds late payers, so you get paid on time.", HOME],
      ),
      description: field(
        "Acme sends invoices for 40,000 freelancers in Paris.",
        ["Acme sends your invoices and reminds late payers", HOME],
      ),
      pricing_summary: field(
        "Free: $0 per month; Pro: $12 per month",
        ["Free: $0 per month.", HOME],
        ["Pro: $12 per month.", HOME],
      ),
    },
  });
  assert.ok(r.proposal.fields.short_description?.value);
  assert.equal(r.proposal.fields.description?.value, null);
  assert.match(r.dropped.find((d) => d.field === "description")!.reason, /40,000|Paris/);
  assert.equal(r.proposal.fields.pricing_summary?.value, "Free: $0 per month; Pro: $12 per month");
});

Deno.test("place, stage and pricing model need words that say so", () => {
  const r = verify({
    fields: {
      country: field("Germany", ["founded in 2019 in Berlin, Germany", ABOUT]),
      city: field("Munich", ["founded in 2019 in Berlin, Germany", ABOUT]),
      stage: field("mvp", ["In March 2024 we launched the public beta.", ABOUT]),
      pricing_model: field("Freemium", ["Free: $0 per month.", HOME], [
        "Pro: $12 per month.",
        HOME,
      ]),
    },
  });
  assert.equal(r.proposal.fields.country?.value, "DE", "a country name becomes its ISO code");
  assert.equal(r.proposal.fields.city?.value, null);
  assert.equal(r.proposal.fields.stage?.value, "mvp");
  assert.equal(r.proposal.fields.pricing_model?.value, "Freemium");

  const wrong = verify({
    fields: {
      stage: field("established", ["Acme sends your invoices", HOME]),
      pricing_model: field("One-time", ["Pro: $12 per month.", HOME]),
    },
  });
  assert.equal(wrong.proposal.fields.stage?.value, null);
  assert.equal(wrong.proposal.fields.pricing_model?.value, null);
});

Deno.test("founders need a role in their quote; titles and bios must be quoted", () => {
  const r = verify({
    founders: [
      {
        name: "Ada Weber",
        title: "Founder and CEO",
        bio: "Ada ran a bakery in Lisbon for ten years.",
        evidence: [{ quote: "Ada Weber, Founder and CEO, started Acme", url: ABOUT }],
      },
      {
        name: "Bob Stone",
        title: "CTO",
        bio: null,
        evidence: [{ quote: "Bob Stone, CTO", url: ABOUT }],
      },
    ],
  });
  assert.equal(r.proposal.founders.length, 1);
  assert.equal(r.proposal.founders[0].title, "Founder and CEO");
  assert.equal(r.proposal.founders[0].bio, null);
  assert.ok(r.dropped.some((d) => d.field === "founders[0].bio"));
  assert.ok(r.dropped.some((d) => d.field === "founders[1]"));
});

Deno.test("milestones: the date's year, month and day must be the quoted ones", () => {
  const quote = [{ quote: "On 1 March 2024 we launched the public beta.", url: ABOUT }];
  const r = verify({
    milestones: [
      {
        date: "2024-03-01",
        title: "We launched the public beta",
        description: null,
        url: null,
        evidence: quote,
      },
      {
        date: "2024-05-01",
        title: "We launched the public beta",
        description: null,
        url: null,
        evidence: quote,
      },
      {
        date: "2023-03-01",
        title: "We launched the public beta",
        description: null,
        url: null,
        evidence: quote,
      },
      {
        date: "2024-03-01",
        title: "We raised a seed round",
        description: null,
        url: null,
        evidence: quote,
      },
    ],
  });
  assert.deepEqual(r.proposal.milestones.map((m) => m.date), ["2024-03-01"]);
  assert.equal(r.dropped.filter((d) => d.field.startsWith("milestones")).length, 3);

  // A month or a year stays as precise as the site gives it: no made-up day.
  const vague = verify({
    milestones: [{
      date: "2024-03-01",
      title: "We launched the public beta",
      description: null,
      url: null,
      evidence: [{ quote: "In March 2024 we launched the public beta.", url: ABOUT }],
    }, {
      date: "2019-01-01",
      title: "Acme was founded",
      description: null,
      url: null,
      evidence: [{ quote: "Acme was founded in 2019 in Berlin", url: ABOUT }],
    }],
  });
  assert.deepEqual(vague.proposal.milestones, []);
  assert.match(vague.dropped[0].reason, /no day/);
  assert.match(vague.dropped[1].reason, /only the year 2019/);
});

Deno.test("FAQs need the question and the answer in their quotes", () => {
  const pages = [
    ...PAGES,
    page(
      "https://acme.example/faq",
      "FAQ Can I export my data? Yes, as CSV at any time.",
      {
        // FAQ markup only in JSON-LD (not visible): quoted from that source.
        json_ld: [{
          "@type": "FAQPage",
          mainEntity: [{
            "@type": "Question",
            name: "Do you offer refunds?",
            acceptedAnswer: { "@type": "Answer", text: "Within 30 days, no questions asked." },
          }],
        }],
      },
      "faq",
    ),
  ];
  const url = "https://acme.example/faq";
  const r = verify({
    faqs: [
      {
        question: "Can I export my data?",
        answer: "Yes, as CSV at any time.",
        evidence: [{ quote: "Can I export my data?", url }, {
          quote: "Yes, as CSV at any time.",
          url,
        }],
      },
      {
        question: "Do you offer refunds?",
        answer: "Within 30 days, no questions asked.",
        evidence: [{
          quote: "Do you offer refunds?",
          url,
          source: "jsonld",
          locator: "mainEntity.0.name",
        }, {
          quote: "Within 30 days, no questions asked.",
          url,
          source: "jsonld",
          locator: "mainEntity.acceptedAnswer.text",
        }],
      },
      {
        question: "Is there an API?",
        answer: "Yes, a REST API.",
        evidence: [{ quote: "Can I export my data?", url }],
      },
    ],
  }, pages);
  assert.deepEqual(r.proposal.faqs.map((f) => f.question), [
    "Can I export my data?",
    "Do you offer refunds?",
  ]);
});

Deno.test("null values stay null without a drop; every kept quote verifies again", () => {
  const r = verify({
    fields: {
      name: field("Acme", ["Acme Invoicing for freelancers", HOME], [
        "not on the page at all",
        HOME,
      ]),
      city: { value: null, evidence: [] },
    },
  });
  assert.equal(r.proposal.fields.city?.value, null);
  assert.equal(r.dropped.filter((d) => d.field === "city").length, 0);
  assert.equal(r.proposal.fields.name?.evidence.length, 1);
  const again = verifyProposal(r.proposal, PAGES, { categories: CATEGORIES });
  assert.equal(again.quotes.checked, again.quotes.verified);
  assert.deepEqual(again.dropped, []);
});

Deno.test("an invented sentence cannot ride on a long, well-quoted description", () => {
  const quoted = "Acme sends your invoices and reminds late payers, so you get paid on time.";
  const r = verify({
    fields: {
      description: field(
        `${quoted} ${quoted} ${quoted} It is trusted worldwide and costs nothing forever.`,
        [quoted, HOME],
      ),
    },
  });
  assert.equal(r.proposal.fields.description?.value, null);
  assert.match(r.dropped.find((d) => d.field === "description")!.reason, /sentence/);
});
