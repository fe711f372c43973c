/** Page extraction: text, meta, JSON-LD, pricing, FAQs, socials, emails, videos, logo, links, notices. */
import assert from "node:assert/strict";
import { extractPage } from "../services/drafting/extract.ts";
import { isVideoUrl, socialPlatform } from "../services/drafting/extract/links.ts";

const PAGE = "https://acme.example/pricing";

function page(body: string, head = ""): string {
  return `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
}

Deno.test("text: blocks separated, inline runs kept, whitespace normalised", async () => {
  const { text } = await extractPage(
    page(
      `<h2>Pricing</h2><p>Free</p><ul><li>One</li><li>Two</li></ul><p>Pri<b>cing</b> is<br>simple</p>` +
        `<table><tr><td>A</td><td>B</td></tr></table><div>x</div><div>y&nbsp;&amp;\n\t z</div>`,
    ),
    PAGE,
  );
  assert.equal(text, "Pricing Free One Two Pricing is simple A B x y & z");
});

Deno.test("text: script, style, noscript, template and svg are removed", async () => {
  const { text } = await extractPage(
    page(
      `<p>Visible</p><script>var secret = "no";</script><style>.a{}</style>` +
        `<noscript>Enable JS</noscript><template><p>Later</p></template>` +
        `<svg><text>Logo text</text></svg><p>End</p>`,
      `<script type="application/ld+json">{"@type":"Organization","name":"Acme"}</script>`,
    ),
    PAGE,
  );
  assert.equal(text, "Visible End");
});

Deno.test("text: a document without <html> or <body> still has its text", async () => {
  const result = await extractPage("<title>Acme</title><h1>Acme</h1><p>Builds rockets.</p>", PAGE);
  assert.equal(result.title, "Acme");
  assert.equal(result.text, "Acme Builds rockets.");
  for (
    const html of [
      "<html><title>Acme</title><p>Builds rockets.</p></html>",
      "<!doctype html><html><head><title>Acme</title></head><p>Builds rockets.</p></html>",
    ]
  ) {
    assert.equal((await extractPage(html, PAGE)).text, "Builds rockets.", html);
  }
});

Deno.test("title, meta description and OpenGraph", async () => {
  const head = `<title>  Acme —\n rockets </title>
    <meta name="description" content="  Rockets for   everyone. ">
    <meta property="og:title" content="Acme">
    <meta property="og:image" content="https://acme.example/card.png">
    <meta property="og:site_name" content="Acme Inc">`;
  const { title, facts } = await extractPage(page("<h1>Hello</h1>", head), PAGE);
  assert.equal(title, "Acme — rockets");
  assert.equal(facts.title, "Acme — rockets");
  assert.equal(facts.meta_description, "Rockets for everyone.");
  assert.deepEqual(facts.og, {
    title: "Acme",
    image: "https://acme.example/card.png",
    site_name: "Acme Inc",
  });
  assert.deepEqual(facts.headings, [{ level: 1, text: "Hello" }]);
  // Without <title>: og:title, then the first h1.
  assert.equal(
    (await extractPage(page("<h1>Hi</h1>", head.replace(/<title>[^]*<\/title>/, "")), PAGE)).title,
    "Acme",
  );
  const bare = await extractPage(page("<h2>Sub</h2><h1>Main</h1>"), PAGE);
  assert.equal(bare.title, "Main");
  assert.equal(bare.facts.title, null);
  assert.equal(bare.facts.meta_description, null);
});

Deno.test("JSON-LD: arrays, @graph, invalid blocks skipped, common damage repaired", async () => {
  const head = `
    <script type="application/ld+json">[{"@type":"Organization","name":"Acme"},{"@type":"WebSite","name":"Acme site"}]</script>
    <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
      {"@type":"SoftwareApplication","name":"Acme App"},
      {"@type":["Product","Thing"],"name":"Acme Rocket"},
      {"name":"untyped"}]}</script>
    <script type="application/ld+json">{ "@type": "FAQPage", "mainEntity": [ }</script>
    <script type="application/ld+json"><!--
      {"@type": "Organization", "name": "Line
break", "sameAs": ["https://x.com/acme",],}
    --></script>
    <script type="application/json">{"@type":"Organization","name":"Not JSON-LD"}</script>`;
  const { facts } = await extractPage(page("<p>x</p>", head), PAGE);
  assert.deepEqual(facts.json_ld.map((j) => j.name), [
    "Acme",
    "Acme site",
    "Acme App",
    "Acme Rocket",
    "Line break",
  ]);
  assert.equal((facts.json_ld[2] as Record<string, unknown>)["@graph"], undefined);
});

Deno.test("pricing cards: plan, price with its period, features", async () => {
  const body = `<h1>Pricing</h1><section class="pricing-plans">
    <div class="plan"><h3>Free</h3><p class="price">€0</p><ul><li>3 clients</li></ul><a href="/s">Start free</a></div>
    <div class="plan"><h3>Pro</h3><p class="price"><span>€12</span> / month</p><ul><li>Unlimited clients</li><li>Bank feeds</li></ul></div>
    <div class="plan"><h3>Enterprise</h3><p>Custom</p><ul><li>SSO</li></ul><a href="/c">Contact sales</a></div>
  </section>`;
  const { facts } = await extractPage(page(body), "https://acme.example/");
  assert.deepEqual(facts.pricing, [
    { plan: "Free", price: "€0", features: ["3 clients"] },
    { plan: "Pro", price: "€12 / month", features: ["Unlimited clients", "Bank feeds"] },
    { plan: "Enterprise", price: "Custom", features: ["SSO"] },
  ]);
});

Deno.test("pricing cards: a plan without an amount next to plans with one", async () => {
  const body = `<div class="tiers">
    <div><h2>Hobby</h2><p class="price">Free</p><p>For side projects</p></div>
    <div><h2>Team</h2><div class="price"><span>$15</span> per user per month</div></div>
  </div>`;
  const { facts } = await extractPage(page(body), PAGE);
  assert.deepEqual(facts.pricing, [
    { plan: "Hobby", price: "Free", features: [] },
    { plan: "Team", price: "$15 per user per month", features: [] },
  ]);
});

Deno.test("pricing tables: plans as columns, and plans as rows", async () => {
  const columns = `<table><thead><tr><th></th><th>Starter</th><th>Growth</th></tr></thead><tbody>
    <tr><td>Price</td><td>Free</td><td>$49 / month</td></tr>
    <tr><td>Seats</td><td>3</td><td>10</td></tr>
    <tr><td>SSO</td><td>—</td><td>✓</td></tr></tbody></table>`;
  assert.deepEqual((await extractPage(page(columns), PAGE)).facts.pricing, [
    { plan: "Starter", price: "Free", features: ["Seats: 3"] },
    { plan: "Growth", price: "$49 / month", features: ["Seats: 10", "SSO"] },
  ]);
  const rows = `<table><tr><th>Plan</th><th>Price</th><th>Projects</th></tr>
    <tr><td>Basic</td><td>9 EUR/mo</td><td>5</td></tr>
    <tr><td>Plus</td><td>19 EUR/mo</td><td>Unlimited</td></tr></table>`;
  assert.deepEqual((await extractPage(page(rows), "https://acme.example/")).facts.pricing, [
    { plan: "Basic", price: "9 EUR/mo", features: ["Projects: 5"] },
    { plan: "Plus", price: "19 EUR/mo", features: ["Projects: Unlimited"] },
  ]);
});

Deno.test("pricing: amounts outside a pricing context are not plans", async () => {
  const body = `<div class="news"><h3>Funding</h3><p>$5M seed round</p></div>`;
  assert.deepEqual(
    (await extractPage(page(body), "https://acme.example/blog/news")).facts.pricing,
    [],
  );
});

Deno.test("FAQs: details/summary, dt/dd, question headings, FAQPage JSON-LD", async () => {
  const head = `<script type="application/ld+json">{"@type":"FAQPage","mainEntity":[
    {"@type":"Question","name":"Is there an API?","acceptedAnswer":{"@type":"Answer","text":"<p>Yes, a <b>REST</b> API &amp; webhooks.</p>"}},
    {"@type":"Question","name":"Can I cancel?","acceptedAnswer":{"@type":"Answer","text":"Duplicate of the visible one."}}]}</script>`;
  const body = `
    <details><summary>Can I cancel?</summary><p>Yes, any time.</p></details>
    <details><summary>Show more</summary><p>Not a question.</p></details>
    <dl><dt>Do you offer refunds?</dt><dd>Within 30 days.</dd><dt>Term</dt><dd>Definition</dd></dl>
    <h2>Why Acme?</h2><p>Marketing, not a FAQ.</p>
    <h2>Frequently asked questions</h2>
    <h3>Where is my data stored?</h3><p>In Frankfurt.</p><p>On our own servers.</p>
    <h3>Who are you?</h3><p>A team of five.</p>
    <h2>Contact</h2>`;
  const { facts } = await extractPage(page(body, head), "https://acme.example/");
  assert.deepEqual(facts.faqs, [
    { question: "Can I cancel?", answer: "Yes, any time." },
    { question: "Do you offer refunds?", answer: "Within 30 days." },
    { question: "Where is my data stored?", answer: "In Frankfurt. On our own servers." },
    { question: "Who are you?", answer: "A team of five." },
    { question: "Is there an API?", answer: "Yes, a REST API & webhooks." },
  ]);
});

Deno.test("FAQs: accordion items in a faq section", async () => {
  const body = `<section id="faq">
    <div class="faq-item"><button>How long is the trial?</button><div class="answer">14 days.</div></div>
    <div class="faq-item"><h3>Is support included?</h3><p>Yes, by email.</p></div>
  </section>`;
  assert.deepEqual((await extractPage(page(body), "https://acme.example/")).facts.faqs, [
    { question: "How long is the trial?", answer: "14 days." },
    { question: "Is support included?", answer: "Yes, by email." },
  ]);
});

Deno.test("socials: platform keys by host", () => {
  const cases: [string, string | null][] = [
    ["https://x.com/acme", "x"],
    ["https://twitter.com/acme", "x"],
    ["https://twitter.com/intent/tweet?text=hi", null],
    ["https://www.linkedin.com/company/acme", "linkedin"],
    ["https://linkedin.com/in/jane", "linkedin"],
    ["https://www.linkedin.com/shareArticle?url=x", null],
    ["https://github.com/acme", "github"],
    ["https://github.com/features", null],
    ["https://www.youtube.com/@acme", "youtube"],
    ["https://youtube.com/channel/UC123", "youtube"],
    ["https://www.youtube.com/watch?v=abc", null],
    ["https://www.facebook.com/acme", "facebook"],
    ["https://www.facebook.com/sharer/sharer.php?u=x", null],
    ["https://instagram.com/acme", "instagram"],
    ["https://www.tiktok.com/@acme", "tiktok"],
    ["https://discord.gg/abc123", "discord"],
    ["https://discord.com/invite/abc123", "discord"],
    ["https://www.reddit.com/r/acme", "reddit"],
    ["https://www.threads.net/@acme", "threads"],
    ["https://bsky.app/profile/acme.example", "bluesky"],
    ["https://mastodon.social/@acme", "mastodon"],
    ["https://fosstodon.org/@acme", "mastodon"],
    ["https://social.acme.example/@acme", null],
    ["https://x.com/", null],
    ["https://medium.com/@acme", null],
  ];
  for (const [url, key] of cases) assert.equal(socialPlatform(new URL(url)), key, url);
  // An unknown instance counts as Mastodon when the link is rel="me".
  assert.equal(socialPlatform(new URL("https://social.acme.example/@acme"), true), "mastodon");
});

Deno.test("socials: JSON-LD sameAs first, share links and testimonial links skipped", async () => {
  const head =
    `<script type="application/ld+json">{"@type":"Organization","sameAs":["https://www.linkedin.com/company/acme-inc"],
    "founder":{"@type":"Person","sameAs":"https://x.com/founder"}}</script>
    <script type="application/ld+json">{"@type":"Person","name":"Jane","sameAs":["https://github.com/jane"]}</script>`;
  const body =
    `<div class="testimonial"><blockquote>Great tool, really.</blockquote><a href="https://x.com/customer">@customer</a></div>
    <footer><a href="https://x.com/acme?ref=site#top">X</a> <a href="https://www.linkedin.com/company/other">LinkedIn</a>
    <a href="https://twitter.com/intent/tweet?text=Acme">Share</a> <a rel="me" href="https://social.acme.example/@acme">Mastodon</a>
    <a href="https://github.com/acme">GitHub</a></footer>`;
  const { facts } = await extractPage(page(body, head), PAGE);
  assert.deepEqual(facts.socials, {
    linkedin: "https://www.linkedin.com/company/acme-inc",
    x: "https://x.com/acme",
    mastodon: "https://social.acme.example/@acme",
    github: "https://github.com/acme",
  });
});

Deno.test("emails: mailto links and visible text, deduplicated", async () => {
  const body = `<a href="mailto:Hello@Acme.example?subject=Hi">Write to us</a>
    <p>Sales: sales@acme.example or hello@acme.example.</p><img src="logo@2x.png" alt="">
    <p>Retina: icon@2x.png</p><a href="mailto:a@acme.example,b@acme.example">Both</a>`;
  assert.deepEqual((await extractPage(page(body), PAGE)).facts.emails, [
    "Hello@Acme.example",
    "a@acme.example",
    "b@acme.example",
    "sales@acme.example",
  ]);
});

Deno.test("video links: YouTube, Vimeo, Loom, Wistia and <video>", async () => {
  const body = `<a href="https://www.youtube.com/watch?v=abcdefghijk">Demo</a>
    <iframe src="https://www.youtube-nocookie.com/embed/abcdefghijk"></iframe>
    <a href="https://youtu.be/zyxwvutsrqp">Short</a>
    <iframe data-src="https://player.vimeo.com/video/123456"></iframe>
    <a href="https://vimeo.com/654321">Tour</a>
    <a href="https://www.loom.com/share/0123abcd">Walkthrough</a>
    <iframe src="https://fast.wistia.net/embed/iframe/xyz"></iframe>
    <video src="/media/demo.mp4"></video>
    <video><source src="/media/demo.webm" type="video/webm"></video>
    <a href="https://www.youtube.com/@acme">Channel</a><a href="https://vimeo.com/about">About Vimeo</a>`;
  assert.deepEqual((await extractPage(page(body), PAGE)).facts.video_links, [
    "https://www.youtube.com/watch?v=abcdefghijk",
    "https://youtu.be/zyxwvutsrqp",
    "https://vimeo.com/654321",
    "https://www.loom.com/share/0123abcd",
    "https://www.youtube-nocookie.com/embed/abcdefghijk",
    "https://player.vimeo.com/video/123456",
    "https://fast.wistia.net/embed/iframe/xyz",
    "https://acme.example/media/demo.mp4",
    "https://acme.example/media/demo.webm",
  ]);
  assert.equal(isVideoUrl(new URL("https://acme.wistia.com/medias/abc")), true);
  assert.equal(isVideoUrl(new URL("https://www.youtube.com/")), false);
});

Deno.test("logo: JSON-LD Organization first, then a header image, the icon last; never og:image", async () => {
  const og = `<meta property="og:image" content="https://acme.example/card.png">`;
  const icons =
    `<link rel="icon" href="/favicon.ico"><link rel="apple-touch-icon" href="/touch.png">`;
  const ld =
    `<script type="application/ld+json">{"@graph":[{"@type":"WebSite","publisher":{"@type":"Organization","logo":{"@type":"ImageObject","url":"/brand/logo.png"}}}]}</script>`;
  const header = `<header><a href="/"><img src="/img/acme.svg" alt="Acme"></a></header>`;
  const customers =
    `<section class="customers"><img class="logo" src="/img/globex-logo.png" alt="Globex logo"></section>`;
  const logo = async (head: string, body: string) =>
    (await extractPage(page(body, head), PAGE)).facts.logo_url;
  assert.equal(await logo(og + icons + ld, header), "https://acme.example/brand/logo.png");
  assert.equal(await logo(og + icons, header + customers), "https://acme.example/img/acme.svg");
  assert.equal(
    await logo(
      og,
      `<div class="navbar"><img class="site-logo" src="https://cdn.acme.example/l.svg"></div>`,
    ),
    "https://cdn.acme.example/l.svg",
  );
  assert.equal(await logo(og + icons, customers), "https://acme.example/touch.png");
  assert.equal(
    await logo(og + `<link rel="icon" href="/favicon.ico">`, ""),
    "https://acme.example/favicon.ico",
  );
  assert.equal(await logo(og, customers), null);
});

Deno.test("links: same-site, absolute, fragment stripped, with anchor text", async () => {
  const body = `<a href="/about#team">About <b>us</b></a> <a href="/about">About again</a>
    <a href="pricing">Pricing</a> <a href="https://www.acme.example/faq">FAQ</a>
    <a href="https://other.example/x">Elsewhere</a> <a href="mailto:a@acme.example">Mail</a>
    <a href="javascript:void(0)">JS</a> <a href="/contact"><img src="/c.png" alt="Contact"></a>
    <a href="http://acme.example/features">Features over http</a>`;
  assert.deepEqual((await extractPage(page(body), PAGE)).facts.links, [
    { url: "https://acme.example/about", text: "About us" },
    { url: "https://acme.example/pricing", text: "Pricing" },
    { url: "https://www.acme.example/faq", text: "FAQ" },
    { url: "https://acme.example/contact", text: "Contact" },
    { url: "http://acme.example/features", text: "Features over http" },
  ]);
  const based = await extractPage(page(`<a href="team">Team</a>`, `<base href="/en/">`), PAGE);
  assert.deepEqual(based.facts.links, [{ url: "https://acme.example/en/team", text: "Team" }]);
});

Deno.test("copyright notices are captured (and are not founding years)", async () => {
  const body = `<main><p>We build rockets.</p></main>
    <footer><nav><a href="/">Home</a></nav><p class="legal">© 2015-2026 Acme GmbH. All rights reserved.</p>
    <small>Copyright 2026 Acme</small></footer>`;
  const { facts } = await extractPage(page(body), PAGE);
  assert.deepEqual(facts.copyright, [
    "© 2015-2026 Acme GmbH. All rights reserved.",
    "Copyright 2026 Acme",
  ]);
  const long = `<p>${
    "Lorem ipsum dolor sit amet. ".repeat(10)
  }Copyright © 2019–2026 Acme Inc. Made in Berlin.</p>`;
  assert.deepEqual((await extractPage(page(long), PAGE)).facts.copyright, [
    "Copyright © 2019–2026 Acme Inc.",
  ]);
});

Deno.test("testimonials: blockquotes with attribution, figures, testimonial blocks", async () => {
  const body = `<section id="testimonials"><h2>What customers say</h2>
      <div class="testimonial"><blockquote>"Cut our response time in half."</blockquote><p>— Jane, CTO at Globex</p></div>
      <div class="testimonial"><blockquote>"Moved 40 agents in a weekend."</blockquote><p>— Omar, Initech</p></div>
    </section>
    <figure><blockquote>Finally a helpdesk engineers open.</blockquote><figcaption>Priya, Umbrella Health</figcaption></figure>
    <blockquote>Simple and fast, we love it.</blockquote><p>— Lee, Hooli</p>
    <div class="preview-image">Not a quote at all, just a preview.</div>
    <a class="quote-button" href="/quote">Get a quote</a>`;
  const { facts } = await extractPage(page(body), PAGE);
  assert.deepEqual(facts.testimonials, [
    '"Cut our response time in half." — Jane, CTO at Globex',
    '"Moved 40 agents in a weekend." — Omar, Initech',
    "Finally a helpdesk engineers open. Priya, Umbrella Health",
    "Simple and fast, we love it. — Lee, Hooli",
  ]);
});

Deno.test("content lists: ul/ol items outside header, nav and footer", async () => {
  const body = `<header><ul><li>Home</li><li>Pricing</li></ul></header>
    <nav><ol><li>Docs</li></ol></nav>
    <main><ul><li>Automatic <b>reminders</b></li><li>Bank feeds<ul><li>Nested</li></ul></li></ul>
    <ol><li>Sign up</li><li></li><li>Send</li></ol></main>
    <footer><ul><li>Privacy</li></ul></footer>`;
  assert.deepEqual((await extractPage(page(body), PAGE)).facts.lists, [
    ["Automatic reminders", "Bank feeds Nested"],
    ["Nested"],
    ["Sign up", "Send"],
  ]);
});
