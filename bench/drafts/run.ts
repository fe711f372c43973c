/**
 * One site through the drafting benchmark: crawled once with the real crawler (robots.txt
 * honoured), drafted by the extractive drafter, by the LLM drafter against the careless fake, and
 * by the LLM drafter against the adversarial fake (the careless answer plus planted wrong values);
 * each draft scored against the site's truth and its quotes checked against the served HTML.
 */
import robotsParserNs from "robots-parser";
import type {
  CategoryChoice,
  CrawlResult,
  DraftProposal,
} from "../../services/drafting/evidence.ts";
import { crawlSite } from "../../services/drafting/crawler.ts";
import { draftFromEvidence, type DraftResult } from "../../services/drafting/drafter.ts";
import type { Deps } from "../../services/platform/deps.ts";
import { looseText } from "../../services/drafting/text.ts";
import { SITES_DIR, type SiteServer, type SiteTruth } from "../sites/serve.ts";
import { scalarMatches, score } from "./matching.ts";
import { type Plant, plantKept } from "./plants.ts";
import {
  adversarialAnswers,
  type AdversarialPlant,
  plantKept as adversarialKept,
} from "../adversarial.ts";
import { checkQuotes } from "./quotes.ts";
import type { AdversarialRun, SiteRun, SiteTiming } from "./report.ts";

const robotsParser = robotsParserNs as unknown as typeof robotsParserNs.default;
const BOT = "LaunchDirectoryBot/1.0";

/**
 * Which answer the fake model gives while a draft runs: the careless answer, the careless answer
 * with this benchmark's plants, or a fixed answer (one round of bench/adversarial.ts).
 */
export type FakeMode = {
  mode: "careless" | "adversarial" | "fixed";
  planted: Plant[];
  answer?: object;
};

/** What a site run needs. */
export interface RunContext {
  sites: SiteServer;
  base: Deps;
  llm: Deps | null;
  categories: CategoryChoice[];
  /** Set before each LLM draft; the fake reads it. */
  fake: FakeMode & { origin: string };
}

/** Everything one site produced. */
export interface SiteResult {
  runs: SiteRun[];
  adversarial: AdversarialRun[];
  timing: SiteTiming;
  violations: string[];
}

/** The HTML the fixture server serves at a URL (redirects followed), without a request logged. */
export function servedHtml(sites: SiteServer, names: string[]) {
  return async (url: string): Promise<string | null> => {
    let at = new URL(url);
    for (let hop = 0; hop < 5; hop++) {
      const site = names.find((n) => new URL(sites.origin(n)).host === at.host) ??
        names.find((n) => new URL(sites.entry(n)).host === at.host);
      if (!site) return null;
      const res = await sites.peek(site, at.pathname + at.search);
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        at = new URL(location, at);
        continue;
      }
      return res.ok ? await res.text() : null;
    }
    return null;
  };
}

async function robotsViolations(site: string, origin: string, paths: string[]): Promise<string[]> {
  let text = "";
  try {
    text = await Deno.readTextFile(new URL(`${site}/robots.txt`, SITES_DIR));
  } catch {
    return [];
  }
  const robots = robotsParser(`${origin}/robots.txt`, text.replaceAll("{{origin}}", origin));
  return paths.filter((p) =>
    p !== "/robots.txt" && robots.isAllowed(new URL(p, origin).href, BOT) === false
  );
}

/** Whether a planted value happens to be true (then it is not counted as planted). */
function plantIsTrue(p: Plant, truth: SiteTruth): boolean {
  const same = (a: string, b: string) => looseText(a) === looseText(b);
  if (p.field === "founders") return (truth.founders ?? []).some((f) => same(f.name, p.value));
  if (p.field === "features") return (truth.features ?? []).some((f) => same(f, p.value));
  if (p.field === "faqs") {
    const q = (truth.faqs ?? []).find((f) => same(f.question, p.question ?? ""));
    return !!q && looseText(q.answer).split(" ")[0] === looseText(p.value).split(" ")[0];
  }
  if (p.field === "milestones") return false;
  const want = truth[p.field as keyof SiteTruth];
  const alternatives = Array.isArray(want)
    ? want
    : want === null || want === undefined
    ? []
    : [want];
  return alternatives.some((t) =>
    scalarMatches(p.field as Parameters<typeof scalarMatches>[0], p.value, String(t))
  );
}

async function scored(
  site: string,
  drafter: "extractive" | "llm",
  result: DraftResult,
  truth: SiteTruth,
  load: (url: string) => Promise<string | null>,
  draftMs: number,
): Promise<SiteRun> {
  const { counts, invented } = score(result.proposal, truth);
  return {
    site,
    drafter,
    counts,
    invented,
    quotes: await checkQuotes(result.proposal, load),
    reported: result.quotes,
    fallback: result.fallback,
    draftMs,
  };
}

/** Runs one site. */
export async function runSite(
  ctx: RunContext,
  site: string,
  truth: SiteTruth,
  load: (url: string) => Promise<string | null>,
): Promise<SiteResult> {
  const origin = ctx.sites.origin(site);
  const before = ctx.sites.requests.length;
  const t0 = performance.now();
  const crawl: CrawlResult = await crawlSite(ctx.base, ctx.sites.entry(site));
  const extractive = await draftFromEvidence(ctx.base, crawl, { categories: ctx.categories });
  const readyMs = performance.now() - t0;
  const served = ctx.sites.requests.slice(before).filter((r) => r.site === site).map((r) => r.path);
  const waits = served.filter((p) => p !== "/robots.txt").length - 1;
  const timing: SiteTiming = {
    site,
    pages: crawl.pages.length,
    readyMs,
    delayMs: crawl.crawl_delay_s * 1000 * Math.max(0, waits),
    error: crawl.error,
  };
  const violations = (await robotsViolations(site, origin, served)).map((v) => `${site} ${v}`);
  const runs = [await scored(site, "extractive", extractive, truth, load, readyMs)];
  const adversarial: AdversarialRun[] = [];
  if (ctx.llm) {
    ctx.fake = { mode: "careless", planted: [], origin };
    const t1 = performance.now();
    const llm = await draftFromEvidence(ctx.llm, crawl, { categories: ctx.categories });
    runs.push(await scored(site, "llm", llm, truth, load, performance.now() - t1));
    ctx.fake = { mode: "adversarial", planted: [], origin };
    const attacked = await draftFromEvidence(ctx.llm, crawl, { categories: ctx.categories });
    adversarial.push(keptPlants(site, ctx.fake.planted, attacked.proposal, truth));
    adversarial.push(await engineered(ctx, site, crawl, truth));
  }
  return { runs, adversarial, timing, violations };
}

/**
 * The adversarial answers of bench/adversarial.ts (built from the crawled pages), one LLM draft
 * per round; a plant counts as kept when any round's verified draft holds it.
 */
async function engineered(
  ctx: RunContext,
  site: string,
  crawl: CrawlResult,
  truth: SiteTruth,
): Promise<AdversarialRun> {
  const { answers, plants } = adversarialAnswers(crawl.pages);
  const proposals: DraftProposal[] = [];
  for (const answer of answers) {
    ctx.fake = { mode: "fixed", planted: [], answer, origin: ctx.fake.origin };
    proposals.push(
      (await draftFromEvidence(ctx.llm!, crawl, { categories: ctx.categories })).proposal,
    );
  }
  const wrong = plants.filter((p) => !engineeredIsTrue(p, truth));
  return {
    site,
    source: "adversarial.ts",
    planted: wrong,
    kept: wrong.filter((p) => proposals.some((proposal) => adversarialKept(p, proposal))),
  };
}

function engineeredIsTrue(p: AdversarialPlant, truth: SiteTruth): boolean {
  if (p.field === "founders" || p.field in truth) {
    return plantIsTrue({ kind: "made_up_quote", field: p.field, value: p.value }, truth);
  }
  return false;
}

function keptPlants(
  site: string,
  planted: Plant[],
  proposal: DraftProposal,
  truth: SiteTruth,
): AdversarialRun {
  const wrong = planted.filter((p) => !plantIsTrue(p, truth));
  return {
    site,
    source: "plants",
    planted: wrong,
    kept: wrong.filter((p) => plantKept(p, proposal)),
  };
}
