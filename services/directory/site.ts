/** get_site_info. */
import { statusCountKey } from "../../kv/keys.ts";
import { listCategoryRecords } from "../../kv/categories.ts";
import type { Deps } from "../platform/deps.ts";
import { getSettings } from "../platform/settings.ts";
import { readCounter } from "../../kv/boards.ts";
import { publishingRoutes } from "../platform/publishing_routes.ts";

/** The version of the REST API and of its OpenAPI document. */
export const API_VERSION = "1.0.0";

/** MCP protocol versions served at /mcp. */
export const MCP_PROTOCOL_VERSIONS = ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"];

/**
 * What the service is, where things are, and how big the directory is. `implemented` holds the ids
 * of the operations that are implemented: the publishing texts name only those.
 */
export async function getSiteInfo(deps: Deps, implemented: ReadonlySet<string>) {
  const base = deps.config.publicUrl;
  const [settings, live, scheduled, categories] = await Promise.all([
    getSettings(deps.kv),
    readCounter(deps.kv, statusCountKey("live")),
    readCounter(deps.kv, statusCountKey("scheduled")),
    listCategoryRecords(deps.kv),
  ]);
  return {
    name: settings.name,
    tagline: settings.tagline,
    purpose: settings.purpose,
    urls: {
      home: `${base}/`,
      launches: `${base}/launches/this`,
      categories: `${base}/categories`,
      blog: `${base}/blog`,
      api_base: `${base}/api/v1`,
      api_docs: `${base}/docs/api`,
      openapi: `${base}/api/v1/openapi.json`,
      mcp: `${base}/mcp`,
    },
    counts: {
      live_listings: live,
      upcoming_listings: scheduled,
      categories: categories.length,
      top_level_categories: categories.filter((c) => c.parent === null).length,
    },
    publishing: publishingRoutes(settings, implemented),
    rankings:
      "Community votes (weekly and all time) come only from people on the site; awards follow community votes only. The billboard is a separate PAID ranking by money contributed and is always shown as paid. Domain Rating and revenue boards are separate too.",
    voting: "There is no voting through the API or MCP.",
    api_version: API_VERSION,
    mcp_protocol_versions: MCP_PROTOCOL_VERSIONS,
  };
}
