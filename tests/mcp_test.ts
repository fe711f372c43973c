/**
 * The MCP server at /mcp, driven by the official SDK client over HTTP against the app served on
 * 127.0.0.1 (its public URL is its own origin): protocol eras, the tools, access as on REST, the
 * OAuth flow through our sign-in and consent pages, and REST/MCP parity.
 */
import assert from "node:assert/strict";
import {
  auth,
  type CallToolResult,
  Client,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { buildFixture, type Fixture } from "./fixtures.ts";
import type { Config } from "../services/platform/config.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { OPERATIONS } from "../routes/api/v1/mod.ts";
import { AGENT_NOTE_META, CHECKOUT_NOTE, REPLAYED_META, toolResult } from "../routes/mcp.ts";
import { startSession } from "../routes/session.ts";
import { MCP_POST_HEADERS, readRpcAnswer } from "./mcp_rpc.ts";

const LEGACY_VERSIONS = ["2025-03-26", "2025-06-18", "2025-11-25"];
const MODERN_VERSION = "2026-07-28";
const REDIRECT = "http://127.0.0.1:9876/callback";
const NO_LIMIT = { perMinute: 1_000_000, anonymousPerMinute: 1_000_000, trustProxy: false };

interface Harness {
  f: Fixture;
  origin: string;
  mcpUrl: URL;
  /** Signs a person in through the test-only route; answers the Cookie header value. */
  login(email: string): Promise<string>;
}

/** Serves the fixture app on 127.0.0.1 with its own origin as the public URL. */
async function withServer(run: (h: Harness) => Promise<void>, config: Partial<Config> = {}) {
  let handler: Deno.ServeHandler = () => new Response(null, { status: 503 });
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (req, info) => handler(req, info),
  );
  const origin = `http://127.0.0.1:${server.addr.port}`;
  const f = await buildFixture({ publicUrl: origin, rateLimit: NO_LIMIT, ...config });
  // Test only: sign-in without mail. Production code has no such route.
  f.app.get("/test-login", async (c) => {
    const user = await getOrCreateUser(f.deps.kv, c.req.query("email")!, "Tester", f.deps.now());
    await startSession(f.deps, c, user.id);
    return c.text(user.id);
  });
  handler = (req, info) => f.app.fetch(req, info);
  try {
    await run({
      f,
      origin,
      mcpUrl: new URL(`${origin}/mcp`),
      async login(email) {
        const res = await fetch(`${origin}/test-login?email=${encodeURIComponent(email)}`);
        await res.body?.cancel();
        const cookie = res.headers.getSetCookie().find((c) => c.startsWith("ld_session="));
        assert.ok(cookie, "session cookie set");
        return cookie.split(";")[0];
      },
    });
  } finally {
    await server.shutdown();
    f.deps.kv.close();
  }
}

type Negotiation = "legacy" | "auto" | { pin: string };

/** A connected SDK client, with an API key or an OAuth provider when given. */
async function connect(
  h: Harness,
  options: {
    negotiation?: Negotiation;
    versions?: string[];
    apiKey?: string;
    authProvider?: OAuthClientProvider;
  } = {},
) {
  const client = new Client(
    { name: "launch-directory-tests", version: "1.0.0" },
    {
      versionNegotiation: { mode: options.negotiation ?? "auto" },
      ...(options.versions ? { supportedProtocolVersions: options.versions } : {}),
    },
  );
  const transport = new StreamableHTTPClientTransport(h.mcpUrl, {
    ...(options.apiKey
      ? { requestInit: { headers: { authorization: `Bearer ${options.apiKey}` } } }
      : {}),
    ...(options.authProvider ? { authProvider: options.authProvider } : {}),
  });
  await client.connect(transport);
  return { client, transport };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return await client.callTool({ name, arguments: args }) as CallToolResult;
}

/** The REST answer for a path, parsed. */
async function rest(h: Harness, path: string, key?: string) {
  const res = await fetch(`${h.origin}/api/v1${path}`, {
    headers: key ? { authorization: `Bearer ${key}` } : {},
  });
  return { status: res.status, body: await res.json() };
}

/** A raw JSON-RPC POST to /mcp (2025 era, no initialize needed: the server is stateless). */
async function rpc(
  h: Harness,
  message: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const res = await fetch(h.mcpUrl, {
    method: "POST",
    headers: { ...MCP_POST_HEADERS, ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", ...message }),
  });
  return { res, body: await readRpcAnswer(res) };
}

const toolCall = (name: string, args: Record<string, unknown> = {}, id = 1) => ({
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

function unescapeHtml(text: string): string {
  return text.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

/** Opens the consent page as a signed-in person, posts Allow, answers the callback parameters. */
async function allowOnConsentPage(h: Harness, cookie: string, url: URL) {
  const page = await fetch(url, { headers: { cookie }, redirect: "manual" });
  assert.equal(page.status, 200, `consent page: ${page.status} ${page.headers.get("location")}`);
  const html = await page.text();
  const form = /<form method="post" action="\/oauth\/authorize"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  assert.ok(form, "consent form present");
  const fields = new URLSearchParams();
  for (const m of form[1].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields.append(m[1], unescapeHtml(m[2]));
  }
  fields.set("decision", "allow");
  const res = await fetch(`${h.origin}/oauth/authorize`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: h.origin },
    body: fields,
    redirect: "manual",
  });
  await res.body?.cancel();
  assert.equal(res.status, 303);
  const callback = new URL(res.headers.get("location")!);
  assert.equal(`${callback.origin}${callback.pathname}`, REDIRECT);
  assert.ok(callback.searchParams.get("code"), "authorization code in the callback");
  return { html, params: callback.searchParams };
}

/**
 * The SDK's OAuth client provider, in memory. It registers dynamically and "redirects" the person
 * by driving our consent page with a session cookie, keeping the callback parameters.
 */
class TestOAuthProvider implements OAuthClientProvider {
  #client?: StoredOAuthClientInformation;
  #tokens?: StoredOAuthTokens;
  #verifier = "";
  #discovery?: OAuthDiscoveryState;
  /** The authorization URLs the person was sent to, in order. */
  authorizations: URL[] = [];
  consentPages: string[] = [];
  callback?: URLSearchParams;

  constructor(
    private h: Harness,
    private cookie: string,
    /** Set to ask for a token for another resource than the MCP endpoint. */
    private resource?: string,
  ) {}
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "MCP test client",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.#client;
  }
  saveClientInformation(info: StoredOAuthClientInformation) {
    this.#client = info;
  }
  tokens() {
    return this.#tokens;
  }
  saveTokens(tokens: StoredOAuthTokens) {
    this.#tokens = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.#verifier = verifier;
  }
  codeVerifier() {
    return this.#verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.#discovery = state;
  }
  discoveryState() {
    return this.#discovery;
  }
  async redirectToAuthorization(url: URL) {
    this.authorizations.push(url);
    const { html, params } = await allowOnConsentPage(this.h, this.cookie, url);
    this.consentPages.push(html);
    this.callback = params;
  }
  validateResourceURL(): Promise<URL | undefined> {
    return Promise.resolve(new URL(this.resource ?? this.h.mcpUrl.href));
  }
}

Deno.test("legacy clients: initialize with 2025-03-26, 2025-06-18 and 2025-11-25", async () => {
  await withServer(async (h) => {
    for (const version of LEGACY_VERSIONS) {
      // On the wire: the initialize answer names the version the client asked for.
      const { res, body } = await rpc(h, {
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: version,
          capabilities: {},
          clientInfo: { name: "raw", version: "1" },
        },
      });
      assert.equal(res.status, 200, version);
      assert.equal(body.result.protocolVersion, version);
      assert.equal(body.result.serverInfo.name, "launch-directory");
      assert.deepEqual(Object.keys(body.result.capabilities).sort(), [
        "prompts",
        "resources",
        "tools",
      ]);

      // The SDK client pinned to that version: the session works end to end.
      const { client } = await connect(h, { negotiation: "legacy", versions: [version] });
      try {
        assert.equal(client.getNegotiatedProtocolVersion(), version);
        assert.match(client.getInstructions() ?? "", /Poll get_draft .* every few seconds/);
        const { tools } = await client.listTools();
        assert.equal(tools.length, 41);
        const site = await call(client, "get_site_info");
        assert.equal(site.isError, undefined);
        assert.equal((site.structuredContent as { name: string }).name, "Launch Directory");
      } finally {
        await client.close();
      }
    }
  });
});

Deno.test("modern clients: auto negotiation and a pinned 2026-07-28 session", async () => {
  await withServer(async (h) => {
    for (const negotiation of ["auto", { pin: MODERN_VERSION }] as Negotiation[]) {
      const { client } = await connect(h, { negotiation });
      try {
        assert.equal(client.getNegotiatedProtocolVersion(), MODERN_VERSION);
        assert.equal(client.getServerVersion()?.name, "launch-directory");
        assert.deepEqual(client.getServerCapabilities()?.prompts, { listChanged: false });
        const instructions = client.getInstructions() ?? "";
        assert.match(instructions, /submit_listing/);
        assert.match(instructions, /status is "ready"/);
        assert.match(instructions, /no voting/i);
        assert.match(instructions, /Never ask for card or other payment details/);
        const result = await call(client, "search_listings", { q: "invoice" });
        assert.ok(Array.isArray((result.structuredContent as { items: unknown[] }).items));
        assert.deepEqual((await client.listPrompts()).prompts, []);
        assert.deepEqual((await client.listResources()).resources, []);
      } finally {
        await client.close();
      }
    }
  });
});

Deno.test("tools/list: the 41 operations in table order, with schemas and annotations", async () => {
  await withServer(async (h) => {
    const { client } = await connect(h);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name), OPERATIONS.map((op) => op.operationId));
      assert.ok(!tools.some((t) => /vote/i.test(t.name)), "no voting tool");
      const tool = (name: string) => tools.find((t) => t.name === name)!;

      const getListing = tool("get_listing");
      assert.equal(getListing.title, "Get a listing's full profile");
      assert.match(getListing.description!, /Access: public/);
      assert.equal(getListing.annotations?.readOnlyHint, true);
      assert.equal(getListing.annotations?.openWorldHint, false);
      assert.deepEqual(getListing.inputSchema.required, ["slug"]);
      assert.equal(getListing.inputSchema.additionalProperties, false);
      assert.deepEqual(getListing.outputSchema, { type: "object", additionalProperties: true });

      // Path, query and body fields in one object, with the same bounds; idempotency_key too.
      const updateDraft = tool("update_draft");
      const props = updateDraft.inputSchema.properties as Record<string, Record<string, unknown>>;
      assert.ok(props.id && props.fields && props.faqs && props.idempotency_key);
      assert.equal(props.faqs.maxItems, 10);
      assert.deepEqual(props.idempotency_key.maxLength, 255);
      assert.match(updateDraft.description!, /needs sign-in with the "listings:write" scope/);
      assert.equal(updateDraft.annotations?.idempotentHint, true);
      assert.equal(updateDraft.annotations?.destructiveHint, false);

      const search = tool("search_listings").inputSchema.properties as Record<
        string,
        Record<string, unknown>
      >;
      assert.equal(search.per_page.maximum, 100);
      assert.equal(search.q.maxLength, 200);
      assert.equal(search.idempotency_key, undefined);

      assert.equal(tool("delete_milestone").annotations?.destructiveHint, true);
      assert.equal(tool("submit_listing").annotations?.openWorldHint, true);
      assert.equal(tool("submit_listing").annotations?.readOnlyHint, false);
      assert.equal(tool("quote_order").annotations?.readOnlyHint, true);
      assert.match(tool("create_checkout").description!, /never ask the person for card/i);
      assert.match(tool("list_my_orders").description!, /per_page 1 to 100/);
    } finally {
      await client.close();
    }
  });
});

Deno.test("public tools work anonymously and give the REST JSON", async () => {
  await withServer(async (h) => {
    const { client } = await connect(h);
    try {
      const site = await call(client, "get_site_info");
      assert.deepEqual(site.structuredContent, (await rest(h, "/site")).body);
      assert.deepEqual(
        JSON.parse((site.content[0] as { text: string }).text),
        site.structuredContent,
      );

      const search = await call(client, "search_listings", { q: "invoice", per_page: 5 });
      assert.deepEqual(
        search.structuredContent,
        (await rest(h, "/listings?q=invoice&per_page=5")).body,
      );
      // Defaults are applied as on REST.
      const browse = await call(client, "search_listings", {});
      assert.deepEqual(browse.structuredContent, (await rest(h, "/listings")).body);

      const listing = await call(client, "get_listing", { slug: "invoicely" });
      assert.deepEqual(listing.structuredContent, (await rest(h, "/listings/invoicely")).body);
    } finally {
      await client.close();
    }
  });
});

Deno.test("signed-in tools with an API key give the REST JSON", async () => {
  await withServer(async (h) => {
    const { client } = await connect(h, { apiKey: h.f.keys.owner });
    try {
      const account = await call(client, "get_account");
      assert.equal(account.isError, undefined);
      const restAccount = await rest(h, "/me", h.f.keys.owner);
      assert.equal(restAccount.status, 200);
      assert.deepEqual(account.structuredContent, restAccount.body);
      assert.equal((account.structuredContent as { email: string }).email, "ada@invoicely.example");

      const mine = await call(client, "list_my_listings");
      assert.deepEqual(
        mine.structuredContent,
        (await rest(h, "/me/listings", h.f.keys.owner)).body,
      );
      // Public tools accept the key too.
      const listing = await call(client, "get_listing", { slug: "invoicely" });
      assert.deepEqual(listing.structuredContent, (await rest(h, "/listings/invoicely")).body);
    } finally {
      await client.close();
    }
  });
});

Deno.test("errors: invalid arguments and domain errors are tool results in the shared body", async () => {
  await withServer(async (h) => {
    const { client } = await connect(h);
    try {
      const invalid = await call(client, "search_listings", { per_page: 1000, colour: "red" });
      assert.equal(invalid.isError, true);
      const body = invalid.structuredContent as {
        error: { code: string; details: { path: string; message: string }[] };
      };
      assert.equal(body.error.code, "invalid_request");
      assert.deepEqual(body.error.details.map((d) => d.path).sort(), ["colour", "per_page"]);
      assert.deepEqual(JSON.parse((invalid.content[0] as { text: string }).text), body);

      const badSlug = await call(client, "get_listing", { slug: "Not A Slug" });
      assert.equal(badSlug.isError, true);
      assert.equal(
        (badSlug.structuredContent as typeof body).error.details[0].path,
        "slug",
      );
      const missing = await call(client, "get_listing", {});
      assert.equal((missing.structuredContent as typeof body).error.details[0].path, "slug");

      const unknown = await call(client, "get_listing", { slug: "no-such-listing" });
      assert.equal(unknown.isError, true);
      const restUnknown = await rest(h, "/listings/no-such-listing");
      assert.equal(restUnknown.status, 404);
      assert.deepEqual(unknown.structuredContent, restUnknown.body);
      assert.equal((unknown.structuredContent as typeof body).error.code, "not_found");

      // An unknown tool is a protocol error, not a crash.
      await assert.rejects(client.callTool({ name: "vote_for_listing", arguments: {} }));
    } finally {
      await client.close();
    }
  });
});

Deno.test("without credentials: HTTP 401 with the challenge; bad credentials: 401 anywhere", async () => {
  await withServer(async (h) => {
    const metadata = `${h.origin}/.well-known/oauth-protected-resource/mcp`;
    const { res, body } = await rpc(h, toolCall("get_account", {}, 7));
    assert.equal(res.status, 401);
    assert.equal(
      res.headers.get("www-authenticate"),
      `Bearer scope="account:read", resource_metadata="${metadata}"`,
    );
    assert.equal(body.jsonrpc, "2.0");
    assert.equal(body.id, 7);
    assert.equal(body.error.data.error.code, "unauthorized");

    // The same for the 2026-07-28 wire (headers and _meta), as the SDK client sends it.
    const modern = await rpc(h, {
      ...toolCall("list_my_orders"),
      params: {
        name: "list_my_orders",
        arguments: {},
        _meta: {
          "io.modelcontextprotocol/protocolVersion": MODERN_VERSION,
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    }, {
      "mcp-protocol-version": MODERN_VERSION,
      "mcp-method": "tools/call",
      "mcp-name": "list_my_orders",
    });
    assert.equal(modern.res.status, 401);
    assert.match(modern.res.headers.get("www-authenticate")!, /resource_metadata=/);

    // Public tools and discovery need nothing.
    const site = await rpc(h, toolCall("get_site_info"));
    assert.equal(site.res.status, 200);
    assert.equal(site.body.result.isError, undefined);

    // A credential that is present but invalid is refused on every request, as on REST.
    for (const message of [toolCall("get_site_info"), { id: 2, method: "tools/list" }]) {
      const bad = await rpc(h, message, { authorization: "Bearer ld_not-a-key" });
      assert.equal(bad.res.status, 401);
      assert.match(bad.res.headers.get("www-authenticate")!, /error="invalid_token"/);
      assert.match(bad.res.headers.get("www-authenticate")!, /resource_metadata=/);
    }
  });
});

Deno.test("insufficient scope: HTTP 403 naming the scope", async () => {
  await withServer(async (h) => {
    const listingId = h.f.listings.invoicely.id;
    const { res, body } = await rpc(
      h,
      toolCall("post_listing_update", { listing_id: listingId, title: "t", body: "b" }),
      { authorization: `Bearer ${h.f.keys.ownerReadOnly}` },
    );
    assert.equal(res.status, 403);
    const challenge = res.headers.get("www-authenticate")!;
    assert.match(challenge, /error="insufficient_scope"/);
    assert.match(challenge, /scope="listings:write"/);
    assert.match(
      challenge,
      /resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/mcp"/,
    );
    assert.equal(body.error.data.error.code, "insufficient_scope");
    // The same key may read.
    const ok = await rpc(h, toolCall("get_account"), {
      authorization: `Bearer ${h.f.keys.ownerReadOnly}`,
    });
    assert.equal(ok.res.status, 200);
  });
});

Deno.test("OAuth: the SDK client signs in through our pages, then steps up for a scope", async () => {
  await withServer(async (h) => {
    const cookie = await h.login("ada@invoicely.example");
    const provider = new TestOAuthProvider(h, cookie);
    const { client, transport } = await connect(h, { authProvider: provider });
    try {
      // Public tools need no sign-in: no authorization yet.
      assert.equal((await call(client, "get_site_info")).isError, undefined);
      assert.equal(provider.authorizations.length, 0);

      // A signed-in tool: 401, the client discovers the server and sends the person to sign in.
      await assert.rejects(call(client, "get_account"), UnauthorizedError);
      assert.equal(provider.authorizations.length, 1);
      const authorizeUrl = provider.authorizations[0];
      assert.equal(authorizeUrl.origin, h.origin);
      assert.equal(authorizeUrl.searchParams.get("resource"), h.mcpUrl.href);
      assert.equal(authorizeUrl.searchParams.get("scope"), "account:read");
      assert.match(provider.consentPages[0], /MCP test client/);
      await transport.finishAuth(provider.callback!);

      const account = await call(client, "get_account");
      assert.equal(account.isError, undefined);
      const who = account.structuredContent as {
        email: string;
        signed_in_with: { type: string; client_name: string };
        scopes: { scope: string }[];
      };
      assert.equal(who.email, "ada@invoicely.example");
      assert.equal(who.signed_in_with.type, "oauth");
      assert.equal(who.signed_in_with.client_name, "MCP test client");
      assert.deepEqual(who.scopes.map((s) => s.scope), ["account:read"]);
      const token = (await provider.tokens())!.access_token;

      // The token lacks listings:write: 403 on the wire ...
      const listingId = h.f.listings.invoicely.id;
      const args = { listing_id: listingId, title: "Step-up", body: "Granted later" };
      const raw = await rpc(h, toolCall("post_listing_update", args), {
        authorization: `Bearer ${token}`,
      });
      assert.equal(raw.res.status, 403);
      assert.match(raw.res.headers.get("www-authenticate")!, /error="insufficient_scope"/);

      // ... and the SDK client steps up: it sends the person to consent to the union of scopes,
      // and the new token carries both.
      await assert.rejects(call(client, "post_listing_update", args), UnauthorizedError);
      assert.equal(provider.authorizations.length, 2);
      assert.deepEqual(
        provider.authorizations[1].searchParams.get("scope")!.split(" ").sort(),
        ["account:read", "listings:write"],
      );
      await transport.finishAuth(provider.callback!);
      const posted = await call(client, "post_listing_update", args);
      assert.equal(posted.isError, undefined, JSON.stringify(posted.structuredContent));
      assert.equal((posted.structuredContent as { title: string }).title, "Step-up");
    } finally {
      await client.close();
    }
  });
});

Deno.test("OAuth: a token issued for the REST API is refused on /mcp", async () => {
  await withServer(async (h) => {
    const cookie = await h.login("ada@invoicely.example");
    const restResource = `${h.origin}/api/v1`;
    const provider = new TestOAuthProvider(h, cookie, restResource);
    const options = {
      serverUrl: restResource,
      resourceMetadataUrl: new URL(`${h.origin}/.well-known/oauth-protected-resource/api/v1`),
      scope: "account:read",
    };
    assert.equal(await auth(provider, options), "REDIRECT");
    assert.equal(provider.authorizations[0].searchParams.get("resource"), restResource);
    assert.equal(
      await auth(provider, {
        ...options,
        authorizationCode: provider.callback!.get("code")!,
        iss: provider.callback!.get("iss")!,
      }),
      "AUTHORIZED",
    );
    const token = (await provider.tokens())!.access_token;

    const onRest = await rest(h, "/me", token);
    assert.equal(onRest.status, 200);
    const onMcp = await rpc(h, toolCall("get_account"), { authorization: `Bearer ${token}` });
    assert.equal(onMcp.res.status, 401);
    assert.match(onMcp.res.headers.get("www-authenticate")!, /error="invalid_token"/);
    // Refused even for a public tool: the credential is invalid here.
    const publicCall = await rpc(h, toolCall("get_site_info"), {
      authorization: `Bearer ${token}`,
    });
    assert.equal(publicCall.res.status, 401);
  });
});

Deno.test("idempotency_key on post_listing_update replays the first result", async () => {
  await withServer(async (h) => {
    const { client } = await connect(h, { apiKey: h.f.keys.owner });
    try {
      const listingId = h.f.listings.invoicely.id;
      const args = { listing_id: listingId, title: "v3", body: "Exports", idempotency_key: "k-1" };
      const first = await call(client, "post_listing_update", args);
      assert.equal(first.isError, undefined, JSON.stringify(first.structuredContent));
      assert.equal(first._meta?.[REPLAYED_META], undefined);
      const second = await call(client, "post_listing_update", args);
      assert.deepEqual(second.structuredContent, first.structuredContent);
      assert.equal(second._meta?.[REPLAYED_META], true);

      // Posted once: the listing shows one "v3" update.
      const listing = await rest(h, "/listings/invoicely");
      const titles = JSON.stringify(listing.body).match(/"title":"v3"/g) ?? [];
      assert.equal(titles.length, 1);

      // The same key with other arguments, and a malformed key, are errors naming the problem.
      const reused = await call(client, "post_listing_update", { ...args, body: "Other" });
      assert.equal(reused.isError, true);
      assert.equal(
        (reused.structuredContent as { error: { code: string } }).error.code,
        "idempotency_key_reused",
      );
      const empty = await call(client, "post_listing_update", { ...args, idempotency_key: "" });
      assert.equal(empty.isError, true);
      assert.equal(
        (empty.structuredContent as { error: { details: { path: string }[] } }).error.details[0]
          .path,
        "idempotency_key",
      );
      // Tools without Idempotency-Key do not take the argument.
      const notTaken = await call(client, "get_account", { idempotency_key: "k-2" });
      assert.equal(notTaken.isError, true);
    } finally {
      await client.close();
    }
  });
});

Deno.test("idempotency_key: a replayed error is the same error result", async () => {
  await withServer(async (h) => {
    // The stranger does not own invoicely: the first call fails with a 404, stored under the key.
    const { client } = await connect(h, { apiKey: h.f.keys.stranger });
    try {
      const args = {
        listing_id: h.f.listings.invoicely.id,
        title: "v3",
        body: "Exports",
        idempotency_key: "k-err",
      };
      const first = await call(client, "post_listing_update", args);
      assert.equal(first.isError, true, JSON.stringify(first));
      assert.equal(
        (first.structuredContent as { error: { code: string } }).error.code,
        "not_found",
      );
      const second = await call(client, "post_listing_update", args);
      assert.equal(second.isError, true, JSON.stringify(second));
      assert.deepEqual(second.content, first.content);
      assert.deepEqual(second.structuredContent, first.structuredContent);
      assert.equal(second._meta?.[REPLAYED_META], true);
    } finally {
      await client.close();
    }
  });
});

Deno.test("Host and Origin must be the service's own", async () => {
  const f = await buildFixture({ rateLimit: NO_LIMIT });
  try {
    const post = (headers: Record<string, string>) =>
      f.app.request("http://localhost:8000/mcp", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    const cases: [Record<string, string>, number][] = [
      [{ host: "localhost:8000" }, 200],
      [{ host: "127.0.0.1:8000", origin: "http://localhost:8000" }, 200],
      [{ host: "evil.example" }, 403],
      [{ host: "localhost:8000", origin: "https://evil.example" }, 403],
    ];
    for (const [headers, status] of cases) {
      const res = await post(headers);
      await res.body?.cancel();
      assert.equal(res.status, status, JSON.stringify(headers));
    }
    // A public URL elsewhere does not let loopback names in.
    const remote = await buildFixture({ publicUrl: "https://launch.example", rateLimit: NO_LIMIT });
    try {
      for (const [host, status] of [["launch.example", 200], ["localhost:8000", 403]] as const) {
        const res = await remote.app.request("https://launch.example/mcp", {
          method: "POST",
          headers: {
            host,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
        });
        await res.body?.cancel();
        assert.equal(res.status, status, host);
      }
    } finally {
      remote.deps.kv.close();
    }
  } finally {
    f.deps.kv.close();
  }
});

Deno.test("the rate limit applies to tool calls on /mcp", async () => {
  const f = await buildFixture({
    rateLimit: { perMinute: 100, anonymousPerMinute: 2, trustProxy: false },
  });
  try {
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await f.app.request("/mcp", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", ...toolCall("get_site_info", {}, i) }),
      });
      await res.body?.cancel();
      statuses.push(res.status);
      if (res.status === 429) assert.ok(res.headers.get("retry-after"));
    }
    assert.deepEqual(statuses, [200, 200, 429]);
  } finally {
    f.deps.kv.close();
  }
});

Deno.test("create_checkout results tell the agent to hand over the link", () => {
  const op = OPERATIONS.find((o) => o.operationId === "create_checkout")!;
  const body = { number: "LD-1", status: "pending", checkout_url: "http://localhost:8000/pay/x" };
  const result = toolResult(op, body);
  assert.deepEqual(result.structuredContent, body);
  assert.deepEqual(JSON.parse((result.content[0] as { text: string }).text), body);
  assert.match((result.content[1] as { text: string }).text, /http:\/\/localhost:8000\/pay\/x/);
  assert.match((result.content[1] as { text: string }).text, /Never ask the person for card/);
  assert.equal(result._meta?.[AGENT_NOTE_META], CHECKOUT_NOTE);
  // Other tools carry no note.
  const other = toolResult(OPERATIONS[0], { name: "x" });
  assert.equal(other.content.length, 1);
  assert.equal(other._meta, undefined);
});
