/**
 * Founders and their links stated in running sentences, on small sites read by the real
 * extractor, drafted by the extractive drafter and verified: two founders' links in one sentence
 * (each to the name it follows), Mastodon profiles on any instance and "My website" links,
 * "she and B started X", "A and B founded X", names with initials that the sentence splitter
 * keeps whole, and the verifier refusing a link moved to the other founder of the sentence.
 */
import assert from "node:assert/strict";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { viewPage } from "../services/drafting/extractive/pages.ts";
import { roleBound } from "../services/drafting/verifier/support.ts";
import { linkIsFounders, nameByLink } from "../services/drafting/link_owner.ts";
import { draftedSite, foundersWithLinks } from "./people_fixture.ts";

const ORIGIN = "https://product.example";

const site = (title: string, body: string, about?: string) =>
  draftedSite(ORIGIN, title, body, about);
const people = foundersWithLinks;

Deno.test("two founders' links in one sentence go each to the name they follow", async () => {
  const { draft } = await site(
    "Tokenly – usage billing",
    `<h1>Usage billing in one call</h1><p>Tokenly meters API usage and bills it through Stripe.</p>
     <p>Aiko Tanaka and Sam Whitfield are the co-founders of Tokenly. Find Aiko on
       <a href="https://github.com/aikotanaka">GitHub</a> and Sam on
       <a href="https://www.linkedin.com/in/samwhitfield">LinkedIn</a>.</p>`,
  );
  assert.deepEqual(people(draft), [
    ["Aiko Tanaka", { github: "https://github.com/aikotanaka" }],
    ["Sam Whitfield", { linkedin: "https://www.linkedin.com/in/samwhitfield" }],
  ]);
  assert.deepEqual(Object.keys(draft.founder_socials ?? {}), ["github"]);
  const brackets = await site(
    "Pairly",
    `<h1>Pair programming rooms</h1><p>Pairly opens a shared editor for two.</p>
     <p>Ana Silva (<a href="https://www.linkedin.com/in/anasilva">LinkedIn</a>) and Ben Ito
       (<a href="https://github.com/benito">GitHub</a>) founded Pairly in 2021.</p>`,
  );
  assert.deepEqual(people(brackets.draft), [
    ["Ana Silva", { linkedin: "https://www.linkedin.com/in/anasilva" }],
    ["Ben Ito", { github: "https://github.com/benito" }],
  ]);
});

Deno.test("the verifier refuses a link moved to the other founder of the sentence", async () => {
  const { pages, proposal } = await site(
    "Tokenly – usage billing",
    `<h1>Usage billing in one call</h1><p>Tokenly meters API usage and bills it through Stripe.</p>
     <p>Aiko Tanaka and Sam Whitfield are the co-founders of Tokenly. Find Aiko on
       <a href="https://github.com/aikotanaka">GitHub</a> and Sam on
       <a href="https://www.linkedin.com/in/samwhitfield">LinkedIn</a>.</p>`,
  );
  const aiko = proposal.founders[0];
  const moved = proposal.founders[1].links!.linkedin!;
  aiko.links = { linkedin: moved };
  proposal.founder_socials = { linkedin: moved };
  const v = verifyProposal(proposal, pages, { year: 2026 });
  assert.deepEqual(v.proposal.founder_socials, {});
  assert.deepEqual(v.proposal.founders[0].links ?? {}, {});
  assert.ok(v.dropped.some((d) => /does not stand by "Aiko Tanaka"/.test(d.reason)));
});

Deno.test("a Mastodon profile on any instance and a 'My website' link are the founder's", async () => {
  const { draft } = await site(
    "Framewise",
    `<h1>Frames for your photos</h1><p>Framewise adds borders to hundreds of photos at once.</p>
     <section><h2>About the author</h2><p>Hi, I'm Jakub Nowak. I founded Framewise in 2018.</p>
     <p><a href="https://photog.social/@jakubnowak">Mastodon</a> · <a href="https://jakubnowak.example">My website</a>
       · <a href="https://photog.social/@someoneelse/112">a toot</a></p></section>`,
  );
  assert.deepEqual(people(draft), [["Jakub Nowak", {
    mastodon: "https://photog.social/@jakubnowak",
    website: "https://jakubnowak.example/",
  }]]);
});

Deno.test('"she and B started X": the person the sentence before opens with, first in order', async () => {
  const { draft } = await site(
    "Stillroom",
    `<h1>Quiet hours for remote teams</h1><p>Stillroom books focus time into calendars.</p>`,
    `<h1>Our story</h1>
     <p>Nora Lindqvist was leading a remote team in 2021 when she noticed nobody took breaks.</p>
     <p>In 2022 she and Ben Adeyemi, a former Headspace engineer, started Stillroom from Copenhagen.</p>
     <p>Say hello to Nora on <a href="https://www.linkedin.com/in/noralindqvist">LinkedIn</a>.</p>`,
  );
  assert.deepEqual(people(draft), [
    ["Nora Lindqvist", { linkedin: "https://www.linkedin.com/in/noralindqvist" }],
    ["Ben Adeyemi", {}],
  ]);
  const advisor = await site(
    "Stillroom",
    `<h1>Quiet hours for remote teams</h1><p>Stillroom books focus time into calendars.</p>`,
    `<h1>Our story</h1><p>Nora Berg is our advisor and a former Spotify manager.</p>
     <p>He and Ben Adeyemi started Globex in 2019.</p>`,
  );
  assert.deepEqual(advisor.draft.founders, []);
});

Deno.test("a first name that another person on the page shares ties no link to the founder", async () => {
  const { draft } = await site(
    "Stillroom",
    `<h1>Quiet hours for remote teams</h1><p>Stillroom books focus time into calendars.</p>`,
    `<h1>Our story</h1><p>Stillroom was founded by Nora Lindqvist in 2022.</p>
     <p>Our designer Nora Berg drew the icons. Say hello to Nora on
       <a href="https://www.linkedin.com/in/noraberg">LinkedIn</a>.</p>`,
  );
  assert.deepEqual(people(draft), [["Nora Lindqvist", {}]]);
});

Deno.test("names with initials stay whole: 'Made in Leeds by M. J. Hartley and Mary-Kate O. Lee'", async () => {
  const { draft } = await site(
    "Woolly",
    `<h1>Patterns that size themselves</h1><p>Woolly resizes knitting patterns to your gauge.</p>
     <p>Made in Leeds, England by M. J. Hartley and Mary-Kate O. Lee, two knitters. Find M. J. on
       <a href="https://knitting.social/@mjhartley">Mastodon</a> and Mary-Kate on
       <a href="https://github.com/mkolee">GitHub</a>.</p>
     <p>Our advisor Dr. Tom Reyes, co-founder of Yarnly, helps with accessibility.</p>`,
  );
  assert.deepEqual(people(draft), [
    ["M. J. Hartley", { mastodon: "https://knitting.social/@mjhartley" }],
    ["Mary-Kate O. Lee", { github: "https://github.com/mkolee" }],
  ]);
  const view = viewPage(
    {
      url: ORIGIN,
      fetched_at: "2026-11-25T00:00:00Z",
      status: 200,
      kind: "home",
      title: "x",
      text: "J. R. Smith built it. Ask Dr. Ada Byrne, e.g. Mon. Then we shipped.",
      facts: {},
    } as Parameters<typeof viewPage>[0],
  );
  assert.deepEqual(view.segments.map((s) => s.text), [
    "J. R. Smith built it.",
    "Ask Dr. Ada Byrne, e.g. Mon.",
    "Then we shipped.",
  ]);
});

Deno.test("the verifier's subject rule: the product must follow the founding verb", () => {
  const q = "Ana Silva and Rui Costa founded Tidepool in 2020.";
  assert.ok(roleBound(q, "Ana Silva", "Tidepool"));
  assert.ok(roleBound(q, "Rui Costa", "Tidepool"));
  assert.ok(!roleBound(q, "Ana Silva", "Globex"));
  assert.ok(
    !roleBound(
      "Jane Doe is our advisor. She and Ben Ito started Tidepool.",
      "Jane Doe",
      "Tidepool",
    ),
  );
  assert.ok(
    !roleBound("Jane Doe met Ben Ito. She and Ben Ito started Tidepool.", "Ben Ito", "Globex"),
  );
});

Deno.test("link owners: the name a link follows, a label that is a name, and a card's role words", () => {
  const ctx = "Find Aiko on GitHub and Sam on LinkedIn.";
  assert.equal(nameByLink({ context: ctx, label: "GitHub", at: ctx.indexOf("GitHub") }), "Aiko");
  assert.equal(nameByLink({ context: ctx, label: "LinkedIn", at: ctx.indexOf("LinkedIn") }), "Sam");
  assert.equal(
    nameByLink({ context: "Created by Chidi Okonkwo.", label: "Chidi Okonkwo", at: 11 }),
    "Chidi Okonkwo",
  );
  assert.equal(nameByLink({ context: ctx }), null, "older pages have no link place");
  // A German card: a capitalised role word before the link names nobody, the card decides.
  const card = "Lea Vogt Gründerin & Geschäftsführerin LinkedIn";
  const link = { context: card, label: "LinkedIn", at: card.indexOf("LinkedIn") };
  assert.ok(linkIsFounders(link, "Lea Vogt", card, ["Felix Brandt"]));
  assert.ok(!linkIsFounders(link, "Felix Brandt", card, ["Lea Vogt"]));
});
