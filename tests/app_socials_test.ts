/**
 * A client-rendered app whose company social profiles are only in the data it fetches: they are
 * drafted with an app quote (the resource and JSON path) that the verifier accepts; a founder's
 * own profile, a repository's releases page and a profile inside a list of sections are not; a
 * framework's default icon is not the logo.
 */
import assert from "node:assert/strict";
import { crawlSite } from "../services/drafting/crawler.ts";
import { withDeps } from "./fetch_fixture.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";
import { isCompanySocialAt } from "../services/drafting/crawler/app_data.ts";

const SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<link rel="icon" type="image/svg+xml" href="/vite.svg" /><title>Gigrig</title>
<script type="module" crossorigin src="/assets/index-9e1b.js"></script></head>
<body><div id="app"></div></body></html>`;
const BUNDLE = `const l=async()=>{const e=await fetch("/api/site.json");return e.json()};l();`;
const SITE = {
  hero: {
    title: "Gigrig",
    lead: "Gigrig books rehearsal rooms, vans and backline for touring bands in one place.",
  },
  features: [
    { title: "Rooms by the hour", text: "Book a rehearsal room near the next venue on the tour." },
    {
      title: "Vans with a driver",
      text: "Every van comes with insurance and a driver who knows loading bays.",
    },
    {
      title: "Backline on site",
      text: "Amps and kits are waiting in the room when the band walks in.",
    },
  ],
  team: {
    people: [{
      name: "Ruth Okafor",
      role: "Founder",
      links: { x: "https://x.com/ruthokafor" },
      social: { x: "https://x.com/ruthplays" },
    }],
  },
  sections: [{
    heading: "Partner venue",
    social: { facebook: "https://www.facebook.com/thevenue" },
  }],
  social: { x: "https://x.com/gigrigapp" },
  footer: {
    socialLinks: [
      { network: "instagram", href: "https://www.instagram.com/gigrig" },
      { network: "youtube", href: "https://www.youtube.com/@gigrig" },
      { network: "github", href: "https://github.com/gigrig/desktop/releases" },
    ],
  },
};

function serveApp() {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    const typed = (body: string, type: string) =>
      new Response(body, { headers: { "content-type": type } });
    if (path === "/robots.txt") return new Response("User-agent: *\nAllow: /\n");
    if (path === "/") return typed(SHELL, "text/html");
    if (path === "/vite.svg") {
      return typed("<svg xmlns='http://www.w3.org/2000/svg'/>", "image/svg+xml");
    }
    if (path === "/assets/index-9e1b.js") return typed(BUNDLE, "text/javascript");
    if (path === "/api/site.json") return typed(JSON.stringify(SITE), "application/json");
    return new Response("not found", { status: 404 });
  });
  return { origin: `http://127.0.0.1:${server.addr.port}`, server };
}

Deno.test("company socials only in an app's data are drafted with app quotes and verified", async () => {
  const { origin, server } = serveApp();
  try {
    await withDeps(true, async (deps) => {
      const crawl = await crawlSite(deps, `${origin}/`);
      assert.equal(crawl.error, null);
      const v = verifyProposal(draftExtractive(crawl.pages, { categories: [] }), crawl.pages, {
        year: 2026,
      });
      const socials = v.proposal.company_socials;
      assert.deepEqual(
        Object.fromEntries(Object.entries(socials).map(([k, d]) => [k, d?.value])),
        {
          x: "https://x.com/gigrigapp",
          instagram: "https://www.instagram.com/gigrig",
          youtube: "https://www.youtube.com/@gigrig",
        },
      );
      assert.deepEqual(socials.instagram?.evidence, [{
        quote: "https://www.instagram.com/gigrig",
        url: `${origin}/`,
        source: "app",
        locator: "/api/site.json:footer.socialLinks.0.href",
      }]);
      assert.equal(crawl.pages[0].facts.logo_url, `${origin}/vite.svg`);
      assert.equal(
        v.proposal.fields.logo_url?.value ?? null,
        null,
        "Vite's default icon is no logo",
      );
    });
  } finally {
    await server.shutdown();
  }
});

Deno.test("only a social key outside lists and people's cards places the company's profiles", () => {
  assert.ok(isCompanySocialAt("/content.json:locales.en.social.x"));
  assert.ok(isCompanySocialAt("/api/site.json:footer.socialLinks.1.href"));
  assert.ok(isCompanySocialAt("/assets/app.js#Dt:contact.social.instagram"));
  assert.ok(isCompanySocialAt("__NEXT_DATA__:props.pageProps.site.social_media.github"));
  assert.ok(!isCompanySocialAt("/content.json:team.people.0.social.x"), "a person's card");
  assert.ok(!isCompanySocialAt("/content.json:founders.social.x"), "the founders' links");
  assert.ok(!isCompanySocialAt("/content.json:sections.3.social.x"), "inside a list");
  assert.ok(!isCompanySocialAt("/content.json:testimonials.social.x"), "another party's");
  assert.ok(!isCompanySocialAt("/content.json:footer.links.x"), "not a social key");
});
