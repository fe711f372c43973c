/** Deps for the fetcher and robots.txt tests: in-memory KV, a public URL for the bot's user agent. */
import { testConfig } from "../services/platform/config.ts";
import type { Deps } from "../services/platform/deps.ts";
import { SearchIndex } from "../services/directory/search/index.ts";

/** Runs `run` with fresh deps; `allowPrivateFetch` lets the fetcher reach 127.0.0.1. */
export async function withDeps(allowPrivateFetch: boolean, run: (deps: Deps) => Promise<void>) {
  const kv = await Deno.openKv(":memory:");
  const deps: Deps = {
    kv,
    config: testConfig({ allowPrivateFetch, publicUrl: "https://launch.example" }),
    search: new SearchIndex(),
    now: () => new Date(),
  };
  try {
    await run(deps);
  } finally {
    kv.close();
  }
}
