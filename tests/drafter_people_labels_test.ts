/**
 * Founders and their links written the way about sections and letters write them, read by the
 * real extractor, drafted and verified: a "Founders" row of a definition list whose names are the
 * founders' own links, a link labelled "Tomás on X", a solo founder's first-person links ("I'm
 * @anaruiz on Mastodon"), and the look-alikes that must draft nobody (the Founders Fund, a list
 * running into prose, a third capitalised word no link confirms, someone else's handle).
 */
import assert from "node:assert/strict";
import type { DraftProposal } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { linkIsFounders, nameByLink } from "../services/drafting/link_owner.ts";
import { readPages, sitePage } from "./people_fixture.ts";

const ORIGIN = "https://bramble.example";

async function drafted(brand: string, home: string, about?: string) {
  const pages = await readPages(ORIGIN, [
    ["/", "home", sitePage(brand, `${brand} | Till for farm shops`, home)],
    ...(about
      ? [["/about", "about", sitePage(brand, `About | ${brand}`, about)] as [
        string,
        string,
        string,
      ]]
      : []),
  ]);
  const proposal = draftExtractive(pages, { categories: [], startUrl: `${ORIGIN}/` });
  const verified = verifyProposal(proposal, pages, { year: 2026 });
  assert.equal(verified.quotes.checked, verified.quotes.verified, JSON.stringify(verified.dropped));
  return verified.proposal;
}

const people = (d: DraftProposal) =>
  d.founders.map((f) => [
    f.name,
    Object.fromEntries(Object.entries(f.links ?? {}).map(([k, v]) => [k, v?.value])),
  ]);

const HERO = `<h1>The till that knows what's in season</h1>
  <p>Bramble is a till and stock book for farm shops that sell by weight.</p>`;

Deno.test("a 'Founders' row of a definition list drafts each linked name with its link", async () => {
  const draft = await drafted(
    "Bramble",
    `${HERO}<section><h2>About Bramble</h2><dl>
      <dt>Founded</dt><dd>2020</dd>
      <dt>Founders</dt><dd><a href="https://www.linkedin.com/in/leomarsh">Leo Marsh</a> and
        <a href="https://github.com/inesduarte">Inês Duarte</a></dd>
      <dt>Headquarters</dt><dd>Ghent, Belgium</dd>
      <dt>Chair of the board</dt><dd>Greet Peeters</dd></dl></section>`,
  );
  assert.deepEqual(people(draft), [
    ["Leo Marsh", { linkedin: "https://www.linkedin.com/in/leomarsh" }],
    ["Inês Duarte", { github: "https://github.com/inesduarte" }],
  ]);
  const quoted = draft.founders[1].evidence.map((q) => q.quote);
  assert.ok(quoted.includes("Founders Leo Marsh and Inês Duarte"), JSON.stringify(quoted));
});

Deno.test("a bare 'Founders' label drafts nobody when the list's end is not certain", async () => {
  for (
    const body of [
      // No link confirms where the last name ends ("Inês Duarte Headquarters").
      `<dl><dt>Founders</dt><dd>Leo Marsh and Inês Duarte</dd><dt>Headquarters</dt><dd>Ghent</dd></dl>`,
      // An investor named after the word, and a list running into prose.
      `<p>We are backed by Founders Fund and Scheldt Seed.</p>`,
      `<p>Founders Leo Marsh and Inês Duarte met at university in Ghent.</p>`,
      // Not a person: a company follows the label.
      `<dl><dt>Founders</dt><dd><a href="/x">Factory Berlin</a>, <a href="/y">Seed Capital</a></dd></dl>`,
    ]
  ) {
    const draft = await drafted("Bramble", `${HERO}<section>${body}</section>`);
    assert.deepEqual(people(draft), [], body);
  }
});

Deno.test("a link labelled '<first name> on <platform>' is that founder's", async () => {
  const draft = await drafted(
    "Tideline",
    `<h1>Book a berth before you cast off</h1><p>Tideline books berths in small marinas.</p>
     <p>Tideline was founded by Tomás Berg. Write to
       <a href="https://x.com/tomasberg">Tomás on X</a> or to our harbour master
       <a href="https://www.linkedin.com/in/eriklund">Erik on LinkedIn</a>.</p>`,
  );
  assert.deepEqual(people(draft), [["Tomás Berg", { x: "https://x.com/tomasberg" }]]);
  assert.equal(
    nameByLink({ context: "Write to Maya on LinkedIn", label: "Maya on LinkedIn", at: 9 }),
    "Maya",
  );
  assert.equal(nameByLink({ context: "Follow on X", label: "Follow on X", at: 0 }), null);
});

const SOLO = (links: string) =>
  `<h1>Hello!</h1><p>Hi, I'm Ana Ruiz. I started Quill in 2022 after losing drafts between apps.</p>
   <p>I talked with Sam Ortega, founder of Notewise, on his podcast.</p>
   <p>If you want to say hello, ${links}</p><p class="signature">— Ana Ruiz, founder</p>`;

Deno.test("a solo founder's first-person links are hers when their address carries her name", async () => {
  const draft = await drafted(
    "Quill",
    `<h1>A quiet writing app</h1><p>Quill keeps every chapter of a long draft in one library.</p>`,
    SOLO(`I'm <a href="https://hachyderm.io/@anaruiz">@anaruiz on Mastodon</a>, and I write at
      <a href="https://anaruiz.example">anaruiz.example</a>. My friend is
      <a href="https://github.com/samortega">on GitHub</a>.`),
  );
  assert.deepEqual(people(draft), [[
    "Ana Ruiz",
    { mastodon: "https://hachyderm.io/@anaruiz", website: "https://anaruiz.example/" },
  ]]);
});

Deno.test("first-person links need one speaker who is the founder", () => {
  const link = {
    context: "I'm @anaruiz on Mastodon.",
    label: "@anaruiz on Mastodon",
    at: 4,
    url: "https://hachyderm.io/@anaruiz",
  };
  const page = "Hi, I'm Ana Ruiz. I started Quill. I'm @anaruiz on Mastodon.";
  assert.equal(linkIsFounders(link, "Ana Ruiz", page), true);
  // Two speakers on the page: whose "I" it is cannot be told.
  assert.equal(linkIsFounders(link, "Ana Ruiz", `${page} I'm Sam Ortega, her editor.`), false);
  // No first person in the sentence, or another founder named in it.
  assert.equal(
    linkIsFounders({ ...link, context: "Find @anaruiz on Mastodon.", at: 5 }, "Ana Ruiz", page),
    false,
  );
  assert.equal(linkIsFounders(link, "Ana Ruiz", page, ["Leo Marsh"]), true);
  assert.equal(
    linkIsFounders(
      { ...link, context: "I'm @anaruiz on Mastodon, like Leo Marsh." },
      "Ana Ruiz",
      page,
      ["Leo Marsh"],
    ),
    false,
  );
});
