/**
 * Links on a page as the extractor reads them: people's profiles with the card text around each
 * (never from the header, navigation, footer or a testimonial), personal sites by their label,
 * and company socials that skip people's cards, /in/ profiles, posts and repository sub-pages.
 */
import assert from "node:assert/strict";
import { extractPage } from "../services/drafting/extract.ts";
import { isCompanyProfile } from "../services/drafting/extract/links.ts";
import { isPersonalProfile } from "../services/drafting/extract/profiles.ts";

const PAGE = `<!doctype html><html><head><title>Team | Orbitly</title></head><body>
  <header><nav><a href="https://x.com/orbitly">X</a></nav></header>
  <main><h1>Team</h1>
    <article class="card"><h3>Noor Haddad</h3><p>Founder</p>
      <a href="https://www.linkedin.com/in/noorhaddad">LinkedIn</a>
      <a href="https://noor.example/">Website</a>
      <a href="https://stripe.com/">Stripe</a></article>
    <blockquote class="testimonial">"Great." <a href="https://x.com/happycustomer">@happycustomer</a></blockquote>
  </main>
  <footer><a href="https://www.linkedin.com/company/orbitly">LinkedIn</a></footer></body></html>`;

Deno.test("profile links carry the card's visible text; chrome, testimonials and plain links are left out", async () => {
  const { text, facts } = await extractPage(PAGE, "https://orbitly.example/team");
  assert.deepEqual(facts.profile_links, [
    {
      url: "https://www.linkedin.com/in/noorhaddad",
      platform: "linkedin",
      context: "Noor Haddad Founder LinkedIn Website Stripe",
      label: "LinkedIn",
      at: 20,
    },
    {
      url: "https://noor.example/",
      platform: "website",
      context: "Noor Haddad Founder LinkedIn Website Stripe",
      label: "Website",
      at: 29,
    },
  ]);
  assert.ok(text.includes(facts.profile_links![0].context), "the context is a span of the text");
  assert.deepEqual(facts.socials, {
    x: "https://x.com/orbitly",
    linkedin: "https://www.linkedin.com/company/orbitly",
  });
});

Deno.test("company and personal profile shapes", () => {
  const company = (u: string, p: string) => isCompanyProfile(new URL(u), p);
  assert.ok(company("https://www.linkedin.com/company/acme", "linkedin"));
  assert.ok(!company("https://www.linkedin.com/in/jane", "linkedin"));
  assert.ok(company("https://github.com/acme", "github"));
  assert.ok(company("https://github.com/acme/acme", "github"));
  assert.ok(!company("https://github.com/acme/acme/releases/tag/v1", "github"));
  assert.ok(!company("https://x.com/acme/status/1", "x"));
  assert.ok(isPersonalProfile("https://www.linkedin.com/in/jane", "linkedin"));
  assert.ok(!isPersonalProfile("https://www.linkedin.com/company/acme", "linkedin"));
  assert.ok(!isPersonalProfile("https://github.com/acme/repo", "github"));
  assert.ok(isPersonalProfile("https://jane.example/", "website"));
});

Deno.test("in the content, an account is the company's only when it bears the site's name or invites to follow", async () => {
  const html = `<!doctype html><html><head><title>Orbitly - orbit planner</title></head><body><main>
    <p>Icons by <a href="https://github.com/iconsmith">iconsmith</a>, inspired by <a href="https://x.com/someone">a thread</a>.</p>
    <p><a href="https://www.instagram.com/weareorbit">Follow us on Instagram</a>
       <a href="https://github.com/orbitly-app">Source code</a></p></main></body></html>`;
  const { facts } = await extractPage(html, "https://orbitly.example/");
  assert.deepEqual(facts.socials, {
    instagram: "https://www.instagram.com/weareorbit",
    github: "https://github.com/orbitly-app",
  });
});
