/**
 * Founders stated in shapes the round-22 development sites brought in, each with its tempting
 * non-founders: a JSON-LD `founder` pointing by `@id` to a Person of the `@graph` (not an
 * employee node, not the founder of an investor the graph names) with the `sameAs` profiles of
 * that node (not another node's), "X is the brainchild of A" (not
 * another company's brainchild), and Italian ("fondata … da A e B"; not "cofondatrice di <another
 * company>", not an advisor).
 */
import assert from "node:assert/strict";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { roleBound } from "../services/drafting/verifier/support.ts";
import { readPages, sitePage } from "./people_fixture.ts";

const ORIGIN = "https://gleanly.example";

async function draft(body: string, head = "") {
  const html = sitePage("Gleanly", "Gleanly | Highlights from everything you read", body, head);
  const pages = await readPages(ORIGIN, [["/", "home", html]]);
  const proposal = draftExtractive(pages, { categories: [], startUrl: `${ORIGIN}/` });
  const verified = verifyProposal(proposal, pages, { year: 2026 });
  assert.equal(verified.quotes.checked, verified.quotes.verified, JSON.stringify(verified.dropped));
  return {
    pages,
    proposal,
    drafted: proposal.founders.map((f) => f.name),
    kept: verified.proposal.founders.map((f) => f.name),
  };
}

function ld(graph: unknown[]): string {
  return `<script type="application/ld+json">${
    JSON.stringify({ "@context": "https://schema.org", "@graph": graph })
  }</script>`;
}

const PEOPLE = [
  {
    "@type": "Person",
    "@id": "#ayla",
    name: "Ayla Demir",
    jobTitle: "Chief Executive Officer",
    sameAs: ["https://www.linkedin.com/in/ayla-demir", "https://www.linkedin.com/company/gleanly"],
  },
  { "@type": "Person", "@id": "#omar", name: "Omar Haddad" },
  {
    "@type": "Person",
    "@id": "#rita",
    name: "Rita Sousa",
    jobTitle: "Head of Support",
    sameAs: "https://x.com/ritasousa",
  },
];
const INVESTOR = {
  "@type": "Organization",
  "@id": "#vc",
  name: "Tagus Seed Partners",
  founder: { "@type": "Person", name: "Duarte Lobo" },
};
const GLEANLY = {
  "@type": "Organization",
  "@id": "#org",
  name: "Gleanly",
  founder: [{ "@id": "#ayla" }, { "@id": "#omar" }],
  employee: [{ "@id": "#rita" }],
  funder: { "@id": "#vc" },
};

Deno.test("JSON-LD: founders referenced by @id are drafted and kept; an employee node is not", async () => {
  const r = await draft("<h1>Highlights from everything you read</h1>", ld([GLEANLY, ...PEOPLE]));
  assert.deepEqual(r.drafted, ["Ayla Demir", "Omar Haddad"]);
  assert.deepEqual(r.kept, ["Ayla Demir", "Omar Haddad"]);
  const ayla = r.proposal.founders[0];
  assert.equal(ayla.title, "Chief Executive Officer");
  assert.ok(ayla.evidence.some((q) => q.source === "jsonld" && q.locator === "name"));
});

Deno.test("JSON-LD: the founder of an investor the graph names is not the site's", async () => {
  const r = await draft("<h1>Highlights</h1>", ld([GLEANLY, ...PEOPLE, INVESTOR]));
  assert.deepEqual(r.kept, ["Ayla Demir", "Omar Haddad"]);
  // With no organisation of the site's own in the graph, the only one's founder still counts.
  const alone = await draft("<h1>Highlights</h1>", ld([{ ...INVESTOR, name: "Gleanly Lda" }]));
  assert.deepEqual(alone.kept, ["Duarte Lobo"]);
});

Deno.test("verifier: a JSON-LD name is a founder's only when a founder @id points to its node", async () => {
  const r = await draft("<h1>Highlights</h1>", ld([GLEANLY, ...PEOPLE]));
  const quote = (name: string) => ({
    quote: name,
    url: `${ORIGIN}/`,
    source: "jsonld",
    locator: "name",
  });
  const proposal = structuredClone(r.proposal);
  proposal.founders = [
    { name: "Rita Sousa", title: null, bio: null, evidence: [quote("Rita Sousa")] },
    { name: "Omar Haddad", title: null, bio: null, evidence: [quote("Omar Haddad")] },
  ] as typeof proposal.founders;
  const verified = verifyProposal(proposal, r.pages, { year: 2026 });
  assert.deepEqual(verified.proposal.founders.map((f) => f.name), ["Omar Haddad"]);
  assert.ok(
    verified.dropped.some((d) => d.field === "founders[0]"),
    JSON.stringify(verified.dropped),
  );
});

Deno.test("'X is the brainchild of A' names a founder only when X is the site's own", async () => {
  const r = await draft(`<h2>Our story</h2>
    <p>Gleanly is the brainchild of Hana Okoye, a molecular biologist who lost a box of notes.</p>
    <p>Our first customer, Wen Li, founder of Cellbright Bio, sends requests every Friday.</p>
    <p>Cellbright is the brainchild of Wen Li, who still runs it.</p>`);
  assert.ok(r.drafted.includes("Hana Okoye"));
  assert.deepEqual(r.kept, ["Hana Okoye"]);
  assert.ok(!roleBound("Cellbright is the brainchild of Wen Li", "Wen Li", "Gleanly"));
  assert.ok(roleBound("Gleanly is the brainchild of Hana Okoye", "Hana Okoye", "Gleanly"));
  assert.ok(roleBound("The app is the brainchild of Hana Okoye", "Hana Okoye", "Gleanly"));
});

Deno.test("Italian: 'fondata … da A e B' are founders; another company's cofondatrice is not", async () => {
  const r = await draft(`<h2>Chi siamo</h2>
    <p>Gleanly è stata fondata a Bologna nel 2020 da Giulia Romano e Marco Bianchi, due ex canottieri.</p>
    <p>Ci aiuta come consulente Chiara Esposito, cofondatrice di Velaria.</p>
    <p>Il presidente del circolo, Paolo Neri, ha fondato la regata Lungo Po.</p>`);
  assert.deepEqual(r.drafted, ["Giulia Romano", "Marco Bianchi"]);
  assert.deepEqual(r.kept, ["Giulia Romano", "Marco Bianchi"]);
  assert.ok(!roleBound("Chiara Esposito, cofondatrice di Velaria", "Chiara Esposito", "Gleanly"));
  assert.ok(roleBound("Giulia Romano, fondatrice di Gleanly", "Giulia Romano", "Gleanly"));
  assert.ok(roleBound("Marco Bianchi, cofondatore e CTO", "Marco Bianchi", "Gleanly"));
  assert.ok(!roleBound("Jane Doe, Gründerin von Kassa", "Jane Doe", "Gleanly"));
});

Deno.test("JSON-LD: a founder node's own sameAs profile is the founder's link; another node's is not", async () => {
  const r = await draft("<h1>Highlights</h1>", ld([GLEANLY, ...PEOPLE]));
  const verified = verifyProposal(r.proposal, r.pages, { year: 2026 });
  const links = verified.proposal.founders.map((f) => [f.name, f.links ?? null]);
  assert.deepEqual(links.map(([n, l]) => [n, l && Object.keys(l)]), [
    ["Ayla Demir", ["linkedin"]],
    ["Omar Haddad", null],
  ]);
  assert.equal(
    verified.proposal.founder_socials?.linkedin?.value,
    "https://www.linkedin.com/in/ayla-demir",
  );
  // Rita's profile, quoted from her own node, moved onto Omar: refused.
  const moved = structuredClone(r.proposal);
  const q = (quote: string, locator: string) => ({
    quote,
    url: `${ORIGIN}/`,
    source: "jsonld",
    locator,
  });
  moved.founders[1].links = {
    x: { value: "https://x.com/ritasousa", evidence: [q("https://x.com/ritasousa", "sameAs")] },
  } as typeof moved.founders[1]["links"];
  const checked = verifyProposal(moved, r.pages, { year: 2026 });
  assert.equal(checked.proposal.founders[1].links ?? null, null);
  assert.ok(
    checked.dropped.some((d) => d.field === "founders[1].links.x"),
    JSON.stringify(checked.dropped),
  );
});
