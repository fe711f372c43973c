/**
 * `GET /mcp` from a web browser: a short page about the MCP server (what it is, its address, how
 * to connect a client, sign-in with OAuth) instead of the JSON-RPC refusal a browser would get.
 * Only a GET that asks for HTML and carries no `Mcp-Session-Id` is answered here; an MCP client's
 * GET (`Accept: text/event-stream`) and every POST go to the server as before.
 */
import type { Context, MiddlewareHandler } from "hono";
import { type Deps, getSettings } from "../services/platform/mod.ts";
import { mcpResource, SCOPE_DESCRIPTIONS } from "../services/access/mod.ts";
import { MCP_PROTOCOL_VERSIONS } from "../services/directory/mod.ts";
import { OPERATIONS } from "./api/v1/mod.ts";
import { headerAccountOf, renderDocument } from "./pages/_page.tsx";
import { session } from "./session.ts";

/** Whether a request is a browser's visit rather than an MCP client's. */
export function wantsMcpPage(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.has("mcp-session-id")) return false;
  const accept = (req.headers.get("accept") ?? "").toLowerCase();
  return accept.includes("text/html") && !accept.includes("text/event-stream");
}

/**
 * The handler that answers a browser's GET of /mcp with the page (reading the session, which
 * /mcp otherwise does without, for the header) and passes everything else on to the server.
 */
export function mcpBrowserPage(deps: Deps): MiddlewareHandler {
  const readSession = session({ deps });
  return async function mcpBrowserPage(c, next) {
    if (!wantsMcpPage(c.req.raw)) return await next();
    await readSession(c, () => Promise.resolve());
    return await mcpPage(deps, c);
  };
}

/** The page as an HTML response (never cached by a shared cache: the header shows the person). */
export async function mcpPage(deps: Deps, c: Context): Promise<Response> {
  const { name } = await getSettings(deps.kv);
  const html = renderDocument(
    name,
    {
      title: `MCP server · ${name}`,
      description: `Connect an AI assistant to ${name} through its Model Context Protocol server.`,
      canonicalUrl: `${deps.config.publicUrl}/mcp`,
      section: "api",
    },
    <McpPage siteName={name} publicUrl={deps.config.publicUrl} />,
    headerAccountOf(c),
  );
  c.header("Cache-Control", "private, no-cache");
  c.header("Vary", "Accept, Cookie");
  c.header("X-Frame-Options", "DENY");
  return c.html(html);
}

/** The page body. */
export function McpPage({ siteName, publicUrl }: { siteName: string; publicUrl: string }) {
  const endpoint = `${publicUrl}/mcp`;
  const publicTools = OPERATIONS.filter((op) => op.access === "public").length;
  const config = { mcpServers: { "launch-directory": { type: "http", url: endpoint } } };
  return (
    <article class="mcp-page">
      <header class="page-header">
        <p class="eyebrow">For AI assistants</p>
        <h1>{siteName}'s MCP server</h1>
        <p class="lead">
          This address is a Model Context Protocol server: AI assistants and agents connect to it to
          search the directory, read listings and boards, and (signed in) submit and manage your own
          listings. It speaks JSON-RPC, so there is nothing more to see here in a browser.
        </p>
      </header>
      <div class="rules card">
        <h2 id="endpoint">Endpoint</h2>
        <p>
          <code>{endpoint}</code> (Streamable HTTP). Protocol versions:{" "}
          {MCP_PROTOCOL_VERSIONS.join(", ")}.
        </p>
        <h2 id="connect">Connect a client</h2>
        <p>
          Add the server to your client's configuration (Claude Desktop, Claude Code, VS Code,
          Cursor and others accept this shape), or paste the endpoint where the client asks for a
          remote MCP server's URL:
        </p>
        <pre class="code-block"><code>{JSON.stringify(config, null, 2)}</code></pre>
        <p>
          To try it by hand:{" "}
          <code>npx @modelcontextprotocol/inspector</code>, choose “Streamable HTTP” and enter the
          endpoint.
        </p>
        <h2 id="tools">Tools</h2>
        <p>
          {OPERATIONS.length} tools, one per operation of the{" "}
          <a href="/docs/api">REST API</a>, with the same names, inputs and answers. {publicTools}
          {" "}
          of them are public and need no sign-in.
        </p>
        <h2 id="oauth">Signing in (OAuth)</h2>
        <p>
          Tools that act for you need you signed in. Called without credentials, such a tool answers
          HTTP 401 with a <code>WWW-Authenticate</code>{" "}
          header that points the client to the resource metadata at{" "}
          <code>{mcpResource(publicUrl).metadataUrl}</code>; the client then opens this site's OAuth
          2.1 sign-in and consent page, where you choose what it may do:
        </p>
        <ul>
          {Object.entries(SCOPE_DESCRIPTIONS).map(([scope, text]) => (
            <li key={scope}>
              <code>{scope}</code>: {text}
            </li>
          ))}
        </ul>
        <p>
          An API key from <a href="/account">your account</a> works too, as{" "}
          <code>Authorization: Bearer …</code>. The <a href="/docs/api#mcp">API documentation</a>
          {" "}
          has the details.
        </p>
      </div>
    </article>
  );
}
