/** Entrypoint: opens storage, seeds reference (and demo) data, starts the server and the jobs. */
import { type Deps, loadConfig, seedReferenceData } from "./services/platform/mod.ts";
import {
  followListingWrites,
  loadSearchIndex,
  runWeeklyRollover,
  SearchIndex,
} from "./services/directory/mod.ts";
import { resumeStalledDrafts } from "./services/drafting/mod.ts";
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
  // Monday 00:05 UTC: decide last week's Launch of the Week awards.
  Deno.cron("weekly-rollover", "5 0 * * 1", async () => {
    await runWeeklyRollover(deps.kv, deps.now());
  });
  // Every 5 minutes: re-queue drafts whose job stopped (all retries failed, or a crash).
  Deno.cron("resume-stalled-drafts", "*/5 * * * *", async () => {
    await resumeStalledDrafts(deps);
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
  void loadSearchIndex(kv, search);
  // A missed rollover (service down on Monday) is caught up at start.
  await runWeeklyRollover(kv, now()).catch((err) => console.error("Weekly rollover failed:", err));
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
}
