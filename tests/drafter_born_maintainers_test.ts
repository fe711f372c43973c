/**
 * A Spanish or Portuguese site's birth ("Cistella nació en 2019 en València", "nacimos en 2020 en
 * Sevilla", "A Tramela nasceu em 2020 em Braga") gives its city and founding year, never a
 * person's birth ("Lucía Ferrer nació en 1990") or a customer's ("La Garrofa nació en 2011 en
 * Castelló"); a documentation site's "Maintainers" section drafts the people it binds a founder
 * title to ("Marta Quintela, founder and lead maintainer"), never a maintainer without one.
 * Each site is read by the real extractor, drafted by the extractive drafter and verified.
 */
import assert from "node:assert/strict";
import type { DraftProposal } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { readPages } from "./people_fixture.ts";

function page(title: string, body: string, lang = "en"): string {
  return `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body>
    <header><nav><a href="/">Inicio</a> <a href="/about">About</a></nav></header>
    <main>${body}</main><footer><p>Docs licensed CC BY 4.0.</p></footer></body></html>`;
}

/** Drafts and verifies a product's home and about page at https://<brand>.example. */
async function draft(brand: string, about: string, lang = "en"): Promise<DraftProposal> {
  const origin = `https://${brand.toLowerCase()}.example`;
  const read = await readPages(origin, [
    ["/", "home", page(`${brand} · ${brand} app`, `<h1>${brand}</h1><p>Hola.</p>`, lang)],
    ["/about", "about", page(`About · ${brand}`, about, lang)],
  ]);
  const p = draftExtractive(read, { categories: [], startUrl: `${origin}/` });
  const v = verifyProposal(p, read, { year: 2026 });
  assert.equal(v.quotes.checked, v.quotes.verified, JSON.stringify(v.dropped));
  return v.proposal;
}

Deno.test("city and founded_year: the site's own birth in Spanish and Portuguese, never another's", async () => {
  const cases: [string, string, string, string | null, string | null][] = [
    [
      "Cistella",
      "es",
      "Cistella nació en 2019 en València, cuando tres socias nos cansamos.",
      "València",
      "2019",
    ],
    ["Colmena", "es", "Somos una cooperativa. Nacimos en 2020 en Sevilla.", "Sevilla", "2020"],
    ["Tramela", "pt", "A Tramela nasceu em 2020 em Braga, numa garagem.", "Braga", "2020"],
    ["Tramela", "pt", "Somos um estúdio. Nascemos em 2018 em Coimbra.", "Coimbra", "2018"],
    ["Cistella", "es", "La Garrofa nació en 2011 en Castelló y hoy usa Cistella.", null, null],
    ["Cistella", "es", "Colaboramos con Las Naves, que nació en 2009 en Alicante.", null, null],
    [
      "Cistella",
      "es",
      "Lucía Ferrer nació en 1990 en Xàtiva y es cofundadora de Cistella.",
      null,
      null,
    ],
    ["Tramela", "pt", "Maria Costa nasceu em 1985 em Lisboa e desenha a Tramela.", null, null],
  ];
  for (const [brand, lang, sentence, city, year] of cases) {
    const d = await draft(brand, `<h1>La cooperativa</h1><p>${sentence}</p>`, lang);
    assert.equal(d.fields.city?.value ?? null, city, sentence);
    assert.equal(d.fields.founded_year?.value ?? null, year, sentence);
  }
});

Deno.test("founders: a Maintainers section drafts founder titles bound to names only", async () => {
  const d = await draft(
    "Sluice",
    `<h1>About Sluice</h1><p>We started Sluice in 2021.</p><h2>Maintainers</h2>
     <ul><li><strong>Marta Quintela</strong>, founder and lead maintainer.
       <a href="https://github.com/mquintela">GitHub</a></li>
     <li><strong>Owen Brandt</strong>, co-founder, infrastructure.</li>
     <li><strong>Kenji Watanabe</strong>, maintainer of the pgx adapter.</li></ul>
     <h2>Contributors</h2><p>Thanks to Dana Whitfield, founder of Corvid Labs, and Lee Park, co-founder.</p>`,
  );
  assert.deepEqual(d.founders.map((f) => [f.name, f.title]), [
    ["Marta Quintela", "Founder"],
    ["Owen Brandt", "Co-founder"],
  ]);
});
