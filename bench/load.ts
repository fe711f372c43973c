/**
 * Load generation: wrk (closed loop, one thread) pinned to core 0 with a Lua script that cycles
 * over a file of paths, each request posing as another visitor (X-Forwarded-For), and prints its
 * figures as one JSON line. Without wrk or taskset, a fetch loop in this process stands in.
 */

/** Figures of one load run; latencies in ms. */
export interface LoadFigures {
  tool: "wrk" | "fetch";
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers with a status outside 2xx and 3xx. */
  non_ok: number;
  /** Connect, read, write errors and timeouts. */
  socket_errors: number;
}

export interface LoadTarget {
  base: string;
  paths: string[];
  seconds: number;
  connections: number;
}

const MARKER = "WRK_JSON ";

/** The wrk script: requests built once per path, visitor address rotating with the path. */
export const WRK_SCRIPT = `
local requests = {}
local next = 0
init = function(args)
  local k = 0
  for path in io.lines(args[1]) do
    k = k + 1
    local visitor = "10." .. (math.floor(k / 65536) % 256) .. "." ..
      (math.floor(k / 256) % 256) .. "." .. (k % 256)
    requests[k] = wrk.format("GET", path, { ["X-Forwarded-For"] = visitor })
  end
end
request = function()
  next = next % #requests + 1
  return requests[next]
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '${MARKER}{"requests":%d,"duration_us":%d,"p50_us":%.1f,"p95_us":%.1f,"p99_us":%.1f,' ..
    '"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), e.status, e.connect, e.read, e.write, e.timeout))
end
`;

/** Reads the figures line the wrk script prints; throws when it is missing or malformed. */
export function parseWrkOutput(stdout: string): LoadFigures {
  const line = stdout.split("\n").find((l) => l.startsWith(MARKER));
  if (!line) throw new Error(`wrk printed no figures: ${stdout.slice(0, 300)}`);
  const raw = JSON.parse(line.slice(MARKER.length));
  const fields = ["requests", "duration_us", "p50_us", "p95_us", "p99_us", "status"];
  for (const field of [...fields, "connect", "read", "write", "timeout"]) {
    if (typeof raw[field] !== "number") throw new Error(`wrk figures lack "${field}": ${line}`);
  }
  if (raw.duration_us <= 0) throw new Error(`wrk ran for no time: ${line}`);
  return {
    tool: "wrk",
    rps: raw.requests / (raw.duration_us / 1e6),
    p50: raw.p50_us / 1000,
    p95: raw.p95_us / 1000,
    p99: raw.p99_us / 1000,
    non_ok: raw.status,
    socket_errors: raw.connect + raw.read + raw.write + raw.timeout,
  };
}

/** Whether wrk and taskset can be run here. */
export async function haveWrk(): Promise<boolean> {
  for (const tool of ["wrk", "taskset"]) {
    const ok = await new Deno.Command(tool, { args: ["--version"], stdout: "null", stderr: "null" })
      .output().then(() => true, () => false);
    if (!ok) return false;
  }
  return true;
}

/** Runs wrk on core 0 against `target`; the paths go into a file next to the script. */
export async function runWrk(target: LoadTarget, workDir: string): Promise<LoadFigures> {
  const script = `${workDir}/paths.lua`;
  const pathsFile = `${workDir}/paths_${crypto.randomUUID().slice(0, 8)}.txt`;
  await Deno.writeTextFile(script, WRK_SCRIPT);
  await Deno.writeTextFile(pathsFile, target.paths.join("\n") + "\n");
  try {
    const output = await new Deno.Command("taskset", {
      args: [
        "-c",
        "0",
        "wrk",
        "-t1",
        `-c${target.connections}`,
        `-d${target.seconds}s`,
        "--latency",
        "-s",
        script,
        target.base,
        "--",
        pathsFile,
      ],
      stderr: "piped",
    }).output();
    const stdout = new TextDecoder().decode(output.stdout);
    if (!output.success) {
      throw new Error(`wrk failed: ${new TextDecoder().decode(output.stderr)} ${stdout}`);
    }
    return parseWrkOutput(stdout);
  } finally {
    await Deno.remove(pathsFile).catch(() => {});
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))];
}

/** The stand-in: `connections` loops of fetch in this process for `seconds`. */
export async function runFetchLoop(target: LoadTarget): Promise<LoadFigures> {
  const samples: number[] = [];
  let nonOk = 0;
  let socketErrors = 0;
  let next = 0;
  const deadline = performance.now() + target.seconds * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: target.connections }, async () => {
    while (performance.now() < deadline) {
      const k = next++ % target.paths.length;
      const t = performance.now();
      try {
        const visitor = `10.0.${(k >> 8) & 255}.${k & 255}`;
        const response = await fetch(target.base + target.paths[k], {
          headers: { "x-forwarded-for": visitor },
        });
        await response.arrayBuffer();
        samples.push(performance.now() - t);
        if (response.status >= 400) nonOk++;
      } catch {
        socketErrors++;
      }
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  return {
    tool: "fetch",
    rps: samples.length / elapsed,
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    p99: percentile(samples, 0.99),
    non_ok: nonOk,
    socket_errors: socketErrors,
  };
}

/**
 * The figures of equal-length slices of one load as one run: their mean throughput (their
 * requests over their time), the median of their latency percentiles, and all their errors.
 */
export function joinSlices(slices: LoadFigures[]): LoadFigures {
  if (slices.length === 0) throw new Error("No load slices to join");
  const median = (pick: (l: LoadFigures) => number) =>
    percentile(slices.map(pick).sort((a, b) => a - b), 0.5);
  const sum = (pick: (l: LoadFigures) => number) => slices.reduce((n, l) => n + pick(l), 0);
  return {
    tool: slices[0].tool,
    rps: sum((l) => l.rps) / slices.length,
    p50: median((l) => l.p50),
    p95: median((l) => l.p95),
    p99: median((l) => l.p99),
    non_ok: sum((l) => l.non_ok),
    socket_errors: sum((l) => l.socket_errors),
  };
}

/** One load run with wrk when `useWrk`, else with the fetch loop. */
export function runLoad(target: LoadTarget, useWrk: boolean, workDir: string) {
  return useWrk ? runWrk(target, workDir) : runFetchLoop(target);
}
