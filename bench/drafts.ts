/**
 * `deno task bench:drafts`: drafting quality on the fixture product sites in bench/sites, reported
 * separately for each set: the ten older fixtures, the development set (bench/sites/dev) and the
 * held-out set (bench/sites/heldout, written before the drafter's rules were read; never tuned on).
 *
 * Each site is served on 127.0.0.1 (bench/sites/serve.ts), crawled once with the real crawler,
 * then drafted by the embedded extractive drafter, by the LLM drafter against a careless local
 * OpenAI-compatible fake (answers taken from the prompt's pages, never from the answer key), and
 * by the LLM drafter against the same fake with wrong values planted (bench/drafts/plants.ts), and
 * against the adversarial answers of bench/adversarial.ts (verbatim quotes, one draft per round).
 * Drafts are scored against each site's truth.json (bench/drafts/matching.ts) and every quote is
 * looked up in the served HTML by the benchmark itself (bench/drafts/quotes.ts).
 *
 * Options: `--set fixtures|dev|heldout` (one set; default all three), `--sites a,b` (only these
 * sites: `dev/brightdesk`, `heldout/tinyq`, `sixpage`, or a bare name found in any set),
 * `--no-llm` (the extractive drafter only), `--verbose` (every quote not found), `--json` (also
 * the raw figures). Targets missed are marked MISSED; the exit code stays 0.
 */
import { defaultCategories } from "../services/platform/reference.ts";
import type { Deps } from "../services/platform/deps.ts";
import { testConfig } from "../services/platform/config.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import {
  readTruth,
  serveSites,
  setSites,
  SITE_SETS,
  type SiteSet,
  siteSet,
} from "./sites/serve.ts";
import { startFakeOpenAI } from "./fake_openai.ts";
import { carelessAnswer, promptPages } from "./drafts/fake_model.ts";
import { plant } from "./drafts/plants.ts";
import { jsonFigures, printSet, type SetFigures } from "./drafts/report.ts";
import { type RunContext, runSite, servedHtml } from "./drafts/run.ts";

/** The benchmark's options. */
export interface DraftBenchOptions {
  sets: SiteSet[];
  sites: string[];
  llm: boolean;
  verbose: boolean;
  json: boolean;
}

/** Parses the command line; unknown sets or sites throw. */
export function parseDraftBenchArgs(args: string[]): DraftBenchOptions {
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] ?? "" : null;
  };
  const set = value("--set");
  if (set !== null && !(SITE_SETS as readonly string[]).includes(set)) {
    throw new Error(`--set must be one of ${SITE_SETS.join(", ")}, not "${set}"`);
  }
  const sets = set ? [set as SiteSet] : [...SITE_SETS];
  const known = sets.flatMap(setSites);
  const asked = value("--sites");
  const sites = asked === null ? known : asked.split(",").filter(Boolean).map((name) => {
    const found = known.find((k) => k === name || k.split("/").pop() === name);
    if (!found) throw new Error(`Unknown site "${name}" in ${sets.join(", ")}`);
    return found;
  });
  return {
    sets,
    sites,
    llm: !args.includes("--no-llm"),
    verbose: args.includes("--verbose"),
    json: args.includes("--json"),
  };
}

async function main() {
  const options = parseDraftBenchArgs(Deno.args);
  const categories = defaultCategories().map((c) => ({
    slug: c.slug,
    name: c.name,
    parent: c.parent,
  }));
  const sites = await serveSites({ sites: options.sites });
  const kv = await Deno.openKv(":memory:");
  const base: Deps = {
    kv,
    config: testConfig({ allowPrivateFetch: true }),
    search: new SearchIndex(),
    now: () => new Date(),
  };
  const ctx: RunContext = {
    sites,
    base,
    llm: null,
    categories,
    fake: { mode: "careless", planted: [], origin: "" },
  };
  const fake = await startFakeOpenAI((request) => {
    if (ctx.fake.mode === "fixed") return ctx.fake.answer ?? {};
    const pages = promptPages(request);
    const answer = carelessAnswer(pages);
    if (ctx.fake.mode === "adversarial") ctx.fake.planted = plant(answer, pages, ctx.fake.origin);
    return answer;
  });
  if (options.llm) {
    ctx.llm = {
      ...base,
      config: testConfig({
        allowPrivateFetch: true,
        openai: { apiKey: "sk-test", baseUrl: fake.baseUrl, model: "fake" },
      }),
    };
  }
  const figures = new Map<SiteSet, SetFigures>();
  for (const set of options.sets) {
    figures.set(set, { set, sites: [], runs: [], adversarial: [], timing: [], violations: [] });
  }
  const load = servedHtml(sites, options.sites);
  try {
    for (const site of options.sites) {
      const truth = await readTruth(site, sites.origin(site));
      const result = await runSite(ctx, site, truth, load);
      const f = figures.get(siteSet(site))!;
      f.sites.push(site);
      f.runs.push(...result.runs);
      f.adversarial.push(...result.adversarial);
      f.timing.push(result.timing);
      f.violations.push(...result.violations);
    }
  } finally {
    await fake.close();
    await sites.close();
    kv.close();
  }
  console.log(`Drafting benchmark, ${new Date().toISOString()}`);
  console.log(
    "Held-out set written 2026-11-25 02:25 UTC on commit 2c52939 (bench/sites/heldout/MANIFEST.md).",
  );
  for (const f of figures.values()) if (f.sites.length) printSet(f, options.verbose);
  if (options.json) console.log(JSON.stringify([...figures.values()].map(jsonFigures), null, 2));
}

if (import.meta.main) await main();
