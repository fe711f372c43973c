/**
 * Headings and list items stand where the page puts them: extraction records their offsets in the
 * visible text, and the page reader cuts segments there, not at an earlier sentence holding the
 * same words. Pages stored without offsets are still read by searching.
 */
import assert from "node:assert/strict";
import { extractPage } from "../services/drafting/extract.ts";
import { type EvidencePage } from "../services/drafting/evidence.ts";
import { type Segment, viewPage } from "../services/drafting/extractive/pages.ts";

const URL_ = "https://acme.example/";

async function evidence(body: string): Promise<EvidencePage> {
  const html =
    `<!doctype html><html lang="en"><head><title>Acme</title></head><body>${body}</body></html>`;
  const { text, facts } = await extractPage(html, URL_);
  return { url: URL_, kind: "home", text, facts } as EvidencePage;
}

function segments(page: EvidencePage): { text: string; heading: boolean; item: boolean }[] {
  return viewPage(page).segments.map((s: Segment) => ({
    text: s.text,
    heading: s.heading,
    item: s.item,
  }));
}

const BODY = `<h1>Acme</h1><p>Pricing that grows with you. Export to CSV in one click.</p>` +
  `<h2>Pricing</h2><p>Starter costs $9 per month.</p><ul><li>Export to CSV</li><li>Teams</li></ul>`;

Deno.test("offsets: every heading and list item is recorded where its text starts", async () => {
  const page = await evidence(BODY + `<h3>Caf\u00e9 \u2026 menus</h3>`);
  const f = page.facts;
  f.headings.forEach((h, i) => {
    assert.equal(
      page.text.slice(f.heading_offsets![i], f.heading_offsets![i] + h.text.length),
      h.text,
    );
  });
  assert.deepEqual(f.list_offsets, [[
    page.text.lastIndexOf("Export to CSV"),
    page.text.indexOf("Teams"),
  ]]);
});

Deno.test("segments: a heading whose words open an earlier sentence is cut where it stands", async () => {
  const segs = segments(await evidence(BODY));
  assert.deepEqual(segs.slice(0, 6), [
    { text: "Acme", heading: true, item: false },
    { text: "Pricing that grows with you.", heading: false, item: false },
    { text: "Export to CSV in one click.", heading: false, item: false },
    { text: "Pricing", heading: true, item: false },
    { text: "Starter costs $9 per month.", heading: false, item: false },
    { text: "Export to CSV", heading: false, item: true },
  ]);
});

Deno.test("segments: offsets still hold after quote normalisation changes the text before", async () => {
  const segs = segments(
    await evidence(`<p>Wait\u2026 Pricing matters here.</p><h2>Pricing</h2><p>Plans below.</p>`),
  );
  assert.deepEqual(segs.filter((s) => s.heading).map((s) => s.text), ["Pricing"]);
  assert.ok(segs.some((s) => s.text === "Pricing matters here." && !s.heading));
});

Deno.test("segments: stored evidence without offsets is still placed by searching", async () => {
  const page = await evidence(
    `<h1>Acme</h1><p>Plans for teams.</p><h2>Pricing</h2><ul><li>Teams</li></ul>`,
  );
  delete page.facts.heading_offsets;
  delete page.facts.list_offsets;
  const segs = segments(page);
  assert.deepEqual(segs.filter((s) => s.heading).map((s) => s.text), ["Acme", "Pricing"]);
  assert.deepEqual(segs.filter((s) => s.item).map((s) => s.text), ["Teams"]);
});
