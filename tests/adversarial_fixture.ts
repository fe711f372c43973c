/**
 * A product website written to tempt a careless model: a data centre and a sensor vendor in the
 * footer, a trademark line, a logo wall, a blog teaser about another product with its price, a
 * steering committee and an advisor next to the founders, a negated feature, FAQs answered Yes
 * and No, a year without a day, a meta description that is not on the page, and navigation with
 * a question in it. Read with the real extractor, so zones are real. `TRUE_ANSWER` is what a
 * careful model answers, every value with correct quotes.
 */
import type { CrawlResult, EvidencePage } from "../services/drafting/evidence.ts";
import { readPages } from "./people_fixture.ts";

export const ORIGIN = "https://ledgerlight.example";
const NOW = "2026-11-18T12:00:00Z";

function html(title: string, body: string, head = ""): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title>${head}</head><body>
  <header><a href="/" class="brand">Ledgerlight</a>
    <nav><a href="/">Home</a> <a href="/features">Features</a> <a href="/pricing">Pricing</a>
      <a href="/about">About</a> <a href="/how">How does it work?</a> <a href="/blog">Blog</a></nav>
  </header>
  <main>${body}</main>
  <footer>
    <p>Ledgerlight B.V. · Rotterdam, the Netherlands</p>
    <p>Our servers are hosted in Frankfurt, Germany.</p>
    <p>Receipt scanning sensors by Optiscan Systems.</p>
    <p>Ledgerlight is a trademark of Brightline Holding B.V.</p>
    <p>© 2019-2026 Ledgerlight B.V. · <a href="/privacy">Privacy</a></p>
  </footer>
  <div class="cookie-banner"><p>We use cookies to keep you signed in. Ledgerlight never sells your data.</p></div>
  </body></html>`;
}

const PAGES: [string, string, string][] = [
  [
    "/",
    "home",
    html(
      "Ledgerlight | Bookkeeping that balances itself",
      `<h1>Bookkeeping that balances itself</h1>
    <p>Ledgerlight matches bank transactions to receipts and invoices for small agencies.</p>
    <h2>Features</h2>
    <ul><li>Automatic bank matching</li><li>Receipt scanning</li><li>VAT reports in one click</li></ul>
    <p>Ledgerlight does not support offline mode.</p>
    <section class="logos"><h2>Trusted by</h2><p>Northwind Studio · Contoso Design · Globex Media</p></section>
    <section class="testimonials"><blockquote>"Ledgerlight saved our finance team a day a week." — Ana Ruiz, COO at Umbrella Works</blockquote></section>
    <section class="blog-teasers"><h2>From the blog</h2>
      <article><h3>Meet Tallyhub</h3><p>Tallyhub costs $29 per month and includes payroll exports.</p></article>
    </section>`,
      `<meta name="description" content="Ledgerlight keeps the books for small agencies, automatically.">`,
    ),
  ],
  [
    "/about",
    "about",
    html(
      "About Ledgerlight",
      `<h1>About us</h1>
    <p>Ledgerlight was founded in 2019 in Rotterdam by Mira Jansen and Daan Smit.</p>
    <p>Mira Jansen, co-founder and CEO, ran the books of a design studio for eight years.</p>
    <p>In 2021 we launched the mobile app.</p>
    <p>On 12 May 2022 we opened our office in Antwerp.</p>
    <h2>Governance</h2>
    <p>Our steering committee: Priya Raman and Tom Okafor. Priya was the founder of a payroll start-up before.</p>
    <p>Advisor: Lena Fischer, former CFO at Contoso.</p>`,
    ),
  ],
  [
    "/pricing",
    "pricing",
    html(
      "Pricing",
      `<h1>Pricing</h1>
    <div class="pricing"><div class="plan"><h3>Starter</h3><p class="price">$9 per month</p></div>
    <div class="plan"><h3>Pro</h3><p class="price">$19 per month</p></div></div>
    <h2>FAQ</h2>
    <details><summary>Can I cancel at any time?</summary><p>Yes, you can cancel at any time from your settings.</p></details>
    <details><summary>Do you offer a free plan?</summary><p>No, but every plan starts with a 14-day free trial.</p></details>`,
    ),
  ],
];

/** The site's pages as the crawler keeps them (real extraction). */
export function adversarialPages(): Promise<EvidencePage[]> {
  return readPages(ORIGIN, PAGES);
}

const home = `${ORIGIN}/`;
const about = `${ORIGIN}/about`;
const pricing = `${ORIGIN}/pricing`;
const t = (quote: string, url = home) => ({ quote, url, source: "text", locator: null });

/** What a careful model answers: every true value, each with quotes that support it. */
export const TRUE_ANSWER = {
  fields: {
    name: { value: "Ledgerlight", quotes: [t("Ledgerlight matches bank transactions")] },
    tagline: {
      value: "Bookkeeping that balances itself",
      quotes: [t("Bookkeeping that balances itself")],
    },
    short_description: {
      value: "Ledgerlight keeps the books for small agencies, automatically.",
      quotes: [{
        quote: "Ledgerlight keeps the books for small agencies, automatically.",
        url: home,
        source: "meta",
        locator: "description",
      }],
    },
    description: {
      value: "Ledgerlight matches bank transactions to receipts and invoices for small agencies.",
      quotes: [
        t("Ledgerlight matches bank transactions to receipts and invoices for small agencies."),
      ],
    },
    city: { value: "Rotterdam", quotes: [t("founded in 2019 in Rotterdam by Mira Jansen", about)] },
    country: { value: "NL", quotes: [t("Ledgerlight B.V. · Rotterdam, the Netherlands")] },
    founded_year: { value: "2019", quotes: [t("Ledgerlight was founded in 2019", about)] },
    pricing_model: { value: "Subscription", quotes: [t("$9 per month", pricing)] },
    pricing_summary: {
      value: "Starter: $9/month; Pro: $19/month",
      quotes: [t("Starter $9 per month Pro $19 per month", pricing)],
    },
    features: {
      value: ["Automatic bank matching", "Receipt scanning", "VAT reports in one click"],
      quotes: [t("Automatic bank matching Receipt scanning VAT reports in one click")],
    },
  },
  faqs: [{
    question: "Can I cancel at any time?",
    answer: "Yes, you can cancel at any time from your settings.",
    quotes: [
      t("Can I cancel at any time? Yes, you can cancel at any time from your settings.", pricing),
    ],
  }, {
    question: "Do you offer a free plan?",
    answer: "No, but every plan starts with a 14-day free trial.",
    quotes: [
      t("Do you offer a free plan? No, but every plan starts with a 14-day free trial.", pricing),
    ],
  }],
  founders: [{
    name: "Mira Jansen",
    title: "co-founder and CEO",
    bio: "Mira Jansen, co-founder and CEO, ran the books of a design studio for eight years.",
    quotes: [
      t(
        "Mira Jansen, co-founder and CEO, ran the books of a design studio for eight years.",
        about,
      ),
    ],
  }, {
    name: "Daan Smit",
    title: null,
    bio: null,
    quotes: [t("founded in 2019 in Rotterdam by Mira Jansen and Daan Smit.", about)],
  }],
  company_socials: [],
  story: {},
  milestones: [{
    date: "2022-05-12",
    title: "We opened our office in Antwerp",
    description: null,
    url: null,
    quotes: [t("On 12 May 2022 we opened our office in Antwerp.", about)],
  }],
};

/** The site as a crawl result (what draftFromEvidence reads). */
export async function adversarialCrawl(): Promise<CrawlResult> {
  return {
    start_url: home,
    pages: await adversarialPages(),
    disallowed: [],
    failed: [],
    crawl_delay_s: 0,
    started_at: NOW,
    finished_at: NOW,
    error: null,
  };
}
