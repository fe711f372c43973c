import type { Config } from "./config.ts";
import type { SearchIndex } from "../directory/search/index.ts";

/** What every service and handler needs: storage, configuration, the search index and a clock. */
export interface Deps {
  kv: Deno.Kv;
  config: Config;
  search: SearchIndex;
  /** The current time; tests pass a fixed clock. */
  now: () => Date;
  /** Name resolution of outbound fetches (default `Deno.resolveDns`); tests pass their own. */
  resolveDns?: (host: string, type: "A" | "AAAA", signal: AbortSignal) => Promise<string[]>;
  /** PEM certificates that outbound https fetches trust besides the default roots (tests). */
  fetchCaCerts?: string[];
}
