/**
 * `/.well-known/*`: the authorization server's metadata (RFC 8414, also answered as OpenID
 * discovery) and the protected resource metadata (RFC 9728) of the MCP server and the REST API.
 */
import { type Context, Hono } from "hono";
import {
  authorizationServerMetadata,
  protectedResourceMetadata,
} from "../../services/access/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";

/** The metadata documents. */
export function metadataRoutes(deps: Deps): Hono {
  const app = new Hono();
  const publicUrl = deps.config.publicUrl;
  const asMetadata = authorizationServerMetadata(publicUrl);
  app.get("/.well-known/oauth-authorization-server", (c) => metadata(c, asMetadata));
  // MCP clients also try OpenID discovery; the same document answers it.
  app.get("/.well-known/openid-configuration", (c) => metadata(c, asMetadata));
  const mcp = protectedResourceMetadata(publicUrl, "mcp");
  app.get("/.well-known/oauth-protected-resource", (c) => metadata(c, mcp));
  app.get("/.well-known/oauth-protected-resource/mcp", (c) => metadata(c, mcp));
  const rest = protectedResourceMetadata(publicUrl, "rest");
  app.get("/.well-known/oauth-protected-resource/api/v1", (c) => metadata(c, rest));
  return app;
}

function metadata(c: Context, document: Record<string, unknown>): Response {
  return c.json(document, 200, { "Cache-Control": "public, max-age=300" });
}
