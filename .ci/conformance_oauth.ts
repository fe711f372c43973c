/**
 * Runs the conformance suite's authorization-server scenarios against the service: the metadata
 * endpoint, then the authorization code grant end to end (it reads the metadata scenario's result,
 * so both run in one invocation). Registers a client dynamically (RFC 7591), starts the suite
 * (which prints the authorization URL and waits for its callback), signs a person in through the sign-in form and the development
 * mailbox, and answers the consent page with Allow by form posts. Exits with the suite's status.
 *
 * Usage: deno run -A --no-config .ci/conformance_oauth.ts <origin> <suite> <callback port>
 */
const [origin, suite, portArg] = Deno.args;
if (!origin || !suite || !portArg) {
  console.error("usage: conformance_oauth.ts <origin> <suite> <callback port>");
  Deno.exit(2);
}
const callbackPort = Number(portArg);
const redirectUri = `http://127.0.0.1:${callbackPort}/callback`;
const TIMEOUT_MS = 120_000;

/** A browser's cookies for one origin, sent back with every request. */
const cookies = new Map<string, string>();

async function browse(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
  if (init.method === "POST") headers.set("origin", origin);
  const res = await fetch(new URL(path, origin), { ...init, headers, redirect: "manual" });
  for (const cookie of res.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const at = pair.indexOf("=");
    cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return res;
}

function unescapeHtml(text: string): string {
  return text.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

/** The named fields (inputs with a value) of the first form posting to `action` in a page. */
function formFields(html: string, action: string): URLSearchParams {
  const form = new RegExp(`<form[^>]*action="${action}"[^>]*>([\\s\\S]*?)</form>`).exec(html);
  if (!form) throw new Error(`No form posting to ${action} on the page`);
  const fields = new URLSearchParams();
  for (const input of form[1].matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1];
    if (name && value !== undefined) fields.append(name, unescapeHtml(value));
  }
  return fields;
}

async function postForm(path: string, fields: URLSearchParams): Promise<Response> {
  return await browse(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields,
  });
}

function expectStatus(res: Response, status: number, what: string): void {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status}`);
}

/** Signs a person in: the sign-in form, the mailed link from the development mailbox, confirm. */
async function signIn(email: string): Promise<void> {
  const form = await browse("/signin");
  expectStatus(form, 200, "GET /signin");
  const fields = formFields(await form.text(), "/signin");
  fields.set("email", email);
  const sent = await postForm("/signin", fields);
  await sent.body?.cancel();
  if (sent.status >= 400) throw new Error(`POST /signin: ${sent.status}`);
  const mailbox = await browse("/dev/mailbox");
  expectStatus(mailbox, 200, "GET /dev/mailbox");
  const link = /https?:\/\/[^\s<>"']*\/signin\/verify\?token=[^\s<>"']+/.exec(
    await mailbox.text(),
  );
  if (!link) throw new Error("No sign-in link in the development mailbox");
  const confirm = await browse(unescapeHtml(link[0]));
  expectStatus(confirm, 200, "GET /signin/verify");
  const done = await postForm("/signin/verify", formFields(await confirm.text(), "/signin/verify"));
  await done.body?.cancel();
  expectStatus(done, 303, "POST /signin/verify");
}

/** Registers a public client for the scenario's callback (RFC 7591). */
async function registerClient(): Promise<string> {
  const res = await fetch(`${origin}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "MCP conformance suite",
      redirect_uris: [redirectUri],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    }),
  });
  const body = await res.json();
  if (res.status !== 201) {
    throw new Error(`POST /oauth/register: ${res.status} ${JSON.stringify(body)}`);
  }
  return body.client_id;
}

/** Opens the consent page of an authorization URL and answers Allow; follows the redirect. */
async function consent(authorizationUrl: string): Promise<void> {
  const page = await browse(authorizationUrl);
  expectStatus(page, 200, "GET /oauth/authorize (consent page)");
  const fields = formFields(await page.text(), "/oauth/authorize");
  fields.set("decision", "allow");
  const answer = await postForm("/oauth/authorize", fields);
  await answer.body?.cancel();
  expectStatus(answer, 303, "POST /oauth/authorize");
  const callback = answer.headers.get("location")!;
  if (!callback.startsWith(redirectUri)) throw new Error(`Redirected to ${callback}`);
  // The suite starts its callback server as it prints the URL: give it a moment if needed.
  for (let attempt = 1;; attempt++) {
    try {
      const delivered = await fetch(callback);
      await delivered.body?.cancel();
      return;
    } catch (err) {
      if (attempt === 20) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Resolves with the first line of `stream` that `match` accepts, echoing every line. */
async function watchLines(
  stream: ReadableStream<Uint8Array>,
  match: (line: string) => boolean,
  found: (line: string) => void,
): Promise<void> {
  let buffer = "";
  let done = false;
  const decoder = new TextDecoder();
  for await (const bytes of stream) {
    await Deno.stdout.write(bytes);
    const chunk = decoder.decode(bytes, { stream: true });
    buffer += chunk;
    const lines = buffer.split("\n");
    buffer = lines.pop()!;
    for (const line of lines) {
      if (!done && match(line.trim())) {
        done = true;
        found(line.trim());
      }
    }
  }
}

await signIn("conformance@localhost.test");
const clientId = await registerClient();
const child = new Deno.Command(Deno.execPath(), {
  args: [
    "run",
    "-A",
    "--no-config",
    suite,
    "authorization",
    "--url",
    origin,
    "--client-id",
    clientId,
    "--resource",
    `${origin}/mcp`,
    "--port",
    String(callbackPort),
  ],
  stdout: "piped",
  stderr: "inherit",
}).spawn();
let consented: Promise<void> = Promise.resolve();
const timer = setTimeout(() => {
  console.error(`conformance_oauth: no result within ${TIMEOUT_MS / 1000} s`);
  child.kill();
}, TIMEOUT_MS);
await watchLines(
  child.stdout,
  (line) => line.startsWith(`${origin}/oauth/authorize?`),
  (line) => {
    consented = consent(line).catch((err) => {
      console.error(`conformance_oauth: consent failed: ${err.message}`);
      child.kill();
    });
  },
);
await consented;
const status = await child.status;
clearTimeout(timer);
Deno.exit(status.code);
