/**
 * Client-rendered apps whose content is fetched at run time (services/drafting/crawler/app_data.ts):
 * a small SPA served on 127.0.0.1, crawled for real; robots.txt, the page budget, and the
 * verifier's check of a quote against exactly the resource its locator names.
 */
import assert from "node:assert/strict";
import { testConfig } from "../services/platform/config.ts";
import { crawlSite } from "../services/drafting/crawler.ts";
import type { Deps } from "../services/platform/deps.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import type { EvidencePage } from "../services/drafting/evidence.ts";
import { appValues, findInValues } from "../services/drafting/verifier/sources.ts";
import { assignedLiterals } from "../services/drafting/extract/app_json.ts";
import { dataRefs, dataUrlsIn, resourceName } from "../services/drafting/crawler/app_data.ts";
import { checkQuotes } from "../bench/drafts/quotes.ts";
import { proposalWith } from "./source_pages_fixture.ts";

const SHELL = `<!doctype html><html><head><title>Acme</title>
<link rel="preload" href="/data/site.json" as="fetch" crossorigin>
<script type="module" src="/assets/index-3f9a.js"></script></head>
<body><div id="root"></div></body></html>`;

const SITE_JSON = {
  hero: { title: "Acme", tagline: "Invoices that chase themselves" },
  team: [{
    name: "Ada Park",
    title: "Co-founder & CEO",
    linkedin: "https://www.linkedin.com/in/adapark",
  }],
};
const PRICING_JSON = { plans: [{ name: "Team", price: "$29 per month" }] };
const BUNDLE =
  `var e=function(t){return t+1};const C={about:{story:"Acme was founded in 2021 in Leeds by two accountants."},` +
  `faq:[{q:"Can I import old invoices?",a:"Yes, from CSV."}]};` +
  `const X={run:function(){return 1},label:"Not data at all here"};` +
  `const R={"/pricing":()=>fetch("/data/pricing.json")};`;

/** Serves the SPA; `robots` is its robots.txt; every request path is recorded. */
function serveSpa(robots = "User-agent: *\nAllow: /\n") {
  const requests: string[] = [];
  const json = (v: unknown) =>
    new Response(JSON.stringify(v), { headers: { "content-type": "application/json" } });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    requests.push(path);
    if (path === "/robots.txt") return new Response(robots);
    if (path === "/") return new Response(SHELL, { headers: { "content-type": "text/html" } });
    if (path === "/data/site.json") return json(SITE_JSON);
    if (path === "/data/pricing.json") return json(PRICING_JSON);
    if (path === "/assets/index-3f9a.js") {
      return new Response(BUNDLE, { headers: { "content-type": "text/javascript" } });
    }
    return new Response("not found", { status: 404 });
  });
  return { origin: `http://127.0.0.1:${server.addr.port}`, requests, server };
}

async function withSpa(
  robots: string | undefined,
  run: (deps: Deps, origin: string, requests: string[]) => Promise<void>,
) {
  const kv = await Deno.openKv(":memory:");
  const spa = serveSpa(robots);
  const deps: Deps = {
    kv,
    config: testConfig({ allowPrivateFetch: true }),
    search: new SearchIndex(),
    now: () => new Date(),
  };
  try {
    await run(deps, spa.origin, spa.requests);
  } finally {
    await spa.server.shutdown();
    kv.close();
  }
}

function pathsOf(page: EvidencePage): Map<string, string> {
  return new Map((page.facts.app_json ?? []).map((s) => [s.path, s.text]));
}

Deno.test("a thin SPA's fetched JSON and bundle literal become the page's app strings", async () => {
  await withSpa(undefined, async (deps, origin, requests) => {
    const result = await crawlSite(deps, origin, { maxPages: 8 });
    assert.equal(result.error, null);
    const home = result.pages[0];
    const app = pathsOf(home);
    assert.equal(app.get("/data/site.json:hero.tagline"), "Invoices that chase themselves");
    assert.equal(app.get("/data/site.json:team.0.title"), "Co-founder & CEO");
    assert.equal(app.get("/data/pricing.json:plans.0.price"), "$29 per month");
    assert.equal(
      app.get("/assets/index-3f9a.js#C:about.story"),
      "Acme was founded in 2021 in Leeds by two accountants.",
    );
    // A literal with code in it is never read.
    assert.ok(![...app.keys()].some((k) => k.includes("#X")));
    // The founder's link the JSON carries is a profile link with its locator.
    const link = home.facts.profile_links?.find((l) => l.url.includes("adapark"));
    assert.equal(link?.locator, "/data/site.json:team.0.linkedin");
    // The JSON before the script, the pricing JSON (named only in the script) after it.
    const data = requests.filter((p) => p.startsWith("/data/") || p.startsWith("/assets/"));
    assert.deepEqual(data, ["/data/site.json", "/assets/index-3f9a.js", "/data/pricing.json"]);
  });
});

Deno.test("robots.txt disallowing the data path: it is never requested, and listed", async () => {
  await withSpa("User-agent: *\nDisallow: /data/\n", async (deps, origin, requests) => {
    const result = await crawlSite(deps, origin);
    assert.ok(!requests.some((p) => p.startsWith("/data/")));
    assert.ok(result.disallowed.includes(`${origin}/data/site.json`));
    assert.ok(result.disallowed.includes(`${origin}/data/pricing.json`));
    const app = pathsOf(result.pages[0]);
    assert.ok(![...app.keys()].some((k) => k.startsWith("/data/")));
    // The script is allowed, so its literal is still read.
    assert.ok(app.has("/assets/index-3f9a.js#C:about.story"));
  });
});

Deno.test("data resources count against the page budget", async () => {
  await withSpa(undefined, async (deps, _origin, requests) => {
    const result = await crawlSite(deps, _origin, { maxPages: 2 });
    assert.equal(result.pages.length, 1);
    const data = requests.filter((p) => p.startsWith("/data/") || p.startsWith("/assets/"));
    assert.deepEqual(data, ["/data/site.json"]);
  });
});

Deno.test("a page with visible text fetches no data resources", async () => {
  const kv = await Deno.openKv(":memory:");
  const requests: string[] = [];
  const body = `<p>${"Acme sends invoices and chases late payers for you. ".repeat(10)}</p>`;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    requests.push(path);
    if (path === "/") {
      return new Response(SHELL.replace('<div id="root"></div>', body), {
        headers: { "content-type": "text/html" },
      });
    }
    return new Response("", { status: 404 });
  });
  try {
    const deps: Deps = {
      kv,
      config: testConfig({ allowPrivateFetch: true }),
      search: new SearchIndex(),
      now: () => new Date(),
    };
    await crawlSite(deps, `http://127.0.0.1:${server.addr.port}`);
    assert.ok(!requests.some((p) => p.startsWith("/data/") || p.startsWith("/assets/")));
  } finally {
    await server.shutdown();
    kv.close();
  }
});

Deno.test("references: preload as=fetch, JSON URLs in inline scripts, same-site scripts only", () => {
  const site = new URL("https://acme.example/");
  const html =
    `<link rel="preload" href="/a.json" as="fetch"><link rel="preload" href="/f.woff2" as="font">
<script>fetch('/api/site').then(r=>r.json())</script>
<script type="application/json" id="x">{"u":"/inline.json"}</script>
<script src="https://cdn.other.example/lib.js"></script><script type="module" src="/app.js"></script>`;
  assert.deepEqual(dataRefs(html, site, site), [
    { url: "https://acme.example/a.json", kind: "json" },
    { url: "https://acme.example/api/site", kind: "json" },
    { url: "https://acme.example/app.js", kind: "script" },
  ]);
  // A path that is neither JSON nor fetched, a template string and another site are not data.
  const code =
    `go("/about");fetch(\`/api/\${id}\`);fetch("https://other.example/x.json");u("/p.json")`;
  assert.deepEqual(dataUrlsIn(code, site, site), ["https://acme.example/p.json"]);
  assert.equal(resourceName("https://acme.example/api/x?at=1:2"), "/api/x?at=1%3A2");
});

Deno.test("assigned literals: data only, each read to its end", () => {
  const code =
    `var a={x:"1"},b=function(){return{y:2}};const D={t:'It\\'s here',n:[1,!0],}; D2 = {f:g()}`;
  assert.deepEqual(assignedLiterals(code), [
    { name: "a", value: { x: "1" } },
    { name: "D", value: { t: "It's here", n: [1, true] } },
  ]);
});

Deno.test("the verifier checks an app quote against exactly the resource its locator names", () => {
  const page = {
    url: "https://acme.example/",
    facts: {
      app_json: [
        { path: "/data/site.json:hero.tagline", text: "Invoices that chase themselves" },
        { path: "/data/pricing.json:plans.0.price", text: "$29 per month" },
      ],
    },
  } as unknown as EvidencePage;
  const values = appValues(page);
  const quote = "Invoices that chase themselves";
  assert.ok(findInValues(values, quote, "/data/site.json:hero.tagline", false));
  assert.equal(findInValues(values, quote, "/data/pricing.json:hero.tagline", false), null);
  assert.equal(findInValues(values, quote, "/data/pricing.json:plans.0.price", false), null);
});

Deno.test("the benchmark re-reads a resource quote from the served file, not the crawler", async () => {
  const served: Record<string, string> = {
    "http://acme.test/": SHELL,
    "http://acme.test/data/site.json": JSON.stringify(SITE_JSON),
    "http://acme.test/assets/index-3f9a.js": BUNDLE,
  };
  const at = (quote: string, locator: string) => [{
    quote,
    url: "http://acme.test/",
    source: "app" as const,
    locator,
  }];
  const p = proposalWith({
    fields: {
      tagline: {
        value: "Invoices that chase themselves",
        evidence: at("Invoices that chase themselves", "/data/site.json:hero.tagline"),
      },
      founded_year: {
        value: 2021,
        evidence: at("founded in 2021", "/assets/index-3f9a.js#C:about.story"),
      },
      city: { value: "Leeds", evidence: at("Leeds", "/data/site.json:hero.tagline") },
    },
  });
  const check = await checkQuotes(p, (url) => Promise.resolve(served[url] ?? null));
  assert.equal(check.checked, 3);
  assert.equal(check.verified, 2);
  assert.match(check.failures[0], /"Leeds"/);
});
