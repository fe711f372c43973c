/**
 * Features and FAQs in the markup site builders emit, read by the real extractor: FAQs written as
 * plain text under a FAQ heading (accordions of divs, bold-paragraph questions), a contact list
 * (email, address) and a blog block's heading never drafted as features.
 */
import assert from "node:assert/strict";
import { viewPage } from "../services/drafting/extractive/pages.ts";
import { draftFaqs } from "../services/drafting/extractive/faqs.ts";
import { draftFeatures } from "../services/drafting/extractive/features.ts";
import { readPages } from "./people_fixture.ts";

const ORIGIN = "https://product.example";

async function views(body: string) {
  const html =
    `<!doctype html><html><head><title>Plotly garden</title></head><body>${body}</body></html>`;
  return (await readPages(ORIGIN, [["/", "home", html]])).map(viewPage);
}

Deno.test("FAQs as accordions of divs and paragraphs under a FAQ heading are read from the text, up to the footer", async () => {
  const v = await views(
    `<h1>Plan your plot</h1><p>Plotly plans garden beds.</p>
     <h2>FAQ</h2>
     <div><div><div class="framer-q"><p>Does it work outside Australia?</p></div>
       <p>Yes. Every climate zone is covered.</p></div>
     <div><div class="framer-q"><p>Is there an Android app?</p></div>
       <p>No, not yet. It runs in the browser on Android.</p></div></div>
     <footer><p>Plotly Pty Ltd, Adelaide. Questions? Write to hi@plotly.example</p></footer>`,
  );
  const faqs = draftFaqs(v);
  assert.deepEqual(faqs.map((f) => [f.question, f.answer]), [
    ["Does it work outside Australia?", "Yes. Every climate zone is covered."],
    ["Is there an Android app?", "No, not yet. It runs in the browser on Android."],
  ]);
  assert.ok(faqs.every((f) => f.evidence.length >= 2));
});

Deno.test("questions outside a FAQ section or ending in a run-on text are not FAQs", async () => {
  const loose = await views(
    `<h1>Plan your plot</h1><p>Why do beds fail each year? Bad planning. Plotly helps.</p>
     <h2>Questions</h2><p>Still have questions? Write to us.</p>`,
  );
  assert.deepEqual(draftFaqs(loose), []);
  const runOn = await views(
    `<h1>Plan your plot</h1><h2>Questions</h2>
     <p>Can I export my plan?</p><p>Yes. As a PDF.</p>
     <p>Can I print labels?</p><p>No. Labels are not printed.</p>
     <p>Start today. Plans are free. Invite your neighbours. Share seeds. Grow more.</p>`,
  );
  assert.deepEqual(draftFaqs(runOn).map((f) => f.question), ["Can I export my plan?"]);
});

Deno.test("a contact list and a blog block's heading are never features", async () => {
  const v = await views(
    `<h1>Walk scheduling for dog walkers</h1>
     <h2>Everything you need</h2>
     <ul><li>Recurring walk schedules</li><li>GPS walk reports for owners</li></ul>
     <ul><li>hello@pawly.example</li><li>Leeds, United Kingdom</li></ul>
     <h2>From the journal</h2><h3>Latest posts</h3><p>Feb 26, 2024 Version 4 is here.</p>`,
  );
  assert.deepEqual(draftFeatures(v).value, [
    "Recurring walk schedules",
    "GPS walk reports for owners",
  ]);
});
