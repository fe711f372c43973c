/**
 * Holds every API answer seen in the tests to the OpenAPI document: an app wrapped with
 * `checkDeclaredStatuses` throws when an operation answers a status its OpenAPI responses do not
 * declare, so every test that drives the API (in any file, under `--parallel` too) checks the
 * contract. Server faults (5xx other than 501) are not part of it and are let through.
 */
import type { Hono } from "hono";
import { OPERATIONS } from "../routes/api/v1/mod.ts";
import { buildOpenApi } from "../routes/api/v1/openapi.ts";
import { toHonoPath } from "../routes/api/v1/rest.ts";

const DOCUMENT = buildOpenApi("http://localhost:8000") as {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};

const ROUTES = OPERATIONS.map((op) => ({
  op,
  pattern: new RegExp(`^/api/v1${toHonoPath(op.path).replace(/:[a-z_]+/g, "[^/]+")}$`),
  declared: Object.keys(DOCUMENT.paths[op.path][op.method].responses).map(Number),
}));

/** The operation a request is for, by method and path; undefined for any other URL. */
export function operationOf(method: string, url: string) {
  const path = new URL(url, "http://localhost").pathname;
  return ROUTES.find((r) => r.op.method === method.toLowerCase() && r.pattern.test(path));
}

/** Throws when `res` is a status the request's operation does not declare. */
export function assertDeclared(req: Request, res: Response): void {
  if (res.status >= 500 && res.status !== 501) return;
  const route = operationOf(req.method, req.url);
  if (!route || route.declared.includes(res.status)) return;
  throw new Error(
    `${route.op.operationId} (${req.method} ${
      new URL(req.url).pathname
    }) answered ${res.status}, which its OpenAPI responses do not declare (${
      route.declared.join(", ")
    })`,
  );
}

/** Wraps the app's `fetch` (which `app.request` calls too) with `assertDeclared`. */
export function checkDeclaredStatuses<T extends Hono>(app: T): T {
  const fetch = app.fetch;
  app.fetch = async (request, ...rest) => {
    const res = await fetch(request, ...rest);
    assertDeclared(request, res);
    return res;
  };
  return app;
}
