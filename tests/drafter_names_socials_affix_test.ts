/**
 * Names with a platform, audience or call to action added ("Parcelo App", "Get Parcelo"), taglines
 * the site picked for its social card, and company socials named in a page's content or credited
 * to a maker: read with the real extractor, drafted by the extractive drafter and verified.
 */
import assert from "node:assert/strict";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { withoutProductAffix } from "../services/drafting/page_names.ts";
import { readPages } from "./people_fixture.ts";

const ORIGIN = "https://parceloapp.example";

/** Pages `[path, kind, html]` drafted and verified; throws when a quote fails. */
async function drafted(pages: [string, string, string][]) {
  const read = await readPages(ORIGIN, pages);
  const proposal = draftExtractive(read, { categories: [], startUrl: `${ORIGIN}/` });
  const verified = verifyProposal(proposal, read, { year: 2026 });
  if (verified.quotes.checked !== verified.quotes.verified) {
    throw new Error(`quotes failed: ${JSON.stringify(verified.dropped)}`);
  }
  const draft = verified.proposal;
  const socials = Object.fromEntries(
    Object.entries(draft.company_socials).map(([k, v]) => [k, v?.value]),
  );
  return { name: draft.fields.name?.value, tagline: draft.fields.tagline?.value, socials };
}

function page(title: string, body: string, head = "", footer = ""): string {
  return `<!doctype html><html><head><title>${title}</title>${head}</head><body>
    <header><a href="/"><img src="/logo.png" alt="Parcelo"></a></header>
    <main>${body}</main><footer>${footer}</footer></body></html>`;
}

Deno.test("a title's platform or audience suffix is not part of the name the sentences use", async () => {
  const home = page(
    "Parcelo App – All your deliveries in one place",
    `<h1>All your deliveries in one place</h1>
     <p>Track every parcel in one list. Parcelo reads your shipping emails for you.</p>`,
  );
  assert.equal((await drafted([["/", "home", home]])).name, "Parcelo");
});

Deno.test("a name with a suffix stays whole when the pages never make the short name a subject", async () => {
  const home = page(
    "Parcelo App – All your deliveries in one place",
    `<h1>All your deliveries in one place</h1><p>Parcelo App reads your shipping emails.</p>`,
  );
  assert.equal((await drafted([["/", "home", home]])).name, "Parcelo App");
});

Deno.test("withoutProductAffix: suffixes and calls to action, only for a name never in lower case", () => {
  const always = () => true;
  const texts = ["Track every parcel. Parcelo reads your emails."];
  assert.equal(withoutProductAffix("Parcelo App", texts, always), "Parcelo");
  assert.equal(withoutProductAffix("Parcelo for Teams", texts, always), "Parcelo");
  assert.equal(withoutProductAffix("Parcelo.io", texts, always), "Parcelo");
  assert.equal(withoutProductAffix("Get Parcelo", texts, always), "Parcelo");
  // "Cash" is also a word on the pages ("cash out"): the name is "Cash App".
  assert.equal(withoutProductAffix("Cash App", ["Cash moves fast."], () => false), "Cash App");
  // Only mid-sentence, or followed by the suffix: no sentence makes the short name its subject.
  assert.equal(withoutProductAffix("Parcelo App", ["Try Parcelo today."], always), "Parcelo App");
  assert.equal(
    withoutProductAffix("Parcelo for Teams", ["Parcelo for teams is new."], always),
    "Parcelo for Teams",
  );
  assert.equal(withoutProductAffix("Parcelo", texts, always), "Parcelo");
});

Deno.test("an og:title that is only the title's line after the name is the tagline over the h1", async () => {
  const head = `<meta property="og:title" content="Uptime checks for tiny teams">`;
  const body = `<h1>Know your site is down before your customers do.</h1>
    <p class="lead">Uptime checks for tiny teams.</p><p>Checks every minute.</p>`;
  const picked = await drafted([[
    "/",
    "home",
    page("tinyhq | Uptime checks for tiny teams", body, head),
  ]]);
  assert.equal(picked.tagline, "Uptime checks for tiny teams");
  // An og:title that repeats the whole title leaves the h1 first.
  const whole = `<meta property="og:title" content="tinyhq | Uptime checks for tiny teams">`;
  const repeated = await drafted([
    ["/", "home", page("tinyhq | Uptime checks for tiny teams", body, whole)],
  ]);
  assert.equal(repeated.tagline, "Know your site is down before your customers do");
});

Deno.test("a footer link credited to a maker is never the company's account", async () => {
  const footer =
    `<a href="https://fosstodon.org/@parcelo" aria-label="Mastodon" rel="me"><svg></svg></a>
    <a href="https://github.com/parcelo" aria-label="GitHub"><svg></svg></a>
    <p>Made by <a href="https://x.com/annika_codes">@annika_codes</a> ·
      Site by <a href="https://x.com/studiovela">Studio Vela</a></p>`;
  const home = page(
    "Parcelo – Deliveries",
    "<p>Parcelo reads your shipping emails.</p>",
    "",
    footer,
  );
  const { socials } = await drafted([["/", "home", home]]);
  assert.deepEqual(socials, {
    mastodon: "https://fosstodon.org/@parcelo",
    github: "https://github.com/parcelo",
  });
});

Deno.test("accounts named in a community page's sentences count when the title names the site after the page", async () => {
  const home = page("Lumenbird · A field notebook for birders", "<p>Lumenbird logs sightings.</p>");
  const community = page(
    "Community · Lumenbird",
    `<h1>Community</h1>
     <p>We post new features as @lumenbirdhq on X: <a href="https://x.com/lumenbirdhq">@lumenbirdhq</a>.
       We are <a href="https://mastodon.social/@lumenbird">@lumenbird@mastodon.social</a>.</p>
     <h2>Member spotlight</h2>
     <p>Priya Nair logged 212 species. See <a href="https://www.instagram.com/priya.birds/">@priya.birds</a>
       and her walks on <a href="https://x.com/priyanair_birds">X</a>.</p>`,
  );
  const { socials } = await drafted([["/", "home", home], ["/community", "other", community]]);
  assert.deepEqual(socials, {
    x: "https://x.com/lumenbirdhq",
    mastodon: "https://mastodon.social/@lumenbird",
  });
});
