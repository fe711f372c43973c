/**
 * People and links in drafts, on sites read by the real extractor: founders only where the site
 * says so (team cards, "founded by", "created by A and B", JSON-LD), names cleaned of glued labels,
 * bios from stated backgrounds, each founder's own links, and the company's socials kept apart
 * from people's profiles, posts, share links and release pages.
 */
import assert from "node:assert/strict";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { extractPage } from "../services/drafting/extract.ts";
import { cleanName } from "../services/drafting/extractive/people.ts";
import { readPages, sitePage, tidewellPages } from "./people_fixture.ts";

const OPTIONS = { categories: [] };

function drafted(pages: Awaited<ReturnType<typeof tidewellPages>>) {
  const proposal = draftExtractive(pages, OPTIONS);
  const verified = verifyProposal(proposal, pages, { year: 2026 });
  return { proposal, verified };
}

Deno.test("glued labels come off names: link labels, photo captions, role words", () => {
  assert.deepEqual(cleanName("LinkedIn Jane Doe"), { name: "Jane Doe", leadingRole: null });
  assert.deepEqual(cleanName("Jane Doe Twitter"), { name: "Jane Doe", leadingRole: null });
  assert.deepEqual(cleanName("Photo of Jane Doe"), { name: "Jane Doe", leadingRole: null });
  assert.deepEqual(cleanName("CEO Jane Doe"), { name: "Jane Doe", leadingRole: "CEO" });
  assert.equal(cleanName("Globex Labs"), null, "an organisation is not a person");
  assert.equal(cleanName("How Northwind"), null);
});

Deno.test("a team page: founders with their titles and bios; staff, advisors, customers and teaser names never", async () => {
  const pages = await tidewellPages();
  const { proposal, verified } = drafted(pages);
  assert.deepEqual(
    proposal.founders.map((f) => [f.name, f.title]),
    [
      ["Ana Silva", "Co-founder & CEO"],
      ["Rui Costa", "Co-founder & CTO"],
    ],
    "no Mia Chen (staff), Sven Olsen (no founder title), Tom Becker or Jonas Berg (advisors), Priya Shah (testimonial), Carla Mendes or Victor Hale (other companies)",
  );
  assert.equal(proposal.founders[0].bio, "Ana spent ten years at Stripe building payment systems.");
  assert.deepEqual(verified.proposal.founders.map((f) => f.name), ["Ana Silva", "Rui Costa"]);
  assert.equal(verified.proposal.founders[0].bio, proposal.founders[0].bio, "the bio is quoted");
  assert.deepEqual(
    verified.dropped.filter((d) => d.field.startsWith("founder")),
    [],
    "every founder and link the extractive drafter proposes verifies",
  );
});

Deno.test("each founder's own links are drafted with evidence; founder_socials holds the primary founder's", async () => {
  const pages = await tidewellPages();
  const { verified } = drafted(pages);
  const socials = verified.proposal.founder_socials ?? {};
  assert.deepEqual(
    Object.fromEntries(Object.entries(socials).map(([k, v]) => [k, v!.value])),
    { linkedin: "https://www.linkedin.com/in/anasilva", x: "https://x.com/anasilva" },
  );
  const ev = socials.linkedin!.evidence;
  assert.ok(
    ev.some((q) => q.quote.includes("Ana Silva") && q.url === "https://tidewell.example/team"),
  );
  assert.ok(ev.some((q) => q.quote === "https://www.linkedin.com/in/anasilva"));
  const rui = verified.proposal.founders[1].links ?? {};
  assert.deepEqual(
    Object.fromEntries(Object.entries(rui).map(([k, v]) => [k, v!.value])),
    {
      linkedin: "https://www.linkedin.com/in/rui-costa",
      github: "https://github.com/ruicosta",
      website: "https://ruicosta.dev/",
    },
    "the label glued before his name does not stop his links from being his",
  );
});

Deno.test("company socials are the organisation's: no personal profile, release page, share link or customer", async () => {
  const pages = await tidewellPages();
  const { verified } = drafted(pages);
  const company = Object.fromEntries(
    Object.entries(verified.proposal.company_socials).map(([k, v]) => [k, v!.value]),
  );
  assert.deepEqual(company, {
    linkedin: "https://www.linkedin.com/company/tidewell",
    x: "https://x.com/tidewellhq",
    github: "https://github.com/tidewell",
  });
});

Deno.test("a site with only personal and repository links has no company socials", async () => {
  const html = `<!doctype html><html><head><title>Pinecone Notes</title>
    <script type="application/ld+json">{"@type":"Organization","name":"Pinecone Notes",
      "sameAs":["https://www.linkedin.com/in/kadritamm","https://github.com/pinenotes/pine/issues/12"]}</script>
    </head><body><main><h1>Pinecone Notes</h1><p>Notes that sync.</p>
    <a href="https://github.com/pinenotes/pine/releases/tag/v1.2">Release 1.2</a>
    <a href="https://x.com/pinenotes/status/1790">Our launch post</a>
    <a href="https://twitter.com/intent/tweet?url=x">Tweet</a></main></body></html>`;
  const page = await extractPage(html, "https://pinenotes.example/");
  assert.deepEqual(page.facts.socials, {});
});

Deno.test('"created by A and B" makes both founders, without a title', async () => {
  const home = sitePage(
    "Quiver",
    "Quiver - a tiny job queue",
    `<h1>Quiver</h1><p>A tiny job queue for Postgres.</p>
     <p>Quiver is created by Lea Novak and Omar Haddad, and maintained with help from the community.</p>
     <h2>Contributors</h2><p>Thanks to Ivo Petrov, founder of Slate, for the retry logic.</p>`,
  );
  const pages = await readPages("https://quiver.example", [["/", "home", home]]);
  const { proposal, verified } = drafted(pages);
  assert.deepEqual(proposal.founders.map((f) => [f.name, f.title]), [
    ["Lea Novak", null],
    ["Omar Haddad", null],
  ]);
  assert.deepEqual(verified.proposal.founders.map((f) => f.name), ["Lea Novak", "Omar Haddad"]);
});

Deno.test('"our founders A and B" and "A and B founded it" name every founder', async () => {
  const about = sitePage(
    "Loomwork",
    "About | Loomwork",
    `<h1>About Loomwork</h1>
     <p>Our founders, Hana Ito and Pavel Novak, met at a weaving co-op in Kyoto.</p>
     <p>Hana Ito spent eight years as a textile engineer at Uniqlo.</p>`,
  );
  const pages = await readPages("https://loomwork.example", [["/about", "about", about]]);
  const { proposal } = drafted(pages);
  assert.deepEqual(proposal.founders.map((f) => f.name), ["Hana Ito", "Pavel Novak"]);
  assert.equal(
    proposal.founders[0].bio,
    "Hana Ito spent eight years as a textile engineer at Uniqlo.",
  );
  const other = sitePage(
    "Loomwork",
    "About | Loomwork",
    `<p>Hana Ito and Pavel Novak founded Loomwork in 2022.</p>
     <p>Dana Wu and Eli Moss founded Threadly, our first customer.</p>`,
  );
  const pages2 = await readPages("https://loomwork.example", [["/about", "about", other]]);
  assert.deepEqual(
    (drafted(pages2)).proposal.founders.map((f) => f.name),
    ["Hana Ito", "Pavel Novak"],
    "the founders of a customer are not ours",
  );
});

Deno.test("a JSON-LD founder is quoted from its JSON-LD path, and stays", async () => {
  const ld = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "Ferrule",
    founder: { "@type": "Person", name: "Kai Moreau", jobTitle: "Founder" },
  });
  const home = sitePage(
    "Ferrule",
    "Ferrule",
    "<h1>Ferrule</h1><p>Cable labels that stay put.</p>",
    `<script type="application/ld+json">${ld}</script>`,
  );
  const pages = await readPages("https://ferrule.example", [["/", "home", home]]);
  const { proposal, verified } = drafted(pages);
  assert.equal(proposal.founders.length, 1);
  const f = proposal.founders[0];
  assert.deepEqual([f.name, f.title], ["Kai Moreau", "Founder"]);
  assert.deepEqual(f.evidence[0], {
    quote: "Kai Moreau",
    url: "https://ferrule.example/",
    source: "jsonld",
    locator: "founder.name",
  });
  assert.deepEqual(verified.proposal.founders.map((x) => x.name), ["Kai Moreau"]);
});

Deno.test("the verifier drops a founder link that is not by the founder's name, or not a person's profile", async () => {
  const pages = await tidewellPages();
  const { proposal } = drafted(pages);
  const team = "https://tidewell.example/team";
  proposal.founder_socials = {
    // Mia Chen's profile, quoted from her card: not Ana Silva's.
    linkedin: {
      value: "https://www.linkedin.com/in/miachen",
      evidence: [{ quote: "Mia Chen Head of Design LinkedIn", url: team }, {
        quote: "https://www.linkedin.com/in/miachen",
        url: team,
      }],
    },
    // The company's page is not a person's own profile.
    github: {
      value: "https://github.com/tidewell",
      evidence: [{ quote: "Ana Silva", url: team }],
    },
    // A made-up profile is on no page.
    x: {
      value: "https://x.com/ana_silva_real",
      evidence: [{ quote: "Ana Silva Co-founder & CEO", url: team }],
    },
  };
  const verified = verifyProposal(proposal, pages, { year: 2026 });
  assert.deepEqual(verified.proposal.founder_socials, {});
  const reasons = verified.dropped.filter((d) => d.field.startsWith("founder_socials"));
  assert.equal(reasons.length, 3, JSON.stringify(reasons));
});

Deno.test('"Created by <a>Name</a>": the linked name is a founder with that link, never the company\'s social', async () => {
  const home = `<!doctype html><html><head><title>pgkit</title></head><body><main>
    <h1>pgkit</h1><p>Fast Postgres fixtures for tests.</p>
    <p>Created by <a href="https://github.com/nadia-k">Nadia Kovac</a>. Licensed under MIT.</p>
    <p>Glazy, the open glaze database started by Derek Au, lists our fixtures.</p>
    </main></body></html>`;
  const pages = await readPages("https://pgkit.example", [["/", "home", home]]);
  assert.deepEqual(pages[0].facts.socials, {}, "a person's link is not the company's");
  const { verified } = drafted(pages);
  assert.deepEqual(verified.proposal.founders.map((f) => f.name), ["Nadia Kovac"]);
  assert.deepEqual(
    Object.fromEntries(
      Object.entries(verified.proposal.founder_socials ?? {}).map(([k, v]) => [k, v!.value]),
    ),
    { github: "https://github.com/nadia-k" },
  );
  assert.deepEqual(verified.proposal.company_socials, {});
});

Deno.test("a list with a description between names keeps every founder; a nested JSON-LD founder counts", async () => {
  const ld = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: "Solvane",
    publisher: {
      "@type": "Organization",
      name: "Solvane GmbH",
      founder: [{ "@type": "Person", name: "Lotte Brandt" }],
    },
  });
  const about = sitePage(
    "Solvane",
    "About Solvane",
    `<h1>About</h1><p>Solvane was founded in 2020 by Jonas Albers (CEO), a former electrician, and Mira Pop (CTO).</p>`,
    `<script type="application/ld+json">${ld}</script>`,
  );
  const pages = await readPages("https://solvane.example", [["/about", "about", about]]);
  const { proposal, verified } = drafted(pages);
  assert.deepEqual(proposal.founders.map((f) => [f.name, f.title]), [
    ["Jonas Albers", "CEO"],
    ["Mira Pop", "CTO"],
    ["Lotte Brandt", null],
  ]);
  assert.equal(proposal.founders[2].evidence[0].locator, "publisher.founder.name");
  assert.deepEqual(verified.proposal.founders.map((f) => f.name), [
    "Jonas Albers",
    "Mira Pop",
    "Lotte Brandt",
  ]);
});

Deno.test('"Founders: A and B", "A and B are the co-founders", and bios that name the founder early', async () => {
  const about = sitePage(
    "Parcelo",
    "About | Parcelo",
    `<h1>About</h1>
     <p>Founders: Jana Horak and Milan Ruiz.</p>
     <p>Before Parcelo, Jana Horak ran logistics at DHL for six years.</p>
     <p>Milan Ruiz and Jana Horak are the co-founders of Parcelo.</p>
     <h2>Team</h2><div class="member"><p>Mark Lee</p><p>Mark messages as read with one click, says our support lead.</p></div>
     <div><p>Milan Ruiz, Co-founder <a href="https://uk.linkedin.com/in/milanruiz">LinkedIn</a></p></div>`,
  );
  const pages = await readPages("https://parcelo.example", [["/about", "about", about]]);
  const { verified } = drafted(pages);
  assert.deepEqual(verified.proposal.founders.map((f) => [f.name, f.bio]), [
    ["Jana Horak", "Before Parcelo, Jana Horak ran logistics at DHL for six years."],
    ["Milan Ruiz", null],
  ]);
  assert.equal(
    verified.proposal.founders[1].links?.linkedin?.value,
    "https://uk.linkedin.com/in/milanruiz",
  );
});
