/**
 * The processes under load: the service (main.ts on a KV file) and the bare handler, each pinned
 * to core 1 with taskset when it is available and started with the runtime settings of
 * `deno task start`, and the start-up figures of the service.
 */

const ROOT = new URL("..", import.meta.url).pathname;

export interface Process {
  base: string;
  pid: number;
  /** ms since spawn. */
  sinceStart(): number;
  /** Throws when the process has exited. */
  alive(): void;
  stop(): Promise<void>;
}

export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/**
 * The environment `deno task start` gives the service (the `NAME=value` words before its
 * `deno run`): the runtime settings the service is deployed with, which the bench starts both
 * the service and the bare handler with.
 */
export function startTaskEnv(
  config = Deno.readTextFileSync(`${ROOT}deno.json`),
): Record<string, string> {
  const start: unknown = JSON.parse(config).tasks?.start;
  if (typeof start !== "string") throw new Error("deno.json has no start task");
  const command = start.split("&&").at(-1)!.trim();
  const words = command.slice(0, command.indexOf("deno run")).trim();
  const env: Record<string, string> = {};
  for (const word of words ? words.split(/\s+/) : []) {
    const at = word.indexOf("=");
    if (at < 1) throw new Error(`deno.json's start task: "${word}" is not NAME=value`);
    env[word.slice(0, at)] = word.slice(at + 1);
  }
  return env;
}

/** Starts `deno run -A <args>` on core 1 (when `pin`) with `env`, listening on `port`. */
export function spawnDeno(args: string[], env: Record<string, string>, port: number, pin: boolean) {
  const deno = [Deno.execPath(), "run", "-A", ...args];
  const [command, ...rest] = pin ? ["taskset", "-c", "1", ...deno] : deno;
  const started = performance.now();
  const child = new Deno.Command(command, {
    args: rest,
    cwd: ROOT,
    env: { ...startTaskEnv(), ...env },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  let exited: Deno.CommandStatus | null = null;
  const status = child.status.then((s) => (exited = s));
  const process: Process = {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    sinceStart: () => performance.now() - started,
    alive: () => {
      if (exited) throw new ExitedError(`The process exited with code ${exited.code}`);
    },
    stop: async () => {
      if (!exited) child.kill("SIGTERM");
      await status;
    },
  };
  return process;
}

class ExitedError extends Error {}

/** Polls `check` every 10 ms until it is true; rethrows when the process exited. */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      if (error instanceof ExitedError) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Timed out waiting for ${what} after ${timeoutMs} ms`);
}

/** The service on `kvPath`: visitors come through a trusted proxy and are never limited. */
export function startService(kvPath: string, pin: boolean): Process {
  const port = freePort();
  return spawnDeno(
    ["main.ts"],
    {
      KV_PATH: kvPath,
      DEMO_DATA: "0",
      PORT: String(port),
      TRUST_PROXY: "1",
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: "1000000000",
    },
    port,
    pin,
  );
}

export interface StartFigures {
  first_200_ms: number;
  search_ready_ms: number;
}

/** Times process start to the first 200 of GET /api/v1/site and to a non-empty search. */
export async function measureStart(service: Process, probeQuery: string): Promise<StartFigures> {
  await waitFor(
    async () => {
      service.alive();
      const response = await fetch(`${service.base}/api/v1/site`);
      await response.body?.cancel();
      return response.status === 200;
    },
    60_000,
    "GET /api/v1/site",
  );
  const first200 = service.sinceStart();
  const probe = `${service.base}/api/v1/listings?q=${encodeURIComponent(probeQuery)}`;
  await waitFor(
    async () => {
      service.alive();
      const response = await fetch(probe);
      const body = await response.json();
      return response.status === 200 && body.items?.length > 0;
    },
    300_000,
    "search results",
  );
  return { first_200_ms: first200, search_ready_ms: service.sinceStart() };
}

/** The bare handler answering from `answersFile`, once it listens. */
export async function startBare(answersFile: string, pin: boolean): Promise<Process> {
  const port = freePort();
  const bare = spawnDeno(["bench/bare.ts", answersFile, String(port)], {}, port, pin);
  await waitFor(
    async () => {
      bare.alive();
      const response = await fetch(`${bare.base}/`);
      await response.body?.cancel();
      return response.status === 404;
    },
    30_000,
    "the bare handler",
  );
  return bare;
}

/** Resident memory of a process in MB (VmRSS). */
export function rssMb(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : NaN;
}
