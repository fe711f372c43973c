/**
 * Route groups loaded on their first request instead of at start: the site team's console, the
 * founders' pages and MCP are large module graphs that no first answer needs. The group's module
 * is imported once (services/platform/lazy.ts `loadOnce`) and its Hono app is built once; then
 * each request under the group's paths is handed to it with the request's context variables (the
 * session) and `env` (the connection's address). Errors are thrown on to the app's `onError`, and
 * `c.notFound()` answers the app's not-found page; a path the group has no route for goes on to
 * the routes mounted after it, with the headers the group's middleware added (as `app.route`
 * would).
 */
import type { Context, Env, Hono, MiddlewareHandler } from "hono";
import { Hono as HonoApp } from "hono";
import { loadOnce } from "../services/platform/lazy.ts";
import type { Deps } from "../services/platform/mod.ts";

/** What a lazily loaded group's request hands over: the outer context and whether it matched. */
interface Handover {
  outer: Context;
  unmatched: boolean;
}

/** Wraps the group: the outer context's variables in, errors and misses out. */
function wrapGroup(group: Hono<Env>, handovers: WeakMap<Request, Handover>): Hono {
  const wrapper = new HonoApp<{ Variables: Record<string, unknown> }>();
  wrapper.use("*", async (c, next) => {
    const outer = handovers.get(c.req.raw)?.outer;
    for (const [name, value] of Object.entries(outer?.var ?? {})) c.set(name, value);
    await next();
  });
  wrapper.route("/", group);
  // Reached only when no route of the group answered.
  wrapper.all("*", (c) => {
    const handover = handovers.get(c.req.raw);
    if (handover) handover.unmatched = true;
    return c.body(null, 404);
  });
  wrapper.notFound((c) => handovers.get(c.req.raw)?.outer.notFound() ?? c.body(null, 404));
  wrapper.onError((err) => {
    throw err;
  });
  return wrapper as unknown as Hono;
}

/**
 * Middleware that loads the group (`load` imports its module) on the first request and answers
 * every request through it; mount it on the group's paths (a request matching several of them
 * is handed to the group once).
 */
export function lazyRoutes<E extends Env>(
  deps: Deps,
  load: () => Promise<(deps: Deps) => Hono<E>>,
): MiddlewareHandler {
  const handovers = new WeakMap<Request, Handover>();
  const app = loadOnce(async () =>
    wrapGroup((await load())(deps) as unknown as Hono<Env>, handovers)
  );
  const tried = new WeakSet<Request>();
  return async (c, next) => {
    if (tried.has(c.req.raw)) return await next();
    tried.add(c.req.raw);
    const group = await app();
    const handover: Handover = { outer: c, unmatched: false };
    handovers.set(c.req.raw, handover);
    let res: Response;
    try {
      res = await group.fetch(c.req.raw, c.env);
    } finally {
      handovers.delete(c.req.raw);
    }
    if (!handover.unmatched) return res;
    await next();
    for (const [name, value] of res.headers) c.header(name, value);
  };
}
