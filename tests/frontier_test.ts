/** The crawl frontier: which same-site pages a crawl of at most eight pages reads first. */
import assert from "node:assert/strict";
import {
  consider,
  type Frontier,
  markRead,
  newFrontier,
  pickNext,
} from "../services/drafting/crawler/frontier.ts";
import { parseRobots } from "../services/platform/robots.ts";
import { serveSites } from "../bench/sites/serve.ts";
import { testConfig } from "../services/platform/config.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { crawlSite } from "../services/drafting/crawler.ts";
import type { Deps } from "../services/platform/deps.ts";

const ORIGIN = "https://acme.example";

async function frontierOf(links: [string, string][], home = "/"): Promise<Frontier> {
  const site = new URL(home, ORIGIN);
  const frontier = newFrontier(site, site, await parseRobots(ORIGIN, ""), []);
  for (const [path, text] of links) consider(frontier, new URL(path, ORIGIN).href, text, "link");
  return frontier;
}

function kinds(frontier: Frontier): Record<string, string> {
  return Object.fromEntries(frontier.queue.map((c) => [new URL(c.url).pathname, c.kind]));
}

function paths(frontier: Frontier, n: number): string[] {
  return pickNext(frontier, n).map((c) => new URL(c.url).pathname);
}

/** Ten pages no word of which promises a kind, linked before the ones that do. */
const GENERIC = ["/integrations", "/securite", "/ressources-utiles", "/api", "/download"]
  .concat(["/docs", "/apps", "/securityx", "/roadmap", "/templates-gallery"])
  .map((p): [string, string] => [p, p.slice(1)]);

Deno.test("localized paths promise their kinds and are read before ten generic pages", async () => {
  const frontier = await frontierOf([
    ...GENERIC,
    ["/tarifs", "Nos tarifs"],
    ["/qui-sommes-nous", "Qui sommes-nous ?"],
    ["/fonctionnalites", "Fonctionnalités"],
    ["/equipe", "L’équipe"],
    ["/preguntas-frecuentes", "Preguntas frecuentes"],
    ["/contatti", "Contatti"],
  ]);
  assert.deepEqual(paths(frontier, 6), [
    "/tarifs",
    "/qui-sommes-nous",
    "/fonctionnalites",
    "/equipe",
    "/preguntas-frecuentes",
    "/contatti",
  ]);
});

Deno.test("paths in many languages and English synonyms get their kinds", async () => {
  const frontier = await frontierOf(
    [
      "/precios",
      "/prezzi",
      "/prijzen",
      "/precos",
      "/priser",
      "/buy",
      "/upgrade",
      "/pro",
      "/premium",
      "/licensing",
      "/editions",
      "/store",
      "/compare",
      "/a-propos",
      "/sobre-nosotros",
      "/quienes-somos",
      "/chi-siamo",
      "/over-ons",
      "/om-oss",
      "/manifesto",
      "/company/story",
      "/equipo",
      "/meet-the-team",
      "/funciones",
      "/funzionalita",
      "/functies",
      "/why-us",
      "/contacto",
      "/hello",
    ].map((p) => [p, ""]),
  );
  const got = kinds(frontier);
  const expect = (kind: string, list: string[]) =>
    list.forEach((p) => assert.equal(got[p], kind, p));
  expect("pricing", ["/precios", "/prezzi", "/prijzen", "/precos", "/priser", "/buy", "/upgrade"]);
  expect("pricing", ["/pro", "/premium", "/licensing", "/editions", "/store", "/compare"]);
  expect("about", ["/a-propos", "/sobre-nosotros", "/quienes-somos", "/chi-siamo", "/over-ons"]);
  expect("about", ["/om-oss", "/manifesto", "/company/story"]);
  expect("team", ["/equipo", "/meet-the-team"]);
  expect("features", ["/funciones", "/funzionalita", "/functies", "/why-us"]);
  expect("contact", ["/contacto", "/hello"]);
});

Deno.test("a link's text names the kind its path does not, in any language", async () => {
  const frontier = await frontierOf([
    ["/p/17", "Über uns"],
    ["/p/18", "Quiénes somos"],
    ["/p/19", "Precios"],
    ["/p/20", "Buy"],
    ["/p/21", "Download on the App Store"],
  ]);
  assert.deepEqual(kinds(frontier), {
    "/p/17": "about",
    "/p/18": "about",
    "/p/19": "pricing",
    "/p/20": "pricing",
    "/p/21": "link",
  });
});

Deno.test("sign-in pages in other languages are never queued", async () => {
  const frontier = await frontierOf([["/connexion", "Connexion"], ["/anmelden", "Anmelden"]]);
  assert.deepEqual(frontier.queue, []);
});

Deno.test("copies in other locale folders come after every page of the site's language", async () => {
  const frontier = await frontierOf([
    ["/de/preise", "Preise"],
    ["/fr/a-propos", "À propos"],
    ["/de/", "Deutsch"],
    ["/pricing", "Pricing"],
    ["/about", "About"],
    ["/download", "Download"],
    ["/docs", "Docs"],
  ]);
  markRead(frontier, new URL("/pricing", ORIGIN), "pricing");
  markRead(frontier, new URL("/about", ORIGIN), "about");
  frontier.queue = frontier.queue.filter((c) => !/\/(?:pricing|about)$/.test(c.url));
  assert.deepEqual(paths(frontier, 2), ["/download", "/docs"]);
});

Deno.test("a site whose home is a locale folder reads its own locale's pages first", async () => {
  const frontier = await frontierOf(
    [["/de/preise", "Preise"], ["/en/pricing", "Pricing"], ["/en/download", "Download"]],
    "/en/",
  );
  assert.deepEqual(paths(frontier, 3), ["/en/pricing", "/en/download", "/de/preise"]);
});

Deno.test("posts, customer stories, jobs and partners wait behind generic pages", async () => {
  const frontier = await frontierOf([
    ["/careers", "Careers"],
    ["/customers", "Customers"],
    ["/recrutement", "Recrutement"],
    ["/partners", "Partners"],
    ["/webinars", "Webinars"],
    ["/download", "Download"],
  ]);
  assert.equal(paths(frontier, 1)[0], "/download");
});

Deno.test("one page of a folder of twenty is read, then other folders'", async () => {
  const integrations = "abcdefghijklmnopqrst".split("").map((c): [string, string] => [
    `/integrations/${c}`,
    c,
  ]);
  const frontier = await frontierOf([
    ...integrations,
    ["/guides/setup", "Setup"],
    ["/guides/sso", "SSO"],
    ["/apps/mac", "Mac"],
  ]);
  assert.deepEqual(paths(frontier, 4), [
    "/integrations/a",
    "/guides/setup",
    "/apps/mac",
    "/integrations/b",
  ]);
});

Deno.test("crawls of many-link sites read the footer's pricing and about pages, no translation", async () => {
  const kv = await Deno.openKv(":memory:");
  const sites = await serveSites({ sites: ["dev/pointeo", "dev/tapewise"] });
  const deps: Deps = {
    kv,
    config: testConfig({ allowPrivateFetch: true }),
    search: new SearchIndex(),
    now: () => new Date(),
  };
  try {
    for (
      const [site, want] of [["dev/pointeo", ["/tarifs", "/qui-sommes-nous"]], ["dev/tapewise", [
        "/buy",
        "/company",
      ]]] as const
    ) {
      const result = await crawlSite(deps, sites.entry(site));
      const read = result.pages.map((p) => new URL(p.url).pathname);
      assert.equal(read.length, 8, site);
      for (const path of want) assert.ok(read.includes(path), `${site}: ${read.join(" ")}`);
      assert.ok(!read.some((p) => /^\/(?:de|fr)\//.test(p)), `${site}: ${read.join(" ")}`);
      assert.ok(read.filter((p) => p.startsWith("/integrations/")).length <= 1, read.join(" "));
    }
  } finally {
    await sites.close();
    kv.close();
  }
});
