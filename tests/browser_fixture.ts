/**
 * What the headless Chromium tests share: the launch arguments, the islands bundle (built when
 * missing or older than an island a test needs), and the app served on a free 127.0.0.1 port.
 */
import { type Browser, chromium } from "playwright-core";
import { createApp } from "../routes/app.ts";
import { testConfig } from "../services/platform/config.ts";
import type { Deps } from "../services/platform/deps.ts";

const BUNDLE = new URL("../static/islands.js", import.meta.url);

/** Chromium's flags for a sandbox-less, quiet headless run. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Launches the system's Chromium headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

/**
 * Builds static/islands.js when it is missing or lacks one of `islands` (`deno task test` builds
 * it first anyway).
 */
export async function ensureBundle(islands: string[] = []): Promise<void> {
  try {
    const text = await Deno.readTextFile(BUNDLE);
    if (islands.every((name) => text.includes(name))) return;
  } catch {
    // missing: build it
  }
  const root = new URL("..", import.meta.url);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "build"],
    cwd: root,
    stderr: "piped",
  })
    .output();
  if (!out.success) {
    throw new Error(`Cannot build static/islands.js: ${new TextDecoder().decode(out.stderr)}`);
  }
}

/**
 * Serves the app on a free 127.0.0.1 port; it is built once the port is known, so that the
 * public URL (links, badge images, checkout links) points at this server.
 */
export function serveApp(deps: Deps): { base: string; deps: Deps; server: Deno.HttpServer } {
  let fetchHandler: (req: Request) => Response | Promise<Response> = () =>
    new Response(null, { status: 503 });
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen() {} },
    (req) => fetchHandler(req),
  );
  const base = `http://127.0.0.1:${server.addr.port}`;
  const served = { ...deps, config: testConfig({ publicUrl: base }) };
  fetchHandler = createApp(served).fetch;
  return { base, deps: served, server };
}
