/**
 * The verifier's free-option check for paid-only pricing models (Subscription, One-time): only the
 * product's own offer counts. A trial, a free extra (a demo, onboarding, a migration, a guide, a
 * gift with the first box, support "free of charge"), a partner's or a competitor's free plan never
 * refuse a paid-only model; the product's own free plan, stated anywhere on its own pages (an FAQ
 * too), or the product being open source, still does.
 */
import assert from "node:assert/strict";
import type { EvidenceQuote } from "../services/drafting/evidence.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { hintsFree } from "../services/drafting/vocabulary.ts";
import { readPages } from "./people_fixture.ts";
import { proposalWith } from "./source_pages_fixture.ts";

const ORIGIN = "https://clausely.example";
const PRICE = "Team costs $390 per month.";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav></header>
    <main>${body}</main><footer><p>Clausely Inc., Denver</p></footer></body></html>`;
}

/** The pricing model left by the verifier when Subscription is proposed with the plan's price. */
async function verifiedModel(pages: [string, string, string][]): Promise<unknown> {
  const read = await readPages(ORIGIN, pages);
  const evidence: EvidenceQuote[] = [{ quote: PRICE, url: `${ORIGIN}/pricing` }];
  const proposal = proposalWith({
    fields: { pricing_model: { value: "Subscription", evidence } },
  });
  const v = verifyProposal(proposal, read, { categories: [], year: 2026 });
  assert.equal(v.quotes.checked, v.quotes.verified, JSON.stringify(v.dropped));
  return v.proposal.fields.pricing_model?.value ?? null;
}

const pricing = (extra = "") =>
  ["/pricing", "pricing", page("Pricing", `<h1>Pricing</h1><p>${PRICE}</p>${extra}`)] as [
    string,
    string,
    string,
  ];

Deno.test("free option: trials and free extras on the product's pages never refuse Subscription", async () => {
  const extras = [
    "Start your free trial or book a free demo with our team.",
    "We offer free migration of up to 5,000 existing contracts.",
    "Every new team gets free onboarding with a specialist.",
    "Support free of charge, answered within one business day.",
    "Your workspace stays free up to the end of the trial.",
    "A free tasting journal with your first box.",
    "Refer a friend and you both get a free sample tin.",
    "Download our free guide to contract playbooks.",
    "Join our free webinar on March 12.",
  ];
  for (const line of extras) {
    assert.equal(hintsFree(line), false, line);
    assert.equal(await verifiedModel([pricing(`<p>${line}</p>`)]), "Subscription", line);
  }
});

Deno.test("free option: a partner's free plan and a competitor's $0 never refuse Subscription", async () => {
  const partners = page(
    "Integrations",
    `<h1>Integrations</h1><h2>Slack</h2><p>Works on Slack's free plan too.</p>`,
  );
  const compare = page(
    "Compare",
    `<h1>Clausely vs Rivalapp</h1><table><tr><th></th><th>Clausely</th><th>Rivalapp</th></tr>
    <tr><td>Price</td><td>$390</td><td>$0</td></tr></table>`,
  );
  const others = page(
    "Why Clausely",
    `<h1>Why Clausely</h1><p>Most contract tools charge nothing up front and then $0 per seat.</p>`,
  );
  const model = await verifiedModel([
    pricing(),
    ["/integrations", "other", partners],
    ["/compare", "other", compare],
    ["/why", "other", others],
  ]);
  assert.equal(model, "Subscription");
});

Deno.test("free option: the product's own free plan in its FAQ, a free quota or open source refuses Subscription", async () => {
  const faq = page(
    "FAQ",
    `<h1>FAQ</h1><h3>Can we use Clausely without paying?</h3>
    <p>Yes. Workspaces with up to 10 members can use Clausely free forever.</p>`,
  );
  assert.equal(await verifiedModel([pricing(), ["/faq", "faq", faq]]), null);
  // "free up" is "free up your time" only when no quota follows it.
  assert.equal(hintsFree("Free up to 3 projects."), true);
  assert.equal(await verifiedModel([pricing("<p>Free up to 3 projects.</p>")]), null);
  const oss = page("About", `<h1>About</h1><p>Clausely is open source under the MIT licence.</p>`);
  assert.equal(await verifiedModel([pricing(), ["/about", "about", oss]]), null);
  // A denial is not a free option.
  assert.equal(
    await verifiedModel([pricing("<p>There is no free plan, but every plan has a trial.</p>")]),
    "Subscription",
  );
});

Deno.test("free option: a free plan named only in the navigation does not count, one in the page does", async () => {
  const nav = `<!doctype html><html lang="en"><head><title>Pricing</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/free">Free plan</a></nav></header>
    <main><h1>Pricing</h1><p>${PRICE}</p></main></body></html>`;
  const read = await readPages(ORIGIN, [["/pricing", "pricing", nav]]);
  assert.ok((read[0].facts.zones ?? []).some((z) => z.kind === "nav"), "zones recorded");
  assert.equal(await verifiedModel([["/pricing", "pricing", nav]]), "Subscription");
  assert.equal(await verifiedModel([pricing("<p>The free plan covers one reviewer.</p>")]), null);
});
