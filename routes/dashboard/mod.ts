/**
 * The founders' pages: submit a website, watch its draft being built, edit the draft with its
 * evidence, publish (free plan or paid launch), manage each listing and measure it. Every action
 * goes through the operation table (`_operation.ts`), so the pages do what the API does, with its
 * limits and messages. Every answer is `Cache-Control: no-store`; form posts are CSRF-checked.
 */
import { Hono } from "hono";
import type { Deps } from "../../services/platform/mod.ts";
import { noStore } from "../middleware.ts";
import type { SessionEnv } from "../session.ts";

/** The paths served here; all of them answer `Cache-Control: no-store`. */
export const DASHBOARD_PATHS = ["/submit", "/dashboard", "/dashboard/*"];

/** Each module's routes, mounted in this order. */
const ROUTE_GROUPS: ((deps: Deps) => Hono<SessionEnv>)[] = [
  // route groups: one line each
];

/** The founders' pages; the app mounts them with `app.route("/", dashboardRoutes(deps))`. */
export function dashboardRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  for (const path of DASHBOARD_PATHS) app.use(path, noStore());
  for (const routes of ROUTE_GROUPS) app.route("/", routes(deps));
  return app;
}
