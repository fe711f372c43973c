import type { Config } from "./config.ts";
import type { SearchIndex } from "../directory/search/index.ts";

/** What every service and handler needs: storage, configuration, the search index and a clock. */
export interface Deps {
  kv: Deno.Kv;
  config: Config;
  search: SearchIndex;
  /** The current time; tests pass a fixed clock. */
  now: () => Date;
}
