/**
 * The OAuth 2.1 authorization server, driven over HTTP by a real OAuth client library
 * (oauth4webapi) against the app served on 127.0.0.1, whose public URL is its own origin.
 */
import assert from "node:assert/strict";
import * as oauth from "oauth4webapi";
import { createApp } from "../routes/app.ts";
import { checkDeclaredStatuses } from "./declared_statuses.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { testConfig } from "../services/platform/config.ts";
import type { Deps } from "../services/platform/deps.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { verifyAccessToken } from "../services/access/oauth/tokens.ts";
import { checkAuthorizationRequest } from "../services/access/oauth/authorize.ts";
import { oauthRoutes } from "../routes/oauth/mod.ts";
import { startSession } from "../routes/session.ts";

const insecure = { [oauth.allowInsecureRequests]: true } as const;

interface Harness {
  deps: Deps;
  origin: string;
  as: oauth.AuthorizationServer;
  /** The client metadata document server (another origin on 127.0.0.1). */
  cimd: { clientId: string; redirectUri: string; fetches: () => number };
  advance(ms: number): void;
  /** Signs a person in; answers the Cookie header value. */
  login(email: string): Promise<string>;
}

/** Serves the app (plus a test-only sign-in route) and a client metadata document. */
async function withHarness(run: (h: Harness) => Promise<void>) {
  const kv = await Deno.openKv(":memory:");
  let now = new Date();
  // The app needs the server's origin as its public URL: it is plugged in once built.
  let handler: Deno.ServeHandler = () => new Response(null, { status: 503 });
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (req, info) => handler(req, info),
  );
  const origin = `http://127.0.0.1:${server.addr.port}`;
  const deps: Deps = {
    kv,
    config: testConfig({ publicUrl: origin, allowPrivateFetch: true }),
    search: new SearchIndex(),
    now: () => now,
  };
  const app = checkDeclaredStatuses(createApp(deps));
  if (!app.routes.some((r) => r.path === "/oauth/token")) app.route("/", oauthRoutes(deps));
  // Test only: sign-in without mail. Production code has no such route.
  app.get("/test-login", async (c) => {
    const user = await getOrCreateUser(kv, c.req.query("email")!, "Tester", now);
    await startSession(deps, c, user.id);
    return c.text(user.id);
  });
  handler = (req, info) => app.fetch(req, info);

  let fetches = 0;
  const cimdServer = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const url = new URL(req.url);
    const doc = {
      client_id: `${url.origin}/client.json`,
      client_name: "Doc Client",
      redirect_uris: [`${url.origin}/callback`],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
    switch (url.pathname) {
      case "/client.json":
        fetches++;
        return Response.json(doc, { headers: { "cache-control": "max-age=600" } });
      case "/other-id.json": // names another URL as its client_id
        return Response.json(doc);
      case "/secret.json":
        return Response.json({ ...doc, client_id: url.href, client_secret: "s3cret" });
      case "/bad-redirect.json":
        return Response.json({
          ...doc,
          client_id: url.href,
          redirect_uris: ["http://evil.example/"],
        });
      case "/moved.json":
        return new Response(null, { status: 302, headers: { location: "/client.json" } });
    }
    return new Response("no", { status: 404 });
  });
  const cimdOrigin = `http://127.0.0.1:${cimdServer.addr.port}`;

  try {
    const issuer = new URL(origin);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
    );
    await run({
      deps,
      origin,
      as,
      cimd: {
        clientId: `${cimdOrigin}/client.json`,
        redirectUri: `${cimdOrigin}/callback`,
        fetches: () => fetches,
      },
      advance(ms) {
        now = new Date(now.getTime() + ms);
      },
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
    await cimdServer.shutdown();
    kv.close();
  }
}

const REDIRECT = "http://127.0.0.1:9876/callback";

async function register(h: Harness, metadata: Record<string, unknown> = {}) {
  const res = await oauth.dynamicClientRegistrationRequest(h.as, {
    redirect_uris: [REDIRECT],
    token_endpoint_auth_method: "none",
    grant_types: ["authorization_code", "refresh_token"],
    client_name: "Test MCP Client",
    application_type: "native",
    ...metadata,
  }, insecure);
  return await oauth.processDynamicClientRegistrationResponse(res) as oauth.Client & {
    client_secret?: string;
  };
}

function unescapeHtml(text: string): string {
  return text.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

/** The hidden fields of the consent form. */
function consentFields(html: string): URLSearchParams {
  const form = /<form method="post" action="\/oauth\/authorize"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  assert.ok(form, "consent form present");
  const fields = new URLSearchParams();
  for (const m of form[1].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields.append(m[1], unescapeHtml(m[2]));
  }
  return fields;
}

interface Flow {
  clientId: string;
  redirectUri?: string;
  verifier?: string;
  params?: Record<string, string>;
}

function authorizeUrl(h: Harness, flow: Flow, challenge: string, state: string): URL {
  const url = new URL(h.as.authorization_endpoint!);
  const params: Record<string, string> = {
    client_id: flow.clientId,
    redirect_uri: flow.redirectUri ?? REDIRECT,
    response_type: "code",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state,
    resource: `${h.origin}/mcp`,
    ...flow.params,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url;
}

/** GET the consent page as a signed-in person. */
async function consentPage(url: URL, cookie: string): Promise<string> {
  const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
  assert.equal(res.status, 200, `consent page: ${res.status} ${res.headers.get("location")}`);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.equal(res.headers.get("x-frame-options"), "DENY");
  return await res.text();
}

/** Posts the consent form; answers where the browser is sent. */
async function decide(
  h: Harness,
  cookie: string,
  fields: URLSearchParams,
  decision: "allow" | "deny",
): Promise<URL> {
  const body = new URLSearchParams(fields);
  body.set("decision", decision);
  const res = await fetch(`${h.origin}/oauth/authorize`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: h.origin },
    body,
    redirect: "manual",
  });
  await res.body?.cancel();
  assert.equal(res.status, 303);
  return new URL(res.headers.get("location")!);
}

/** The whole front channel: consent, Allow, the validated callback parameters. */
async function authorizeCode(h: Harness, cookie: string, flow: Flow) {
  const verifier = flow.verifier ?? oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = authorizeUrl(h, flow, await oauth.calculatePKCECodeChallenge(verifier), state);
  const html = await consentPage(url, cookie);
  const callback = await decide(h, cookie, consentFields(html), "allow");
  const params = oauth.validateAuthResponse(h.as, { client_id: flow.clientId }, callback, state);
  return { params, verifier, html, callback };
}

async function exchange(
  h: Harness,
  client: oauth.Client,
  params: URLSearchParams,
  verifier: string,
  options: { redirectUri?: string; auth?: oauth.ClientAuth; resource?: string } = {},
) {
  const res = await oauth.authorizationCodeGrantRequest(
    h.as,
    client,
    options.auth ?? oauth.None(),
    params,
    options.redirectUri ?? REDIRECT,
    verifier,
    { additionalParameters: { resource: options.resource ?? `${h.origin}/mcp` }, ...insecure },
  );
  assert.equal(res.headers.get("cache-control"), "no-store");
  return await oauth.processAuthorizationCodeResponse(h.as, client, res);
}

async function refresh(h: Harness, client: oauth.Client, token: string) {
  const res = await oauth.refreshTokenGrantRequest(h.as, client, oauth.None(), token, insecure);
  return await oauth.processRefreshTokenResponse(h.as, client, res);
}

async function oauthFailure(promise: Promise<unknown>, error: string) {
  await assert.rejects(promise, (err: unknown) => {
    assert.ok(
      err instanceof oauth.ResponseBodyError || err instanceof oauth.AuthorizationResponseError,
      String(err),
    );
    assert.equal(err.error, error, err.error_description);
    return true;
  });
}

Deno.test("discovery from a 401: challenge, protected resource metadata, server metadata", async () => {
  await withHarness(async (h) => {
    // A client holding no valid token calls the API and reads the challenge of the 401.
    const challenges = await oauth.protectedResourceRequest(
      "lda_not-a-token",
      "GET",
      new URL(`${h.origin}/api/v1/me`),
      undefined,
      undefined,
      insecure,
    ).then(
      () => assert.fail("expected a 401 challenge"),
      (err) => {
        assert.ok(err instanceof oauth.WWWAuthenticateChallengeError, String(err));
        assert.equal(err.status, 401);
        return err.cause;
      },
    );
    const [challenge] = challenges;
    assert.equal(challenge.scheme, "bearer");
    const metadataUrl = challenge.parameters.resource_metadata!;
    assert.equal(metadataUrl, `${h.origin}/.well-known/oauth-protected-resource/api/v1`);
    assert.equal(challenge.parameters.error, "invalid_token");
    const resource = new URL(`${h.origin}/api/v1`);
    const rs = await oauth.processResourceDiscoveryResponse(
      resource,
      await fetch(metadataUrl),
    );
    const issuer = new URL(rs.authorization_servers![0]);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
    );
    assert.equal(as.issuer, h.origin);
    assert.deepEqual(as.code_challenge_methods_supported, ["S256"]);
    assert.equal(as.client_id_metadata_document_supported, true);
  });
});

Deno.test("metadata: protected resources, authorization server, CORS", async () => {
  await withHarness(async (h) => {
    for (const [path, resource] of [["mcp", "mcp"], ["api/v1", "api/v1"]]) {
      const url = new URL(`${h.origin}/${resource}`);
      const rs = await oauth.processResourceDiscoveryResponse(
        url,
        await oauth.resourceDiscoveryRequest(url, insecure),
      );
      assert.deepEqual(rs.authorization_servers, [h.origin], path);
      assert.deepEqual(rs.bearer_methods_supported, ["header"]);
      assert.deepEqual(rs.scopes_supported, ["account:read", "listings:write", "orders:write"]);
    }
    const root = await (await fetch(`${h.origin}/.well-known/oauth-protected-resource`)).json();
    assert.equal(root.resource, `${h.origin}/mcp`);

    assert.equal(h.as.issuer, h.origin);
    assert.equal(h.as.authorization_endpoint, `${h.origin}/oauth/authorize`);
    assert.equal(h.as.token_endpoint, `${h.origin}/oauth/token`);
    assert.equal(h.as.registration_endpoint, `${h.origin}/oauth/register`);
    assert.equal(h.as.revocation_endpoint, `${h.origin}/oauth/revoke`);
    assert.deepEqual(h.as.code_challenge_methods_supported, ["S256"]);
    assert.deepEqual(h.as.response_types_supported, ["code"]);
    assert.equal(h.as.authorization_response_iss_parameter_supported, true);
    assert.equal(h.as.client_id_metadata_document_supported, true);
    assert.deepEqual(h.as.token_endpoint_auth_methods_supported, [
      "none",
      "client_secret_post",
      "client_secret_basic",
    ]);

    const oidc = await fetch(`${h.origin}/.well-known/openid-configuration`, {
      headers: { origin: "https://other.example" },
    });
    assert.equal(oidc.headers.get("access-control-allow-origin"), "*");
    assert.equal((await oidc.json()).issuer, h.origin);
    const preflight = await fetch(`${h.origin}/oauth/token`, {
      method: "OPTIONS",
      headers: {
        origin: "https://other.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    await preflight.body?.cancel();
    assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
    assert.match(preflight.headers.get("access-control-allow-headers") ?? "", /Authorization/i);
  });
});

Deno.test("dynamic client registration validates metadata", async () => {
  await withHarness(async (h) => {
    const client = await register(h);
    assert.match(client.client_id, /^ldc_/);
    assert.deepEqual(client.redirect_uris, [REDIRECT]);
    assert.equal(client.token_endpoint_auth_method, "none");
    assert.equal(typeof client.client_id_issued_at, "number");
    assert.equal(client.client_secret, undefined);

    const confidential = await register(h, {
      token_endpoint_auth_method: "client_secret_basic",
      redirect_uris: ["https://app.example/cb"],
      application_type: "web",
    });
    assert.equal(typeof confidential.client_secret, "string");
    assert.equal(confidential.client_secret_expires_at, 0);

    const post = (body: unknown) =>
      fetch(`${h.origin}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const cases: [unknown, string][] = [
      [{ redirect_uris: ["http://app.example/cb"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["https://app.example/cb#frag"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["javascript:alert(1)"] }, "invalid_redirect_uri"],
      [{ redirect_uris: [] }, "invalid_redirect_uri"],
      [{}, "invalid_redirect_uri"],
      [
        { redirect_uris: [REDIRECT], grant_types: ["client_credentials"] },
        "invalid_client_metadata",
      ],
      [
        { redirect_uris: [REDIRECT], token_endpoint_auth_method: "private_key_jwt" },
        "invalid_client_metadata",
      ],
      [{ redirect_uris: [REDIRECT], response_types: ["token"] }, "invalid_client_metadata"],
      [[1, 2], "invalid_client_metadata"],
    ];
    for (const [body, error] of cases) {
      const res = await post(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const answer = await res.json();
      assert.equal(answer.error, error, JSON.stringify(body));
      assert.equal(typeof answer.error_description, "string");
    }
    // Private-use schemes of native apps, and no registered scope needed.
    const native = await post({ redirect_uris: ["com.example.app:/oauth/callback"] });
    assert.equal(native.status, 201);
    const nativeBody = await native.json();
    assert.equal(nativeBody.application_type, "native");
    assert.deepEqual(nativeBody.grant_types, ["authorization_code"]);
  });
});

Deno.test("full flow: sign-in, consent, code, tokens, refresh rotation and reuse, revocation", async (t) => {
  await withHarness(async (h) => {
    const client = await register(h);
    const cookie = await h.login("ada@example.com");

    await t.step("signed out: to the sign-in page, coming back afterwards", async () => {
      const url = authorizeUrl(h, { clientId: client.client_id }, "a".repeat(43), "s1");
      const res = await fetch(url, { redirect: "manual" });
      await res.body?.cancel();
      assert.equal(res.status, 303);
      const location = new URL(res.headers.get("location")!, h.origin);
      assert.equal(location.pathname, "/signin");
      assert.equal(location.searchParams.get("next"), url.pathname + url.search);
    });

    let tokens!: oauth.TokenEndpointResponse;
    await t.step("consent page, Allow, callback with iss, token exchange", async () => {
      const { params, verifier, html } = await authorizeCode(h, cookie, {
        clientId: client.client_id,
        params: { scope: "account:read listings:write" },
      });
      assert.match(html, /Test MCP Client/);
      assert.match(html, /not verified/);
      assert.match(html, /127\.0\.0\.1:9876/);
      assert.match(html, /only if you started this app yourself/); // localhost warning
      assert.match(html, /Read your account, drafts, listings, claims and orders/);
      assert.doesNotMatch(html, /Price orders/);
      tokens = await exchange(h, client, params, verifier);
      assert.equal(tokens.token_type, "bearer");
      assert.equal(tokens.expires_in, 3600);
      assert.equal(tokens.scope, "account:read listings:write");
      assert.ok(tokens.refresh_token);
    });

    await t.step("the access token is valid for the MCP resource only", async () => {
      const info = await verifyAccessToken(h.deps, tokens.access_token, `${h.origin}/mcp`);
      assert.ok(info);
      assert.deepEqual(info.scopes, ["account:read", "listings:write"]);
      assert.equal(info.clientId, client.client_id);
      assert.equal(info.resource, `${h.origin}/mcp`);
      assert.ok(Math.abs(info.expiresAt - (h.deps.now().getTime() / 1000 + 3600)) <= 1);
      assert.ok(await verifyAccessToken(h.deps, tokens.access_token));
      assert.equal(
        await verifyAccessToken(h.deps, tokens.access_token, `${h.origin}/api/v1`),
        null,
      );
      assert.equal(await verifyAccessToken(h.deps, "lda_unknown"), null);
    });

    await t.step("on REST: the MCP token is refused, a token for the API works", async () => {
      const call = (token: string) =>
        fetch(`${h.origin}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
      const refused = await call(tokens.access_token);
      assert.equal(refused.status, 401);
      assert.match(refused.headers.get("www-authenticate") ?? "", /invalid_token/);
      await refused.body?.cancel();
      const { params, verifier } = await authorizeCode(h, cookie, {
        clientId: client.client_id,
        params: { scope: "account:read", resource: `${h.origin}/api/v1` },
      });
      const api = await exchange(h, client, params, verifier, { resource: `${h.origin}/api/v1` });
      const me = await call(api.access_token);
      assert.equal(me.status, 200);
      const body = await me.json();
      assert.equal(body.email, "ada@example.com");
      assert.deepEqual(body.signed_in_with, {
        type: "oauth",
        client_id: client.client_id,
        client_name: "Test MCP Client",
      });
      const write = await fetch(`${h.origin}/api/v1/drafts`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${api.access_token}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ url: "https://acme.example" }),
      });
      assert.equal(write.status, 403, "account:read only: listings:write is missing");
      assert.match(write.headers.get("www-authenticate") ?? "", /insufficient_scope/);
      await write.body?.cancel();
    });

    let rotated!: oauth.TokenEndpointResponse;
    await t.step("refresh rotates; scope may narrow, never widen", async () => {
      rotated = await refresh(h, client, tokens.refresh_token!);
      assert.notEqual(rotated.refresh_token, tokens.refresh_token);
      assert.notEqual(rotated.access_token, tokens.access_token);
      assert.ok(await verifyAccessToken(h.deps, rotated.access_token, `${h.origin}/mcp`));

      const narrowRes = await oauth.refreshTokenGrantRequest(
        h.as,
        client,
        oauth.None(),
        rotated.refresh_token!,
        { additionalParameters: { scope: "account:read" }, ...insecure },
      );
      const narrowed = await oauth.processRefreshTokenResponse(h.as, client, narrowRes);
      assert.equal(narrowed.scope, "account:read");
      const wideRes = await oauth.refreshTokenGrantRequest(
        h.as,
        client,
        oauth.None(),
        narrowed.refresh_token!,
        { additionalParameters: { scope: "account:read orders:write" }, ...insecure },
      );
      await oauthFailure(oauth.processRefreshTokenResponse(h.as, client, wideRes), "invalid_scope");
      rotated = await refresh(h, client, narrowed.refresh_token!);
      assert.equal(rotated.scope, "account:read listings:write");
    });

    await t.step("reusing a rotated refresh token revokes the whole grant", async () => {
      await oauthFailure(refresh(h, client, tokens.refresh_token!), "invalid_grant");
      assert.equal(await verifyAccessToken(h.deps, rotated.access_token), null);
      assert.equal(await verifyAccessToken(h.deps, tokens.access_token), null);
      await oauthFailure(refresh(h, client, rotated.refresh_token!), "invalid_grant");
    });

    await t.step("revocation endpoint: refresh token revokes the grant", async () => {
      const { params, verifier } = await authorizeCode(h, cookie, { clientId: client.client_id });
      const fresh = await exchange(h, client, params, verifier);
      assert.ok(await verifyAccessToken(h.deps, fresh.access_token));
      await oauth.processRevocationResponse(
        await oauth.revocationRequest(h.as, client, oauth.None(), fresh.refresh_token!, insecure),
      );
      assert.equal(await verifyAccessToken(h.deps, fresh.access_token), null);
      await oauthFailure(refresh(h, client, fresh.refresh_token!), "invalid_grant");
      // Unknown tokens: 200 all the same.
      await oauth.processRevocationResponse(
        await oauth.revocationRequest(h.as, client, oauth.None(), "nonsense", insecure),
      );
    });

    await t.step("revocation endpoint: an access token alone", async () => {
      const { params, verifier } = await authorizeCode(h, cookie, { clientId: client.client_id });
      const fresh = await exchange(h, client, params, verifier);
      await oauth.processRevocationResponse(
        await oauth.revocationRequest(h.as, client, oauth.None(), fresh.access_token, insecure),
      );
      assert.equal(await verifyAccessToken(h.deps, fresh.access_token), null);
      const again = await refresh(h, client, fresh.refresh_token!);
      assert.ok(await verifyAccessToken(h.deps, again.access_token));
    });

    await t.step("an access token expires after an hour", async () => {
      const { params, verifier } = await authorizeCode(h, cookie, { clientId: client.client_id });
      const fresh = await exchange(h, client, params, verifier);
      h.advance(3599_000);
      assert.ok(await verifyAccessToken(h.deps, fresh.access_token));
      h.advance(2000);
      assert.equal(await verifyAccessToken(h.deps, fresh.access_token), null);
      const renewed = await refresh(h, client, fresh.refresh_token!);
      assert.ok(await verifyAccessToken(h.deps, renewed.access_token));
    });
  });
});

Deno.test("refused: plain PKCE, wrong verifier, redirect mismatch, reused and expired codes", async (t) => {
  await withHarness(async (h) => {
    const client = await register(h);
    const cookie = await h.login("bob@example.com");

    await t.step("plain PKCE is sent back as invalid_request, with state and iss", async () => {
      const url = authorizeUrl(h, { clientId: client.client_id }, "x".repeat(43), "st");
      url.searchParams.set("code_challenge_method", "plain");
      const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
      await res.body?.cancel();
      assert.equal(res.status, 302);
      const back = new URL(res.headers.get("location")!);
      assert.equal(back.origin + back.pathname, REDIRECT);
      assert.equal(back.searchParams.get("iss"), h.origin);
      assert.equal(back.searchParams.get("state"), "st");
      await oauthFailure(
        Promise.resolve().then(() => oauth.validateAuthResponse(h.as, client, back, "st")),
        "invalid_request",
      );
    });

    await t.step("no code_challenge at all", async () => {
      const url = authorizeUrl(h, { clientId: client.client_id }, "x".repeat(43), "st");
      url.searchParams.delete("code_challenge");
      const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
      await res.body?.cancel();
      assert.equal(
        new URL(res.headers.get("location")!).searchParams.get("error"),
        "invalid_request",
      );
    });

    await t.step("an unknown resource is invalid_target", async () => {
      const url = authorizeUrl(
        h,
        {
          clientId: client.client_id,
          params: { resource: "https://elsewhere.example/mcp" },
        },
        "x".repeat(43),
        "st",
      );
      const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
      await res.body?.cancel();
      const back = new URL(res.headers.get("location")!);
      assert.equal(back.searchParams.get("error"), "invalid_target");
      assert.equal(back.searchParams.get("iss"), h.origin);
    });

    await t.step("a redirect URI mismatch shows a page and never redirects", async () => {
      for (
        const redirect of [
          "https://evil.example/callback",
          `${REDIRECT}/x`,
          "http://localhost:9876/callback",
        ]
      ) {
        const url = authorizeUrl(
          h,
          { clientId: client.client_id, redirectUri: redirect },
          "x".repeat(43),
          "st",
        );
        url.searchParams.set("code_challenge_method", "plain"); // would be a redirected error
        const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
        assert.equal(res.status, 400, redirect);
        assert.equal(res.headers.get("location"), null);
        assert.match(await res.text(), /is not registered for this app/);
      }
    });

    await t.step("an unknown client shows a page", async () => {
      const url = authorizeUrl(h, { clientId: "ldc_nobody" }, "x".repeat(43), "st");
      const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
      assert.equal(res.status, 400);
      assert.equal(res.headers.get("location"), null);
      assert.match(await res.text(), /Unknown app/);
    });

    await t.step("loopback redirects may use another port (RFC 8252)", async () => {
      const redirectUri = "http://127.0.0.1:50123/callback";
      const { params, verifier, callback } = await authorizeCode(h, cookie, {
        clientId: client.client_id,
        redirectUri,
      });
      assert.equal(callback.port, "50123");
      const tokens = await exchange(h, client, params, verifier, { redirectUri });
      assert.ok(tokens.access_token);
    });

    await t.step("a wrong verifier, a wrong redirect_uri, then the right ones", async () => {
      const { params, verifier } = await authorizeCode(h, cookie, { clientId: client.client_id });
      await oauthFailure(
        exchange(h, client, params, oauth.generateRandomCodeVerifier()),
        "invalid_grant",
      );
      await oauthFailure(
        exchange(h, client, params, verifier, { redirectUri: "http://127.0.0.1:9876/other" }),
        "invalid_grant",
      );
      await oauthFailure(
        exchange(h, client, params, verifier, { resource: `${h.origin}/api/v1` }),
        "invalid_target",
      );
      const tokens = await exchange(h, client, params, verifier);

      // A reused code is refused and revokes what it issued.
      await oauthFailure(exchange(h, client, params, verifier), "invalid_grant");
      assert.equal(await verifyAccessToken(h.deps, tokens.access_token), null);
      await oauthFailure(refresh(h, client, tokens.refresh_token!), "invalid_grant");
    });

    await t.step("a code of another client is refused", async () => {
      const other = await register(h, { client_name: "Other" });
      const { params, verifier } = await authorizeCode(h, cookie, { clientId: client.client_id });
      await oauthFailure(exchange(h, other, params, verifier), "invalid_grant");
    });

    await t.step("a code expires after 60 seconds", async () => {
      const { params, verifier } = await authorizeCode(h, cookie, { clientId: client.client_id });
      h.advance(61_000);
      await oauthFailure(exchange(h, client, params, verifier), "invalid_grant");
    });

    await t.step("Deny sends access_denied back with iss", async () => {
      const state = oauth.generateRandomState();
      const url = authorizeUrl(h, { clientId: client.client_id }, "y".repeat(43), state);
      const html = await consentPage(url, cookie);
      const back = await decide(h, cookie, consentFields(html), "deny");
      assert.equal(back.searchParams.get("iss"), h.origin);
      await oauthFailure(
        Promise.resolve().then(() => oauth.validateAuthResponse(h.as, client, back, state)),
        "access_denied",
      );
    });

    await t.step("consent without the CSRF token is refused with 403", async () => {
      const url = authorizeUrl(h, { clientId: client.client_id }, "y".repeat(43), "st");
      const fields = consentFields(await consentPage(url, cookie));
      fields.delete("_csrf");
      fields.set("decision", "allow");
      const res = await fetch(`${h.origin}/oauth/authorize`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: fields,
        redirect: "manual",
      });
      assert.equal(res.status, 403);
      assert.equal(res.headers.get("location"), null);
      await res.body?.cancel();
    });

    await t.step("tampered consent fields are checked again", async () => {
      const url = authorizeUrl(h, { clientId: client.client_id }, "y".repeat(43), "st");
      const fields = consentFields(await consentPage(url, cookie));
      fields.set("redirect_uri", "https://evil.example/cb");
      fields.set("decision", "allow");
      const res = await fetch(`${h.origin}/oauth/authorize`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: fields,
        redirect: "manual",
      });
      assert.equal(res.status, 400);
      assert.equal(res.headers.get("location"), null);
      await res.body?.cancel();
    });
  });
});

Deno.test("tokens for the REST API resource", async () => {
  await withHarness(async (h) => {
    const client = await register(h);
    const cookie = await h.login("rest@example.com");
    const resource = `${h.origin}/api/v1`;
    const { params, verifier, html } = await authorizeCode(h, cookie, {
      clientId: client.client_id,
      params: { resource },
    });
    assert.match(html, /the REST API/);
    const tokens = await exchange(h, client, params, verifier, { resource });
    assert.equal(tokens.scope, "account:read listings:write orders:write");
    assert.ok(await verifyAccessToken(h.deps, tokens.access_token, resource));
    assert.equal(await verifyAccessToken(h.deps, tokens.access_token, `${h.origin}/mcp`), null);
    const res = await oauth.refreshTokenGrantRequest(
      h.as,
      client,
      oauth.None(),
      tokens.refresh_token!,
      {
        additionalParameters: { resource: `${h.origin}/mcp` },
        ...insecure,
      },
    );
    await oauthFailure(oauth.processRefreshTokenResponse(h.as, client, res), "invalid_target");
  });
});

Deno.test("a client ID metadata document client", async () => {
  await withHarness(async (h) => {
    const client: oauth.Client = { client_id: h.cimd.clientId };
    const cookie = await h.login("doc@example.com");
    const { params, verifier, html } = await authorizeCode(h, cookie, {
      clientId: h.cimd.clientId,
      redirectUri: h.cimd.redirectUri,
    });
    assert.match(html, /Doc Client/);
    assert.match(html, new RegExp(`Identified by <strong>${new URL(h.cimd.clientId).host}`));
    const tokens = await exchange(h, client, params, verifier, { redirectUri: h.cimd.redirectUri });
    const info = await verifyAccessToken(h.deps, tokens.access_token, `${h.origin}/mcp`);
    assert.equal(info?.clientId, h.cimd.clientId);
    assert.ok(tokens.refresh_token);
    assert.equal(h.cimd.fetches(), 1, "the document is cached");

    // A redirect URI the document does not list: a page, no redirect.
    const url = authorizeUrl(
      h,
      { clientId: h.cimd.clientId, redirectUri: "https://evil.example/cb" },
      "z".repeat(43),
      "st",
    );
    const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
    assert.equal(res.status, 400);
    await res.body?.cancel();

    // Document URLs that do not answer a valid document: a page, no redirect.
    const invalid: [string, RegExp][] = [
      ["none.json", /HTTP 404/],
      ["other-id.json", /does not name itself as its client_id/],
      ["secret.json", /must not contain a client secret/],
      ["bad-redirect.json", /uses http, which is allowed only for loopback hosts/],
      ["moved.json", /redirects are not followed/],
    ];
    for (const [file, pattern] of invalid) {
      const clientId = h.cimd.clientId.replace("client.json", file);
      const url = authorizeUrl(
        h,
        { clientId, redirectUri: h.cimd.redirectUri },
        "z".repeat(43),
        "st",
      );
      const bad = await fetch(url, { headers: { cookie }, redirect: "manual" });
      assert.equal(bad.status, 400, file);
      assert.equal(bad.headers.get("location"), null);
      assert.match(await bad.text(), pattern, file);
    }
  });
});

Deno.test("a client ID metadata document over http is refused without allowPrivateFetch", async () => {
  await withHarness(async (h) => {
    const deps = { ...h.deps, config: { ...h.deps.config, allowPrivateFetch: false } };
    const params = new URLSearchParams({
      client_id: h.cimd.clientId,
      redirect_uri: h.cimd.redirectUri,
    });
    await assert.rejects(checkAuthorizationRequest(deps, params), /is not an https URL/);
  });
});

Deno.test("confidential clients authenticate with their secret", async () => {
  await withHarness(async (h) => {
    const client = await register(h, { token_endpoint_auth_method: "client_secret_basic" });
    const cookie = await h.login("conf@example.com");
    const first = await authorizeCode(h, cookie, { clientId: client.client_id });
    // 401 with a Basic challenge (RFC 6749 §5.2), which the library reports as such.
    await assert.rejects(
      exchange(h, client, first.params, first.verifier, { auth: oauth.ClientSecretBasic("wrong") }),
      (err: unknown) =>
        err instanceof oauth.WWWAuthenticateChallengeError && err.status === 401 &&
        err.cause[0].scheme === "basic",
    );
    await assert.rejects(
      exchange(h, client, first.params, first.verifier),
      (err: unknown) => err instanceof oauth.ResponseBodyError && err.error === "invalid_client",
    );
    const tokens = await exchange(h, client, first.params, first.verifier, {
      auth: oauth.ClientSecretBasic(client.client_secret!),
    });
    assert.ok(await verifyAccessToken(h.deps, tokens.access_token));
    const res = await oauth.refreshTokenGrantRequest(
      h.as,
      client,
      oauth.ClientSecretPost(client.client_secret!),
      tokens.refresh_token!,
      insecure,
    );
    assert.ok((await oauth.processRefreshTokenResponse(h.as, client, res)).access_token);
  });
});

Deno.test("token endpoint errors follow RFC 6749", async () => {
  await withHarness(async (h) => {
    const client = await register(h);
    const post = (body: string, type = "application/x-www-form-urlencoded") =>
      fetch(`${h.origin}/oauth/token`, { method: "POST", headers: { "content-type": type }, body });
    const cases: [string, number, string, string?][] = [
      [`grant_type=password&client_id=${client.client_id}`, 400, "unsupported_grant_type"],
      [`grant_type=authorization_code&client_id=nobody&code=x`, 401, "invalid_client"],
      [`grant_type=authorization_code&client_id=${client.client_id}`, 400, "invalid_request"],
      [
        `grant_type=refresh_token&client_id=${client.client_id}&refresh_token=x`,
        400,
        "invalid_grant",
      ],
      [`{"grant_type":"authorization_code"}`, 400, "invalid_request", "application/json"],
      [
        `grant_type=refresh_token&grant_type=refresh_token&client_id=${client.client_id}`,
        400,
        "invalid_request",
      ],
    ];
    for (const [body, status, error, type] of cases) {
      const res = await post(body, type);
      assert.equal(res.status, status, body);
      assert.equal(res.headers.get("cache-control"), "no-store");
      const answer = await res.json();
      assert.equal(answer.error, error, body);
      assert.equal(typeof answer.error_description, "string");
    }
  });
});

Deno.test("the connected apps page lists and revokes grants", async () => {
  await withHarness(async (h) => {
    const signedOut = await fetch(`${h.origin}/account/apps`, { redirect: "manual" });
    await signedOut.body?.cancel();
    assert.equal(signedOut.status, 303);
    assert.equal(signedOut.headers.get("location"), "/signin?next=/account/apps");

    const client = await register(h, { client_name: "Apps Page Client" });
    const cookie = await h.login("apps@example.com");
    const { params, verifier } = await authorizeCode(h, cookie, { clientId: client.client_id });
    const tokens = await exchange(h, client, params, verifier);

    const page = await fetch(`${h.origin}/account/apps`, { headers: { cookie } });
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /Apps Page Client/);
    assert.match(html, /the MCP server/);
    const action = /action="(\/account\/apps\/[^"]+\/revoke)"/.exec(html)?.[1];
    const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
    assert.ok(action && csrf);

    // Another person cannot see or revoke it.
    const other = await h.login("other@example.com");
    const otherPage =
      await (await fetch(`${h.origin}/account/apps`, { headers: { cookie: other } }))
        .text();
    assert.doesNotMatch(otherPage, /Apps Page Client/);
    const otherCsrf = /name="_csrf" value="([^"]+)"/.exec(otherPage)?.[1];
    const foreign = await fetch(`${h.origin}${action}`, {
      method: "POST",
      headers: { cookie: other, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _csrf: otherCsrf! }),
      redirect: "manual",
    });
    assert.equal(foreign.status, 404);
    await foreign.body?.cancel();

    const noCsrf = await fetch(`${h.origin}${action}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    assert.equal(noCsrf.status, 403);
    await noCsrf.body?.cancel();
    assert.ok(await verifyAccessToken(h.deps, tokens.access_token));

    const revoked = await fetch(`${h.origin}${action}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _csrf: csrf }),
      redirect: "manual",
    });
    await revoked.body?.cancel();
    assert.equal(revoked.status, 303);
    assert.equal(await verifyAccessToken(h.deps, tokens.access_token), null);
    await oauthFailure(refresh(h, client, tokens.refresh_token!), "invalid_grant");
    const after = await (await fetch(`${h.origin}/account/apps?revoked=1`, { headers: { cookie } }))
      .text();
    assert.doesNotMatch(after, /Apps Page Client/);
    assert.match(after, /Access revoked/);
  });
});
