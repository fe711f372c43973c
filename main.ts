/** Entrypoint: opens storage, seeds reference (and demo) data, starts the server and the jobs. */
import { type Deps, loadConfig, seedReferenceData } from "./services/platform/mod.ts";
import {
  followListingChanges,
  followListingWrites,
  saveSearchSnapshot,
  SearchIndex,
  startSearchIndex,
} from "./services/directory/mod.ts";
import { recheckBadges, runWeeklyRollover } from "./services/publishing/mod.ts";
import { resumeStalledDrafts } from "./services/drafting/mod.ts";
import { sweepOrders } from "./services/commerce/mod.ts";
import { sweepExpiredClaims } from "./services/claims/mod.ts";
import { flagVoteClusters } from "./services/community/mod.ts";
import { createApp } from "./routes/app.ts";
import { handleJob } from "./services/jobs.ts";

/** Opens the configured Deno KV store, creating the folder of an on-disk store. */
export async function openStore(path: string): Promise<Deno.Kv> {
  if (path !== ":memory:" && !/^https?:\/\//.test(path)) {
    const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".";
    await Deno.mkdir(folder || "/", { recursive: true });
  }
  return await Deno.openKv(path);
}

/** Registers the periodic jobs (only here, never in tests). */
function registerJobs(deps: Deps): void {
  // The weekly rollover at the start of each ISO week (Monday 00:00 UTC): scheduled listings go
  // live, last week's awards. It runs again every hour, so a rollover a crash interrupted resumes
  // within the hour; a run with nothing due reads one record.
  Deno.cron("weekly-rollover", "0 * * * *", async () => {
    await runWeeklyRollover(deps);
  });
  // Hourly at :20: free listings' badges (awaiting ones hourly, scheduled ones daily by the age of
  // their last check); a week begun without the badge is given up.
  Deno.cron("badge-recheck", "20 * * * *", async () => {
    await recheckBadges(deps);
  });
  // Every 5 minutes: re-queue drafts whose job stopped (all retries failed, or a crash).
  Deno.cron("resume-stalled-drafts", "*/5 * * * *", async () => {
    await resumeStalledDrafts(deps);
  });
  // Every 10 minutes: expire unpaid orders past their 24 hours (releasing their weeks) and finish
  // paid orders whose fulfilment job stopped.
  Deno.cron("order-sweep", "*/10 * * * *", async () => {
    await sweepOrders(deps);
  });
  // Hourly at :40: pending claims past their 14 days become expired (reads expire them too).
  Deno.cron("claim-sweep", "40 * * * *", async () => {
    await sweepExpiredClaims(deps);
  });
  // Every 10 minutes: flag suspicious clusters among the last 2 hours of votes for the site team
  // (flagged votes stay counted until the team decides at /admin/votes).
  Deno.cron("vote-clusters", "*/10 * * * *", async () => {
    await flagVoteClusters(deps);
  });
  // Every 10 minutes, once the search index is loaded: its snapshot, which the next start loads
  // and catches up instead of reading every listing (a save that crashed is cleaned up later).
  Deno.cron("search-snapshot", "*/10 * * * *", async () => {
    await saveSearchSnapshot(deps.kv, deps.search);
  });
}

if (import.meta.main) {
  const config = loadConfig();
  const kv = await openStore(config.kvPath);
  const now = () => new Date();
  await seedReferenceData(kv, now());
  if (config.demoData) {
    // Loaded only on demand, so the demo is not part of the service's static import graph.
    const { loadDemoData } = await import("./demo/mod.ts");
    if (await loadDemoData(kv, now())) console.log("Loaded the demo directory");
  }
  const search = new SearchIndex();
  const deps: Deps = { kv, config, search, now };
  followListingWrites(kv, search);
  // Other instances' listing writes reach this one's profile cache and search index.
  followListingChanges(kv, config.listingChangesPollMs);
  // Requests are answered while the search index loads (search waits for it) and while a missed
  // rollover (service down on Monday) is caught up: both run after the server starts.
  void startSearchIndex(kv, search);
  registerJobs(deps);
  // Queued jobs (mail delivery; later crawling, drafting) run here; a throw retries the job.
  void kv.listenQueue((message) => handleJob(deps, message));
  const app = createApp(deps);
  Deno.serve({
    hostname: config.host,
    port: config.port,
    onListen: ({ hostname, port }) =>
      console.log(`Launch Directory on ${config.publicUrl} (listening on ${hostname}:${port})`),
  }, app.fetch);
  void runWeeklyRollover(deps).catch((err) => console.error("Weekly rollover failed:", err));
}
