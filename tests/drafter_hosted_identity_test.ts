/**
 * Names, taglines and company socials on pages a platform hosts or a person signs: a repository's
 * README on a code host, a newsletter issue on a publishing platform, an extension by one developer
 * and a shop named only in og:site_name. Read with the real extractor, drafted and verified.
 */
import assert from "node:assert/strict";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { readPages } from "./people_fixture.ts";

/** The home page's draft after verification; throws when a quote fails. */
async function draftedHome(origin: string, html: string) {
  const read = await readPages(origin, [["/", "home", html]]);
  const proposal = draftExtractive(read, { categories: [], startUrl: `${origin}/` });
  const verified = verifyProposal(proposal, read, { year: 2026 });
  assert.equal(verified.quotes.checked, verified.quotes.verified, JSON.stringify(verified.dropped));
  const { fields, company_socials } = verified.proposal;
  return {
    name: fields.name?.value,
    nameQuotes: fields.name?.evidence ?? [],
    tagline: fields.tagline?.value,
    email: fields.contact_email?.value ?? null,
    socials: Object.fromEntries(Object.entries(company_socials).map(([k, v]) => [k, v?.value])),
  };
}

Deno.test("a README on a code host: the repository's name and badge socials, not the host's", async () => {
  const html = `<!doctype html><html><head>
    <title>quarkhq/quarkdb: An embedded time-series store for sensors</title>
    <meta property="og:site_name" content="Codeberg.org"></head><body>
    <header><a href="https://codeberg.org/">Codeberg</a></header>
    <article class="markdown"><h1>quarkdb</h1>
    <p><a href="https://x.com/quarkdb"><img src="https://img.shields.io/x.svg" alt="X Follow"></a>
    <a href="https://social.example.net/@quarkdb"><img src="https://img.shields.io/m.svg" alt="Mastodon Follow"></a></p>
    <p>An embedded time-series store for sensors. quarkdb keeps a week of readings in 2 MB of flash.</p>
    <p>Release notes: <a href="https://toots.example.org/@quarkdb">@quarkdb@toots.example.org</a>.</p></article>
    <footer><a href="https://x.com/codeberg_org">X</a> <a href="https://blog.codeberg.org/">Blog</a></footer>
    </body></html>`;
  const d = await draftedHome("https://quark.example", html);
  assert.equal(d.name, "quarkdb");
  assert.equal(d.socials.x, "https://x.com/quarkdb");
  assert.equal(d.socials.mastodon, "https://social.example.net/@quarkdb");
  assert.equal(d.email, null); // "@quarkdb@toots.example.org" is a handle, not an address
});

Deno.test("a newsletter issue: the publication's line and accounts, not the issue's or the platform's", async () => {
  const html = `<!doctype html><html><head><title>Issue #7 · Field Notes Weekly</title>
    <meta name="description" content="Short essays on birdwatching in cities, every Sunday.">
    <meta property="og:site_name" content="Field Notes Weekly"></head><body>
    <main><h1>Issue #7: Swifts over the ring road</h1>
    <p>Short essays on birdwatching in cities, every Sunday.</p>
    <p>This week the swifts came back to the ring road, three days late.</p>
    <p><a href="https://www.linkedin.com/company/field-notes-weekly/">Follow Field Notes Weekly on LinkedIn</a></p></main>
    <footer><p>Field Notes Weekly is published on Postwheel.</p>
    <a href="https://x.com/postwheel">Postwheel on X</a>
    <a href="https://www.instagram.com/postwheelhq/">Instagram</a></footer></body></html>`;
  const d = await draftedHome("https://fieldnotes.example", html);
  assert.equal(d.tagline, "Short essays on birdwatching in cities, every Sunday");
  assert.deepEqual(d.socials, {
    linkedin: "https://www.linkedin.com/company/field-notes-weekly/",
  });
});

Deno.test("an extension's 'Follow me on X' in the developer's block is not the product's account", async () => {
  const html =
    `<!doctype html><html><head><title>Tabwise — Chrome extension for tab groups</title></head>
    <body><main><h1>Tabwise™</h1><p>Tabwise groups your tabs by project, automatically.</p>
    <section><h2>About the developer</h2><p>Hi, I'm Lena, I build small browser tools.</p>
    <p><a href="https://x.com/lena_builds">Follow me on X</a></p></section></main></body></html>`;
  const d = await draftedHome("https://tabwise.example", html);
  assert.deepEqual(d.socials, {});
});

Deno.test("a name stated only in og:site_name is quoted from it", async () => {
  const html =
    `<!doctype html><html lang="es"><head><title>Cerámica de Talavera hecha a mano</title>
    <meta property="og:site_name" content="Azulejo"></head><body><main>
    <h1>Platos y cuencos pintados a mano</h1><p>Pintamos cada pieza en nuestro taller de Talavera.</p>
    </main><footer><p>© 2026 Azulejo Taller S.L.</p></footer></body></html>`;
  const d = await draftedHome("https://azulejotaller.example", html);
  assert.equal(d.name, "Azulejo");
  assert.ok(d.nameQuotes.some((q) => q.source === "meta" && q.locator === "og:site_name"));
});

Deno.test("a member's fediverse handle in the content is still not the company's account", async () => {
  const html =
    `<!doctype html><html><head><title>Birchlog | Field notes for foresters</title></head>
    <body><main><h1>Field notes for foresters</h1><p>Birchlog keeps tree surveys offline.</p>
    <p>Survey of the month by <a href="https://woods.example.net/@ana_k">@ana_k@woods.example.net</a>.</p>
    </main></body></html>`;
  const d = await draftedHome("https://birchlog.example", html);
  assert.equal(d.socials.mastodon, undefined);
});
