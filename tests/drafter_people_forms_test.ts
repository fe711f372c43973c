/**
 * Founders in the forms many real sites use, on small sites read by the real extractor, drafted
 * by the extractive drafter and verified: names with particles, Irish and Vietnamese diacritics
 * and four words ("Jan van der Berg", "Tomás Ó Súilleabháin", "María José García López"), team
 * cards whose links are icons, "A and B set out to build X", a
 * press kit's bio cards whose link follows the name's heading, a link labelled "LinkedIn (Ana)"
 * and a personal site whose address is the founder's name; never a first engineer, an advisor or
 * a customer who founded another company, nor a link after someone else's heading.
 */
import assert from "node:assert/strict";
import type { DraftProposal } from "../services/drafting/evidence.ts";
import { isPersonName } from "../services/drafting/extractive/people.ts";
import { cardHeadedBy, linkIsFounders } from "../services/drafting/link_owner.ts";
import { draftedSite, foundersWithLinks } from "./people_fixture.ts";

const ORIGIN = "https://product.example";

const site = async (title: string, body: string, about?: string) =>
  (await draftedSite(ORIGIN, title, body, about)).draft;
const people = foundersWithLinks;
const names = (d: DraftProposal) => d.founders.map((f) => f.name);

Deno.test("names with particles, an Irish Ó and four words are whole names", () => {
  for (
    const n of [
      "Jan van der Berg",
      "Tomás Ó Súilleabháin",
      "María José García López",
      "Nguyễn Thu Hà",
      "Ana de la Cruz",
    ]
  ) assert.ok(isPersonName(n), n);
  for (const n of ["Jan", "Acme Labs Group Inc", "María José García López Ruiz Vidal"]) {
    assert.ok(!isPersonName(n), n);
  }
});

Deno.test("team cards with icon-only links keep four-word and particle names whole", async () => {
  const card = (name: string, role: string, links: string) =>
    `<article><h3>${name}</h3><p class="role">${role}</p><div>${links}</div></article>`;
  const icon = (url: string, label: string) =>
    `<a href="${url}" aria-label="${label}"><svg width="16" height="16"></svg></a>`;
  const draft = await site(
    "Tabulate – spreadsheets that check themselves",
    `<h1>Spreadsheets that check themselves</h1><p>Tabulate flags broken formulas.</p>`,
    `<h1>The people behind Tabulate</h1>
     ${card("Jan van der Berg", "Co-founder", icon("https://x.com/jvdberg", "X"))}
     ${card("María José García López", "Co-founder", icon("https://github.com/mjgl", "GitHub"))}
     ${
      card("Pieter Smit", "Head of Design", icon("https://www.linkedin.com/in/psmit", "LinkedIn"))
    }`,
  );
  assert.deepEqual(people(draft), [
    ["Jan van der Berg", { x: "https://x.com/jvdberg" }],
    ["María José García López", { github: "https://github.com/mjgl" }],
  ]);
});

Deno.test("a Name | Role table binds each founder title to its row's name", async () => {
  const row = (n: string, r: string) => `<tr><td>${n}</td><td>${r}</td><td>Utrecht</td></tr>`;
  const draft = await site(
    "Tabulate – spreadsheets that check themselves",
    `<h1>Spreadsheets that check themselves</h1><p>Tabulate flags broken formulas.</p>`,
    `<h1>Everyone</h1><table><tr><th>Name</th><th>Role</th><th>Based in</th></tr>
     ${row("Jan van der Berg", "Co-founder, CEO")}${row("Pieter Smit", "Head of Design")}
     ${row("Femke de Graaf", "Support Lead")}</table>`,
  );
  assert.deepEqual(draft.founders.map((f) => [f.name, f.title]), [
    ["Jan van der Berg", "Co-founder, CEO"],
  ]);
});

Deno.test("narratives: 'started by A and B', 'A and B set out to build' the site's own product", async () => {
  const started = await site(
    "Pantrywise – stock counts for small kitchens",
    `<h1>Stock counts for small kitchens</h1><p>Pantrywise counts your shelves from a photo.</p>
     <p>Pantrywise was started by Nguyễn Thu Hà and Tomás Ó Súilleabháin in a shared kitchen.</p>
     <p>Abebe Girma joined in 2022 as our first engineer.</p>
     <blockquote>“We stopped over-ordering.” — Aoife Byrne, founder of Byrne Bakery</blockquote>`,
  );
  assert.deepEqual(names(started), ["Nguyễn Thu Hà", "Tomás Ó Súilleabháin"]);
  const setOut = await site(
    "Pantrywise – stock counts for small kitchens",
    `<h1>Stock counts for small kitchens</h1><p>Pantrywise counts your shelves from a photo.</p>
     <p>In 2021 Nguyễn Thu Hà and Tomás Ó Súilleabháin set out to build Pantrywise after one
       too many nights counting tins.</p>
     <p>Years ago Claire Dunne and Ben Ito set out to build Globex, a grocery chain.</p>`,
  );
  assert.deepEqual(names(setOut), ["Nguyễn Thu Hà", "Tomás Ó Súilleabháin"]);
});

Deno.test("a press kit's bio card: the link after a founder's heading is that founder's", async () => {
  const draft = await site(
    "Vendemmia – il registro di cantina",
    `<h1>Il registro di cantina digitale</h1><p>Vendemmia tiene il registro di cantina.</p>`,
    `<h1>Press kit</h1><ul><li>Founders: Giulia D’Amico (CEO), Lorenzo De Santis (CTO)</li></ul>
     <h2>Founder bios</h2>
     <div><h3>Giulia D’Amico</h3><p>CEO. Third-generation winemaker.
       <a href="https://giuliadamico.example">giuliadamico.example</a></p></div>
     <div><h3>Lorenzo De Santis</h3><p>CTO. Built logistics software in Milan.
       <a href="https://www.linkedin.com/in/lorenzodesantis">LinkedIn</a></p></div>
     <div><h3>Chiara Ferri</h3><p>Communications.
       <a href="https://www.linkedin.com/in/chiaraferri">LinkedIn</a></p></div>`,
  );
  assert.deepEqual(people(draft), [
    ["Giulia D'Amico", { website: "https://giuliadamico.example/" }],
    ["Lorenzo De Santis", { linkedin: "https://www.linkedin.com/in/lorenzodesantis" }],
  ]);
});

Deno.test("a card heading names its block only when the block follows the name", () => {
  const page = "Founder bios Ana Ruiz CEO. Ex-nurse. LinkedIn Press Ben Ito Writer. Website";
  assert.equal(
    cardHeadedBy("CEO. Ex-nurse. LinkedIn", "Ana Ruiz", page),
    "Ana Ruiz CEO. Ex-nurse. LinkedIn",
  );
  assert.equal(cardHeadedBy("Writer. Website", "Ana Ruiz", page), null);
  assert.equal(
    cardHeadedBy("CEO. Ex-nurse. LinkedIn", "Ruiz", page.replace("Ana Ruiz", "AnaRuiz")),
    null,
  );
});

Deno.test("'LinkedIn (Ana)' and a site at the founder's own name are that founder's", async () => {
  const draft = await site(
    "Calçada – faturação para cafés",
    `<h1>Faturação para cafés</h1><p>A Calçada junta pedidos e faturas num tablet.</p>`,
    `<h1>Sobre nós</h1>
     <p>A Calçada foi fundada por Siobhán O’Connor e João Pedro Magalhães em Lisboa.</p>
     <p>Encontre-os em <a href="https://www.linkedin.com/in/soconnor-lx">LinkedIn (Siobhán)</a> e
       <a href="https://joaopedro.example">joaopedro.example</a>.</p>`,
  );
  assert.deepEqual(people(draft), [
    ["Siobhán O'Connor", { linkedin: "https://www.linkedin.com/in/soconnor-lx" }],
    ["João Pedro Magalhães", { website: "https://joaopedro.example/" }],
  ]);
});

Deno.test("a site's address is the founder's only when it spells the name, at the site's root", () => {
  const page = "A Calçada foi fundada por Siobhán O'Connor e João Pedro Magalhães. Links.";
  const link = (url: string) => ({ context: "Links.", label: "Links", at: 0, url });
  const joao = "João Pedro Magalhães";
  assert.ok(linkIsFounders(link("https://joaopedro.example/"), joao, page));
  assert.ok(linkIsFounders(link("https://www.joaomagalhaes.dev"), joao, page));
  assert.ok(!linkIsFounders(link("https://joao.example/"), joao, page));
  assert.ok(!linkIsFounders(link("https://joaopedro.example/team"), joao, page));
  assert.ok(!linkIsFounders(link("https://calcada.example/"), joao, page));
});
