/**
 * `deno task bench`: the service against a bare Hono handler on the same data, at 100,000
 * listings (and 1,000,000 with `--sizes 1000000` or `--large`).
 *
 * For each size: generates the data set once into `--kv-dir` (default data/bench/) and reuses
 * it; measures the search index in process; copies the KV file to a working file and starts the
 * service on it, pinned to core 1 (start-up to the first 200 and to a non-empty search, with no
 * index snapshot yet) and waits for the snapshot it saves after that full load; measures the typo
 * sets over HTTP; fills the bare handler with the service's own answers and starts it on core 1
 * too; runs each scenario with wrk on core 0 at 16 connections (throughput) and at 1 (latency),
 * in one-second slices taken by service and bare handler in turn; reads the service's RSS; then starts a second service on the
 * same file beside the first (the second start, which finds the index snapshot the first one
 * saved), changes a listing through the first and times until the second shows it, reads the
 * second's RSS (an instance as it usually starts: from the snapshot); and prints the report with
 * the targets.
 *
 * Options: `--sizes 100000,1000000`, `--large` (adds 1,000,000), `--duration 5` (measured
 * seconds per scenario and process, rounded: that many one-second slices), `--kv-dir <dir>`, `--skip-in-process`.
 */
import { copyKvFile, ensureDataSet } from "./generate.ts";
import { haveWrk, joinSlices, type LoadFigures, runLoad } from "./load.ts";
import { measureStart, rssMb, startBare, startService } from "./server.ts";
import {
  categorySlugs,
  collectAnswers,
  type Scenario,
  scenarios,
  typoHitRatesOverHttp,
} from "./scenarios.ts";
import { runIndexChild } from "./in_process.ts";
import { type ScenarioRun, sizeReport, type SizeResult } from "./report.ts";
import { measureAgreement, prepareAgreement } from "./agreement.ts";
import { readSnapshotHead, type SearchSnapshotHead } from "../kv/search_snapshot.ts";
import { SNAPSHOT_FORMAT } from "../services/directory/search/snapshot.ts";

export interface Options {
  sizes: number[];
  duration: number;
  kvDir: string;
  inProcess: boolean;
}

const LARGE = 1_000_000;

/** Reads the command line; throws naming the option that is wrong. */
export function parseOptions(args: string[]): Options {
  const options: Options = { sizes: [100_000], duration: 5, kvDir: "data/bench", inProcess: true };
  const value = (k: number) => {
    if (args[k + 1] === undefined) throw new Error(`Option "${args[k]}" needs a value`);
    return args[k + 1];
  };
  for (let k = 0; k < args.length; k++) {
    switch (args[k]) {
      case "--sizes":
        options.sizes = value(k).split(",").map((s) => Number(s.replace(/_/g, "")));
        k++;
        break;
      case "--large":
        if (!options.sizes.includes(LARGE)) options.sizes.push(LARGE);
        break;
      case "--duration":
        options.duration = Number(value(k));
        k++;
        break;
      case "--kv-dir":
        options.kvDir = value(k);
        k++;
        break;
      case "--skip-in-process":
        options.inProcess = false;
        break;
      default:
        throw new Error(
          `Unknown option "${args[k]}": expected --sizes, --large, --duration, --kv-dir ` +
            `or --skip-in-process`,
        );
    }
  }
  if (options.sizes.length === 0 || options.sizes.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new Error(`Invalid --sizes in "${args.join(" ")}": expected positive integers`);
  }
  if (!(options.duration > 0 && options.duration <= 600)) {
    throw new Error(`Invalid --duration in "${args.join(" ")}": expected 0 < seconds <= 600`);
  }
  return options;
}

/** A fresh working copy of the data set, so that every run's first start has no snapshot. */
async function workingCopy(path: string, dir: string, size: number): Promise<string> {
  const copy = `${dir}/run_${size}.sqlite3`;
  await copyKvFile(path, copy);
  return copy;
}

/** Asks for every path once, 16 at a time. */
async function askEach(base: string, paths: string[]): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (next < paths.length) await (await fetch(base + paths[next++])).body?.cancel();
  }));
}

async function loadScenarios(
  serviceBase: string,
  bareBase: string,
  list: Scenario[],
  options: Options,
  useWrk: boolean,
  dir: string,
): Promise<ScenarioRun[]> {
  const runs: ScenarioRun[] = [];
  // Both start warm: every path asked once (a steady state, not a cold cache), then a second of
  // load. The measured seconds are then taken in one-second slices, service and bare handler in
  // turn: a shared machine's speed moves over tens of seconds, and slices taken side by side see
  // the same machine, so their ratio holds where two runs taken one after the other did not.
  const warm = async (base: string, paths: string[]) => {
    await askEach(base, paths);
    await runLoad({ base, paths, seconds: 1, connections: 16 }, useWrk, dir);
  };
  // Whole seconds: wrk takes its duration in whole units.
  const slices = Math.max(1, Math.round(options.duration));
  const seconds = 1;
  for (const connections of [16, 1]) {
    for (const s of list) {
      await warm(serviceBase, s.paths);
      await warm(bareBase, s.paths);
      const service: LoadFigures[] = [];
      const bare: LoadFigures[] = [];
      for (let k = 0; k < slices; k++) {
        service.push(
          await runLoad({ base: serviceBase, paths: s.paths, seconds, connections }, useWrk, dir),
        );
        bare.push(
          await runLoad({ base: bareBase, paths: s.paths, seconds, connections }, useWrk, dir),
        );
      }
      const run = {
        scenario: s.name,
        connections,
        service: joinSlices(service),
        bare: joinSlices(bare),
      };
      runs.push(run);
      console.log(
        `  ${s.name} at ${connections}: ${run.service.rps.toFixed(0)} vs ${
          run.bare.rps.toFixed(0)
        } req/s`,
      );
    }
  }
  return runs;
}

/**
 * Whether a snapshot head is the one a service started at `since` saved: this code's format and
 * made after it started. A data set may carry an older snapshot (another format, an earlier run),
 * which the service refuses and replaces after its full load: the load runs must not start before
 * that save, a burst of work beside them.
 */
export function savedSince(head: SearchSnapshotHead | null, since: Date): boolean {
  return head !== null && head.format === SNAPSHOT_FORMAT &&
    Date.parse(head.created_at) >= since.getTime();
}

/** Waits until the service started at `since` has saved its index snapshot, at most 5 minutes. */
async function snapshotSaved(kvPath: string, since: Date): Promise<void> {
  const started = performance.now();
  const kv = await Deno.openKv(kvPath);
  try {
    while (!savedSince((await readSnapshotHead(kv)).value, since)) {
      if (performance.now() - started > 300_000) throw new Error("No index snapshot after 5 min");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    kv.close();
  }
  console.log(
    `  index snapshot saved ${((performance.now() - started) / 1000).toFixed(1)} s later`,
  );
}

async function benchSize(size: number, options: Options, useWrk: boolean): Promise<SizeResult> {
  const dir = options.kvDir;
  const { path, corpus } = await ensureDataSet(dir, size);
  let index = null;
  if (options.inProcess) {
    console.log(`Measuring the search index in process (N=${size})`);
    index = await runIndexChild(path, `${dir}/corpus_${size}.json`);
  }
  const kvPath = await workingCopy(path, dir, size);
  const agreementProbe = await prepareAgreement(kvPath);
  const probe = corpus.nameQueries[0]?.q ?? corpus.queries[0];
  console.log(`First start of the service (N=${size})`);
  const firstStarted = new Date();
  const service = startService(kvPath, useWrk);
  let bare = null;
  let again = null;
  try {
    const first = await measureStart(service, probe);
    // After a full load the service saves its index snapshot (a one-time burst of work): the load
    // runs measure the steady state after it.
    await snapshotSaved(kvPath, firstStarted);
    const typo = await typoHitRatesOverHttp(service.base, corpus);
    const answersFile = `${dir}/bare_answers_${size}.json`;
    const list = scenarios(corpus, await categorySlugs(service.base));
    const answers = await collectAnswers(service.base, list);
    await Deno.writeTextFile(answersFile, JSON.stringify(answers));
    bare = await startBare(answersFile, useWrk);
    const loadavg = Deno.loadavg();
    const runs = await loadScenarios(service.base, bare.base, list, options, useWrk, dir);
    const rss = rssMb(service.pid);
    await bare.stop();
    console.log(`Second start of the service on the same file, beside the first (N=${size})`);
    again = startService(kvPath, useWrk);
    const second = await measureStart(again, probe);
    const agreement = await measureAgreement(service, again, agreementProbe);
    const rssSecond = rssMb(again.pid);
    return {
      size,
      tool: useWrk ? "wrk" : "fetch",
      index,
      first,
      second,
      rss_mb: rss,
      rss_second_mb: rssSecond,
      typo,
      runs,
      agreement,
      loadavg,
    };
  } finally {
    await again?.stop();
    await bare?.stop();
    await service.stop();
  }
}

async function main(args: string[]): Promise<void> {
  const options = parseOptions(args);
  await Deno.mkdir(options.kvDir, { recursive: true });
  const useWrk = await haveWrk();
  if (!useWrk) console.log("wrk or taskset not found: using the built-in fetch loop (unpinned)");
  const reports: string[] = [];
  for (const size of options.sizes) {
    const result = await benchSize(size, options, useWrk);
    reports.push(sizeReport(result));
    console.log(reports[reports.length - 1]);
  }
  if (reports.length > 1) console.log(`\n${reports.join("\n")}`);
}

if (import.meta.main) await main(Deno.args);
