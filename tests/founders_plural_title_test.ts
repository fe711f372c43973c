/**
 * A plural founder title after a list of names ("Maya Chen & Tomás Berg / Co-founders, Tideline",
 * "A, B and C, founders of X") binds every name of the list, in the verifier and in the drafter;
 * a singular title binds only the name next to it; a list holding a company, a lower-case word or
 * another company's founders binds nobody.
 */
import assert from "node:assert/strict";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { roleBound } from "../services/drafting/verifier/support.ts";
import { readPages } from "./people_fixture.ts";

const ORIGIN = "https://product.example";

function html(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/letter">Letter</a></nav></header>
    <main>${body}</main><footer><p>© 2026</p></footer></body></html>`;
}

async function founders(title: string, body: string) {
  const pages = await readPages(ORIGIN, [["/", "home", html(title, body)]]);
  const proposal = draftExtractive(pages, { categories: [], startUrl: `${ORIGIN}/` });
  const verified = verifyProposal(proposal, pages, { year: 2026 });
  assert.equal(verified.quotes.checked, verified.quotes.verified, JSON.stringify(verified.dropped));
  assert.deepEqual(verified.dropped.filter((d) => d.field.startsWith("founders")), []);
  return {
    drafted: proposal.founders.map((f) => f.name),
    kept: verified.proposal.founders.map((f) => [f.name, f.title]),
  };
}

Deno.test("verifier: a plural title after a list of people binds every name of it", () => {
  const sig = "Maya Chen & Tomás Berg\nCo-founders, Tideline";
  assert.ok(roleBound(sig, "Maya Chen", "Tideline"));
  assert.ok(roleBound(sig, "Tomás Berg", "Tideline"));
  const three = "— Ana Silva, Rui Costa and Bo van der Berg, founders of Tidewell.";
  for (const n of ["Ana Silva", "Rui Costa", "Bo van der Berg"]) {
    assert.ok(roleBound(three, n, "Tidewell"), n);
  }
  assert.ok(roleBound("Grace Otieno and Paul Lindgren, the co-founders", "Grace Otieno"));
});

Deno.test("verifier: a singular title binds only the name next to it", () => {
  const q = "Maya Chen & Tomás Berg, Co-founder";
  assert.ok(!roleBound(q, "Maya Chen", "Tideline"));
  assert.ok(roleBound(q, "Tomás Berg", "Tideline"));
});

Deno.test("verifier: a list holding a non-person word binds nobody", () => {
  for (
    const [q, name] of [
      ["Acme Labs and Jane Doe, co-founders", "Jane Doe"],
      ["Thanks to Jane Doe and Ali Khan, co-founders", "Jane Doe"],
      ["Thanks to Jane Doe and Ali Khan, co-founders", "Ali Khan"],
      ["Jane Doe and our designer Ali Khan, co-founders", "Jane Doe"],
      ["Jane Doe and Ali Khan, former co-founders", "Jane Doe"],
      ["Jane Doe and Ali Khan, co-founders of Globex", "Jane Doe"],
      ["Jane Doe and Ali Khan, co-founders of Globex", "Ali Khan"],
      ["Jane Doe and Ali Khan\nFounders are rarely this lucky", "Jane Doe"],
      ["Jane Doe and Tideline, co-founders", "Jane Doe"],
      ["Co-founders, Tideline\nMaya Chen & Tomás Berg", "Maya Chen"],
    ]
  ) assert.ok(!roleBound(q, name, "Tideline"), `${q} / ${name}`);
});

Deno.test("drafter and verifier: a signature with a plural title yields both founders", async () => {
  const { drafted, kept } = await founders(
    "Why we built Tideline",
    `<h1>Why we built Tideline</h1><p>Every summer we sailed the west coast and asked for a berth.</p>
     <p>Fair winds,</p>
     <p class="signoff"><strong>Maya Chen &amp; Tomás Berg</strong><br>Co-founders, Tideline</p>`,
  );
  assert.deepEqual(drafted.sort(), ["Maya Chen", "Tomás Berg"]);
  assert.deepEqual(kept.map(([n]) => n).sort(), ["Maya Chen", "Tomás Berg"]);
});

Deno.test("drafter: a list with another company's plural title or a company item is nobody", async () => {
  const { drafted } = await founders(
    "Tideline",
    `<h1>Tideline</h1><p>Book a berth before you cast off.</p>
     <blockquote><p>“It changed our summers.”</p><p>— Hanne Vik and Erik Lund, co-founders of Sailhub</p></blockquote>
     <p>Northsea Capital and Jonas Berg, founders of the fund, back us.</p>
     <p>Our advisors, Lena Fischer and Ola Nordmann, co-founders.</p>`,
  );
  assert.deepEqual(drafted, []);
});

Deno.test("drafter: a statement signed by a list with 'co-founders of' the product", async () => {
  const { kept } = await founders(
    "Wardlight – ward handover",
    `<h1>Handover in five minutes</h1><p>Wardlight is a shared ward board for nurses.</p>
     <h2>A word from the founders</h2><p>We built the tool we wanted on our own night shifts.</p>
     <p>— Grace Otieno and Paul Lindgren, co-founders of Wardlight</p>`,
  );
  assert.deepEqual(kept, [["Grace Otieno", null], ["Paul Lindgren", null]]);
});
