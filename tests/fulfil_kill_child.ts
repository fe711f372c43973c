/**
 * Child process of the kill test (fulfilment_test.ts): opens the on-disk KV given as the first
 * argument and fulfils order `number` (second argument). With FULFIL_EXIT_AFTER_FIRST_LINE=1 it
 * exits abruptly (`Deno.exit(1)`) as soon as a later line starts, i.e. right after the first line's
 * commit: a test-only wrapper around the line fulfillers, not production code.
 */
import { NOW } from "./fixtures.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { LINE_FULFILLERS } from "../services/commerce/fulfil/mod.ts";
import { fulfilOrder } from "../services/commerce/mod.ts";
import { testConfig } from "../services/platform/config.ts";
import type { Deps } from "../services/platform/deps.ts";

const [path, number] = Deno.args;
if (Deno.env.get("FULFIL_EXIT_AFTER_FIRST_LINE") === "1") {
  for (const [code, fulfil] of Object.entries(LINE_FULFILLERS)) {
    LINE_FULFILLERS[code] = (ctx) => {
      if (ctx.index > 0) Deno.exit(1);
      return fulfil(ctx);
    };
  }
}
const kv = await Deno.openKv(path);
const deps: Deps = { kv, config: testConfig(), search: new SearchIndex(), now: () => NOW };
await fulfilOrder(deps, number);
kv.close();
