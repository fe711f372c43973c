/**
 * Post teasers and FAQs on realistic pages read by the real extractor: a block of blog, journal or
 * news cards (on any page) never gives a company milestone, and a description never takes in a
 * FAQ's questions and answers, post teasers or the footer.
 */
import assert from "node:assert/strict";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { readPages } from "./people_fixture.ts";

const ORIGIN = "http://127.0.0.1:8124";

/** Drafts a one-page site from its home page's main content and footer. */
async function draftHome(main: string, footer = "<p>© 2025 Walkly</p>") {
  const html = `<!doctype html><html lang="en"><head><title>Walkly</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/blog/">Blog</a></nav></header>
    <main>${main}</main><footer>${footer}</footer></body></html>`;
  const pages = await readPages(ORIGIN, [["/", "home", html]]);
  return draftExtractive(pages, { categories: [], startUrl: `${ORIGIN}/` });
}

const HERO = `<h1>Scheduling for dog walkers</h1>
  <p>Walkly books your walks, sends owners a report after every walk and invoices them monthly.</p>`;

/** Post cards: a linked title, the post's date and its excerpt (Elementor's posts widget shape). */
function card(path: string, title: string, date: string, excerpt: string) {
  return `<article class="elementor-post"><h3><a href="${path}">${title}</a></h3>
    <div class="elementor-post__meta-data"><span>${date}</span></div>
    <div class="elementor-post__excerpt"><p>${excerpt}</p></div></article>`;
}

Deno.test("milestones: post cards under a posts heading give none; a dated sentence does", async () => {
  const d = await draftHome(`${HERO}
    <section><h2>Our history</h2>
      <p>On 3 March 2021 we launched Walkly in Leeds with twelve walkers.</p></section>
    <section><h2>From the blog</h2><div class="elementor-posts">
      ${
    card(
      "/2024/02/12/pricing/",
      "How to price your walks",
      "February 12, 2024",
      "We asked 300 walkers what they charge.",
    )
  }
      ${
    card(
      "/2023/11/06/group-walks/",
      "New: group walks",
      "November 6, 2023",
      "Book several dogs on one walk.",
    )
  }
    </div></section>`);
  assert.deepEqual(d.milestones.map((m) => [m.date, m.title]), [
    ["2021-03-03", "We launched Walkly in Leeds with twelve walkers"],
  ]);
});

Deno.test("milestones: linked post titles give none even under a plain heading", async () => {
  const d = await draftHome(`${HERO}
    <section><h2>Good reading</h2>
      ${
    card("/journal/pricing", "How to price your walks", "12 February 2024", "We asked 300 walkers.")
  }
      ${
    card(
      "/news/group-walks",
      "Group walks are here",
      "6 November 2023",
      "Book several dogs at once.",
    )
  }
    </section>`);
  assert.deepEqual(d.milestones, []);
});

Deno.test("milestones: a section about updates is not a posts block", async () => {
  const d = await draftHome(`${HERO}
    <section><h2>Updates for a year</h2>
      <p>Our launch price of €29 ended on 1 March 2025.</p></section>`);
  assert.deepEqual(d.milestones.map((m) => m.date), ["2025-03-01"]);
});

Deno.test("description: no FAQ question or answer, post teaser or footer text", async () => {
  const d = await draftHome(
    `${HERO}
    <section><h2>Frequently asked questions</h2>
      <div class="elementor-accordion">
        <div class="elementor-tab-title"><a>Can I try Walkly before I pay?</a></div>
        <div class="elementor-tab-content"><p>Yes. Every plan starts with a 14-day free trial.</p></div>
        <div class="elementor-tab-title"><a>Do owners need to download an app?</a></div>
        <div class="elementor-tab-content"><p>No. Owners get reports and invoices by email.</p></div>
      </div></section>
    <section><h2>From the blog</h2>
      ${
      card(
        "/2024/02/12/pricing/",
        "How to price your walks",
        "February 12, 2024",
        "We asked 300 walkers across the UK what they charge.",
      )
    }</section>`,
    "<p>Walkly Ltd, Leeds. Apple and the Apple logo are trademarks of Apple Inc.</p>",
  );
  const text = String(d.fields.description?.value);
  assert.match(text, /^Walkly books your walks/);
  for (const absent of ["14-day", "download an app", "300 walkers", "trademarks"]) {
    assert.ok(!text.includes(absent), `${absent} in: ${text}`);
  }
});
