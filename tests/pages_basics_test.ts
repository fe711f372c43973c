/**
 * Visitors' basics on the public pages: share links, country names, tags as links, founder
 * avatars, the badge builder for the listing's team only, the owner's preview of a listing not
 * public yet, error pages that know who is signed in, and GET /mcp from a browser.
 */
import assert from "node:assert/strict";
import { DOMParser } from "linkedom";
import { buildFixture, listingInput, NOW, THIS_WEEK } from "./fixtures.ts";
import { createListing, updateListing } from "../kv/listings.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { putFounder } from "../kv/founders.ts";
import { createSession } from "../services/access/sessions.ts";
import { SESSION_COOKIE } from "../routes/session.ts";
import { shareLinks } from "../components/ShareButtons.tsx";

const fixture = (async () => {
  const f = await buildFixture();
  const { kv } = f.deps;
  // A page that fails, to see the 500 page (added before the first request builds the router).
  f.app.get("/boom-for-test", () => {
    throw new Error("boom");
  });
  const ada = await getOrCreateUser(kv, "ada@invoicely.example", "Ada Lovelace", NOW);
  await updateListing(kv, f.listings.invoicely.id, () => ({
    tags: ["Open Source", "Invoicing", "!!!"],
    founder_slugs: ["ada-lovelace", "pic-person"],
  }), NOW);
  // Ada's submitted draft (not public) and someone else's.
  await updateListing(kv, f.listings.draftapp.id, () => ({ owner_id: ada.id }), NOW);
  await createListing(kv, listingInput("Otherdraft", { owner_id: "someone-else" }), NOW);
  await putFounder(kv, {
    slug: "pic-person",
    name: "Pic Person",
    bio: "",
    country: "FR",
    avatar_url: "https://images.example/pic.png",
    socials: {},
    listing_ids: [f.listings.invoicely.id],
    user_id: null,
    created_at: NOW.toISOString(),
  });
  return f;
})();

async function cookieOf(email: string | null): Promise<Record<string, string>> {
  if (!email) return {};
  const { deps } = await fixture;
  const user = await getOrCreateUser(deps.kv, email, email, NOW);
  const { secret } = await createSession(deps, user.id);
  return { cookie: `${SESSION_COOKIE}=${secret}` };
}

async function get(path: string, email: string | null = null, headers: HeadersInit = {}) {
  const { app } = await fixture;
  const res = await app.request(path, {
    headers: { ...(await cookieOf(email)), ...Object.fromEntries(new Headers(headers)) },
  });
  const html = await res.text();
  return { res, html, doc: new DOMParser().parseFromString(html, "text/html") };
}

const OWNER = "ada@invoicely.example";
/** The listing page's details card (location, founding year, contact; tags after it). */
const DETAILS = '[aria-labelledby="details-title"] .facts';
const STRANGER = "sam@elsewhere.example";

Deno.test("share links on a listing and a week: copy island, X, LinkedIn and e-mail", async () => {
  const { deps } = await fixture;
  const pages = [
    { path: "/listings/invoicely", url: `${deps.config.publicUrl}/listings/invoicely` },
    { path: `/launches/${THIS_WEEK}`, url: `${deps.config.publicUrl}/launches/${THIS_WEEK}` },
  ];
  for (const { path, url } of pages) {
    const { res, doc } = await get(path);
    assert.equal(res.status, 200, path);
    const share = doc.querySelector(".share");
    assert.ok(share, `${path}: a share row`);
    const hrefs = [...share.querySelectorAll("a")].map((a) => a.getAttribute("href") ?? "");
    const x = hrefs.find((h) => h.startsWith("https://x.com/intent/post?"));
    assert.ok(x, `${path}: an X link`);
    assert.equal(new URL(x).searchParams.get("url"), url);
    const linkedin = hrefs.find((h) => h.startsWith("https://www.linkedin.com/sharing/"));
    assert.equal(new URL(linkedin!).searchParams.get("url"), url);
    const mail = hrefs.find((h) => h.startsWith("mailto:?"));
    assert.ok(mail, `${path}: an e-mail link`);
    assert.ok(decodeURIComponent(mail).includes(url), `${path}: the mail carries the address`);
    const copy = share.querySelector('[data-island="CopyLink"]');
    assert.equal(JSON.parse(copy?.getAttribute("data-props") ?? "{}").url, url);
    // Without JavaScript the copy button stays hidden; the plain links work.
    assert.ok(copy!.querySelector(".copy-link")!.hasAttribute("hidden"));
  }
  const encoded = shareLinks({ url: "https://a.example/x?y=1&z", text: "A & B" });
  assert.equal(new URL(encoded.x).searchParams.get("text"), "A & B");
  assert.equal(new URL(encoded.x).searchParams.get("url"), "https://a.example/x?y=1&z");
});

Deno.test("countries show by name on listings and founder pages", async () => {
  const listing = await get("/listings/invoicely");
  const facts = listing.doc.querySelector(DETAILS)!.textContent ?? "";
  assert.match(facts, /Berlin, Germany/);
  assert.doesNotMatch(facts, /\bDE\b/);
  const billwise = await get("/listings/billwise");
  assert.match(billwise.doc.querySelector(DETAILS)!.textContent ?? "", /United Kingdom/);
  const founder = await get("/founders/ada-lovelace");
  assert.match(
    founder.doc.querySelector(".profile-title")!.textContent ?? "",
    /Based in United Kingdom/,
  );
});

Deno.test("tags link to their tag pages (lowercase, spaces as hyphens)", async () => {
  const { doc } = await get("/listings/invoicely");
  const chips = [...doc.querySelectorAll(`${DETAILS} ~ .chips > *`)];
  const byText = new Map(chips.map((el) => [el.textContent, el]));
  assert.equal(byText.get("#Open Source")?.getAttribute("href"), "/tags/open-source");
  assert.equal(byText.get("#Invoicing")?.getAttribute("href"), "/tags/invoicing");
  // A tag with no letters or digits has no page: shown as text.
  assert.equal(byText.get("#!!!")?.tagName, "SPAN");
});

Deno.test("founder avatars: initials in a circle until an image is given", async () => {
  const founder = await get("/founders/ada-lovelace");
  const avatar = founder.doc.querySelector(".profile-header .avatar");
  assert.ok(avatar?.classList.contains("logo-placeholder"));
  assert.equal(avatar.textContent, "AL");
  assert.equal(avatar.getAttribute("aria-hidden"), "true");
  const listing = await get("/listings/invoicely");
  const people = [...listing.doc.querySelectorAll(".people .avatar")];
  assert.equal(people.length, 2);
  assert.equal(people[0].textContent, "AL");
  assert.equal(people[1].tagName, "IMG");
  assert.equal(people[1].getAttribute("src"), "https://images.example/pic.png");
  assert.equal(people[1].getAttribute("alt"), "Pic Person");
});

Deno.test("the badge builder shows only to the listing's team", async () => {
  for (const [email, shown] of [[null, false], [STRANGER, false], [OWNER, true]] as const) {
    const { res, doc } = await get("/listings/invoicely", email);
    assert.equal(res.status, 200);
    const builder = doc.querySelector('[data-island="BadgeBuilder"]');
    assert.equal(Boolean(builder), shown, `builder for ${email ?? "a visitor"}`);
    assert.equal(Boolean(doc.querySelector("#badges")), shown);
  }
});

Deno.test("a draft's page: a preview for its owner, the 404 for everyone else", async () => {
  const own = await get("/listings/draftapp", OWNER);
  assert.equal(own.res.status, 200);
  assert.equal(own.res.headers.get("cache-control"), "private, no-store");
  assert.match(
    own.doc.querySelector(".banner-preview")?.textContent ?? "",
    /Preview: not public yet/,
  );
  assert.equal(own.doc.querySelector("h1")?.textContent?.trim(), "Draftapp");
  assert.equal(own.doc.querySelector('meta[name="robots"]')?.getAttribute("content"), "noindex");
  assert.equal(own.doc.querySelector(".share"), null, "nothing to share yet");
  for (const email of [null, STRANGER]) {
    const other = await get("/listings/draftapp", email);
    assert.equal(other.res.status, 404, `${email ?? "a visitor"}`);
    assert.doesNotMatch(other.html, /Draftapp/);
  }
  // Someone else's draft stays a 404 for Ada; a public listing is no preview.
  assert.equal((await get("/listings/otherdraft", OWNER)).res.status, 404);
  const live = await get("/listings/invoicely", OWNER);
  assert.equal(live.doc.querySelector(".banner-preview"), null);
});

Deno.test("error pages show the signed-in person in the header", async () => {
  const { app } = await fixture;
  const cases = [
    { status: 404, req: () => get("/no-such-page", OWNER) },
    { status: 500, req: () => get("/boom-for-test", OWNER) },
    {
      status: 403,
      req: async () => {
        const res = await app.request("/signout", {
          method: "POST",
          headers: {
            ...(await cookieOf(OWNER)),
            origin: new URL((await fixture).deps.config.publicUrl).origin,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: "_csrf=wrong",
        });
        const html = await res.text();
        return { res, html, doc: new DOMParser().parseFromString(html, "text/html") };
      },
    },
  ];
  for (const { status, req } of cases) {
    const { res, doc } = await req();
    assert.equal(res.status, status);
    assert.equal(doc.querySelector(".error-status")?.textContent, `Error ${status}`);
    assert.equal(doc.querySelector(".header-account-link")?.textContent, OWNER, `${status}`);
    assert.ok(doc.querySelector('.header-account form[action="/signout"]'));
  }
  const anonymous = await get("/no-such-page");
  assert.equal(anonymous.doc.querySelector(".header-account-link"), null);
  assert.ok(anonymous.doc.querySelector('.header-account a[href="/signin"]'));
});

Deno.test("GET /mcp: a page for browsers, JSON-RPC for MCP clients", async () => {
  const { app, deps } = await fixture;
  const browser = await get("/mcp", OWNER, { accept: "text/html,application/xhtml+xml,*/*;q=0.8" });
  assert.equal(browser.res.status, 200);
  assert.match(browser.res.headers.get("content-type") ?? "", /text\/html/);
  const main = browser.doc.querySelector("main")!.textContent ?? "";
  assert.ok(main.includes(`${deps.config.publicUrl}/mcp`), "the endpoint URL");
  assert.match(main, /OAuth/);
  assert.ok(browser.doc.querySelector('main a[href^="/docs/api"]'), "links to the docs");
  assert.ok(browser.doc.querySelector("pre")?.textContent?.includes('"mcpServers"'));
  assert.equal(browser.doc.querySelector(".header-account-link")?.textContent, OWNER);
  // An MCP client's GET (event stream) or a GET with a session id is the server's, as before.
  const clients: Record<string, string>[] = [
    { accept: "text/event-stream" },
    { accept: "text/html", "mcp-session-id": "abc" },
    { accept: "application/json, text/event-stream, text/html" },
  ];
  for (const headers of clients) {
    const res = await app.request("/mcp", { headers });
    const text = await res.text();
    assert.notEqual(res.status, 200, JSON.stringify(headers));
    assert.doesNotMatch(res.headers.get("content-type") ?? "", /text\/html/);
    assert.match(text, /jsonrpc|error/);
  }
  // A POST is JSON-RPC whatever it accepts.
  const post = await app.request("/mcp", {
    method: "POST",
    headers: { accept: "application/json, text/event-stream", "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
  });
  assert.doesNotMatch(post.headers.get("content-type") ?? "", /text\/html/);
  await post.body?.cancel();
});
