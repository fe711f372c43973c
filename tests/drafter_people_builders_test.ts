/**
 * Founders in the markup site builders emit, on small sites read by the real extractor, drafted
 * by the extractive drafter and verified: a founder title followed by a comma and a job title
 * ("Co-founder, Head of Product"), a title that is a heading of its own (a name's h2, the
 * position's h3), a strip of founder cards whose icon bars stand beside the name and title (Wix),
 * and card blocks read as one run of text (Squarespace), whose bio never holds the name, the title
 * or the previous block's link label.
 */
import assert from "node:assert/strict";
import { draftedSite, foundersWithLinks } from "./people_fixture.ts";

const ORIGIN = "https://product.example";
const HOME = `<h1>Berth booking for marinas</h1><p>Quaykeep books berths for harbour masters.</p>`;
const site = async (about: string) =>
  (await draftedSite(ORIGIN, "Quaykeep – berth booking", HOME, about)).draft;
const icon = (url: string, label: string) =>
  `<a href="${url}" aria-label="${label}"><img src="/i.svg" alt=""></a>`;
const titles = (d: Awaited<ReturnType<typeof site>>) => d.founders.map((f) => [f.name, f.title]);

Deno.test("a founder title then a comma and a job title drafts the founder, her title and links", async () => {
  const card = (name: string, role: string, links = "") =>
    `<div class="team-card"><div class="team-name">${name}</div><div class="team-role">${role}</div><div>${links}</div></div>`;
  const draft = await site(
    `<div class="heading-2">The crew</div><div class="grid">
     ${card("Rhys Penrose", "Founder &amp; CEO")}
     ${
      card(
        "Mei Tan",
        "Co-founder, Head of Product",
        icon("https://www.linkedin.com/in/meitan-sails", "LinkedIn") +
          icon("https://x.com/meitan_sails", "X"),
      )
    }
     ${card("Owen Hart", "Customer Success")}</div>`,
  );
  assert.deepEqual(titles(draft), [
    ["Rhys Penrose", "Founder & CEO"],
    ["Mei Tan", "Co-founder, Head of Product"],
  ]);
  assert.deepEqual(foundersWithLinks(draft)[1], ["Mei Tan", {
    linkedin: "https://www.linkedin.com/in/meitan-sails",
    x: "https://x.com/meitan_sails",
  }]);
});

Deno.test("a position written as its own heading under the name is the founder's title", async () => {
  const card = (name: string, role: string, bio: string) =>
    `<div class="member"><h2>${name}</h2><h3>${role}</h3><p>${bio}</p></div>`;
  const draft = await site(
    `<h1>About us</h1><p>Quaykeep began on a pontoon in Plymouth.</p>
     ${card("Hannah Brooks", "Co-founder &amp; CEO", "Ran a sailing school for six years.")}
     ${card("Leo Martins", "Co-founder &amp; CTO", "Previously a backend engineer at a bank.")}
     ${card("Pia Nair", "Customer Success Lead", "Answers every harbour master's call.")}`,
  );
  assert.deepEqual(titles(draft), [
    ["Hannah Brooks", "Co-founder & CEO"],
    ["Leo Martins", "Co-founder & CTO"],
  ]);
});

/** Wix's "Meet the founders": name, title and icon bar are sibling elements of one strip. */
const strip = (cards: string[]) =>
  `<h1>About us</h1><section><div><h2>Meet the founders</h2>${cards.join("")}</div></section>`;
const bar = (links: string) =>
  `<div class="social-bar"><ul aria-label="Social Bar">${links}</ul></div>`;
const person = (name: string, role: string) =>
  `<div class="rich"><p><span><span>${name}</span></span></p></div><div class="rich"><p><span>${role}</span></p></div>`;
const li = (url: string, label: string) => `<li>${icon(url, label)}</li>`;

Deno.test("icon bars beside each founder's name and title in a strip are that founder's", async () => {
  const draft = await site(strip([
    person("Mia Thompson", "Co-founder &amp; CEO"),
    bar(li("https://www.linkedin.com/in/mia-t", "LinkedIn")),
    person("Raj Patel", "Co-founder &amp; Head of Product"),
    bar(li("https://www.linkedin.com/in/raj-p", "LinkedIn") + li("https://x.com/rajp", "X")),
  ]));
  assert.deepEqual(titles(draft), [
    ["Mia Thompson", "Co-founder & CEO"],
    ["Raj Patel", "Co-founder & Head of Product"],
  ]);
  assert.deepEqual(foundersWithLinks(draft), [
    ["Mia Thompson", { linkedin: "https://www.linkedin.com/in/mia-t" }],
    ["Raj Patel", { linkedin: "https://www.linkedin.com/in/raj-p", x: "https://x.com/rajp" }],
  ]);
});

Deno.test("a strip whose icon bars come before each name gives no founder another's links", async () => {
  const draft = await site(strip([
    bar(li("https://www.linkedin.com/in/mia-t", "LinkedIn")),
    person("Mia Thompson", "Co-founder &amp; CEO"),
    bar(li("https://www.linkedin.com/in/raj-p", "LinkedIn")),
    person("Raj Patel", "Co-founder &amp; CTO"),
  ]));
  for (const [name, links] of foundersWithLinks(draft)) {
    const mine = name === "Mia Thompson" ? "mia-t" : "raj-p";
    for (const url of Object.values(links as Record<string, string>)) {
      assert.ok(url.includes(mine), `${name} got ${url}`);
    }
  }
});

Deno.test("a card read as one run of text: the bio is the sentence after the title", async () => {
  const block = (inner: string) =>
    `<div class="fe-block"><div class="sqs-block-content">${inner}</div></div>`;
  const draft = await site(
    `<h1>About us</h1><p>Quaykeep was founded in 2019 by Niamh Walsh and Cian Rourke.</p>
     ${
      block(
        `<h3>Niamh Walsh</h3><p>Co-founder &amp; CEO</p><p>Plays fiddle in a ceili band and still books its gigs.</p><p><a href="https://www.linkedin.com/in/niamhw">LinkedIn</a></p>`,
      )
    }
     ${
      block(
        `<h3>Cian Rourke</h3><p>Co-founder &amp; CTO</p><p>Bass player, iOS developer, owner of too many pedals.</p><p><a href="https://github.com/cianr">GitHub</a></p>`,
      )
    }`,
  );
  const bios = draft.founders.map((f) => [f.name, f.bio]);
  assert.deepEqual(bios, [
    ["Niamh Walsh", "Plays fiddle in a ceili band and still books its gigs."],
    ["Cian Rourke", "Bass player, iOS developer, owner of too many pedals."],
  ]);
});
