/**
 * Honest outbound links: every link from a listing page to the product's own sites carries the
 * rel of its kind (sponsored when paid, followed when earned, nofollow otherwise), the page says
 * which kind it is, the website button goes through the counting redirect, and the rule is on a
 * public page. The kind is decided by one function, checked here case by case.
 */
import assert from "node:assert/strict";
import { DOMParser } from "linkedom";
import { buildFixture, getJson, listingInput, NOW } from "./fixtures.ts";
import { createListing, goLive, updateListing } from "../kv/listings.ts";
import { freePlanKey } from "../kv/keys.ts";
import type { FreePlan } from "../kv/types.ts";
import {
  OUTBOUND_RELS,
  type OutboundLinkFacts,
  outboundLinkKind,
} from "../services/directory/outbound_links.ts";

const fixture = (async () => {
  const f = await buildFixture();
  const { kv } = f.deps;
  // A free listing whose badge the check found on its website: earned.
  const badged = await createListing(
    kv,
    listingInput("Badgedapp", {
      plan: "free",
      socials: { github: "https://github.com/badged" },
      links: [{ label: "Docs", url: "https://docs.badged.example" }],
    }),
    NOW,
  );
  await goLive(kv, badged.id, NOW);
  const plan: FreePlan = {
    listing_id: badged.id,
    reservation: null,
    badge_check: {
      status: "found",
      checked_at: NOW.toISOString(),
      reason: "Badge link found",
      found_at_url: "https://badgedapp.example/",
    },
    lost_week: null,
    chosen_at: NOW.toISOString(),
  };
  await kv.set(freePlanKey(badged.id), plan);
  // Featured for a period, on no paid plan: sponsored.
  const featured = await createListing(
    kv,
    listingInput("Featuredapp", {
      featured: true,
      featured_until: "2026-12-31T00:00:00Z",
      socials: { linkedin: "https://linkedin.com/company/featuredapp" },
    }),
    NOW,
  );
  await goLive(kv, featured.id, NOW);
  // Each listing gets links besides its website, so that every kind of link is checked.
  for (const slug of ["taskpilot", "billwise", "ledgerbox"]) {
    await updateListing(kv, f.listings[slug].id, () => ({
      socials: { x: `https://x.com/${slug}` },
      links: [{ label: "Changelog", url: `https://${slug}.example/changelog` }],
    }), NOW);
  }
  return f;
})();

async function listingDoc(slug: string) {
  const { app } = await fixture;
  const res = await app.request(`/listings/${slug}`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  return new DOMParser().parseFromString(await res.text(), "text/html");
}

/** Every link on the page that leaves for the listing's own sites (the website via /go). */
function outboundLinks(doc: ReturnType<DOMParser["parseFromString"]>) {
  return [...doc.querySelectorAll("main a[href]")].filter((a) => {
    const href = a.getAttribute("href") ?? "";
    return href.startsWith("/go/") ||
      (/^https?:/.test(href) && !/x\.com\/intent|linkedin\.com\/sharing/.test(href));
  });
}

const CASES = [
  { slug: "invoicely", kind: "sponsored", why: "a paid launch" },
  { slug: "billwise", kind: "sponsored", why: "a billboard contribution" },
  { slug: "featuredapp", kind: "sponsored", why: "a Featured period" },
  { slug: "ledgerbox", kind: "earned", why: "a Launch of the Week award" },
  { slug: "badgedapp", kind: "earned", why: "the badge found on its website" },
  { slug: "taskpilot", kind: "plain", why: "neither paid nor earned" },
] as const;

for (const { slug, kind, why } of CASES) {
  Deno.test(`${slug} (${why}): every outbound link is ${kind}, and the page says so`, async () => {
    const doc = await listingDoc(slug);
    const links = outboundLinks(doc);
    const website = links.find((a) => a.getAttribute("href") === `/go/${slug}`);
    assert.ok(website, "the website button goes through the counting redirect");
    assert.equal(website.getAttribute("target"), "_blank");
    assert.ok(links.length >= 2, `the website and the listing's other links: ${links.length}`);
    for (const a of links) {
      const rel = (a.getAttribute("rel") ?? "").split(/\s+/);
      assert.ok(rel.includes("noopener"), `noopener on ${a.getAttribute("href")}`);
      assert.equal(rel.includes("sponsored"), kind === "sponsored", `sponsored? ${a.outerHTML}`);
      assert.equal(rel.includes("nofollow"), kind === "plain", `nofollow? ${a.outerHTML}`);
      assert.equal(a.getAttribute("rel"), OUTBOUND_RELS[kind]);
    }
    const note = doc.querySelector(".link-kind");
    assert.ok(note, "a line near the website button names the kind");
    assert.equal(note.getAttribute("data-link-kind"), kind);
    assert.match(
      note.textContent ?? "",
      { sponsored: /^Sponsored link/, earned: /^Followed link/, plain: /^Nofollow link/ }[kind],
    );
    assert.equal(note.querySelector("a")?.getAttribute("href"), `/link-policy#${kind}`);
  });
}

Deno.test("get_listing says which kind the listing's links are (a new field)", async () => {
  const { app } = await fixture;
  for (const { slug, kind } of CASES) {
    const res = await getJson(app, `/api/v1/listings/${slug}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.outbound_link.kind, kind, slug);
    assert.equal(res.body.outbound_link.rel, OUTBOUND_RELS[kind]);
  }
});

Deno.test("the website button's redirect counts the click and sends the visitor on", async () => {
  const { app } = await fixture;
  const res = await app.request("/go/ledgerbox");
  assert.equal(res.status, 302);
  assert.match(res.headers.get("location") ?? "", /^https:\/\/ledgerbox\.example\/?$/);
  assert.equal(res.headers.get("x-robots-tag"), "noindex, nofollow");
});

Deno.test("the link rule is stated on a public page, linked from every page's footer", async () => {
  const { app } = await fixture;
  const res = await app.request("/link-policy");
  assert.equal(res.status, 200);
  const doc = new DOMParser().parseFromString(await res.text(), "text/html");
  const main = doc.querySelector("main")!;
  for (const kind of ["sponsored", "earned", "plain"] as const) {
    const section = main.querySelector(`#${kind}`);
    assert.ok(section, `a section for ${kind}`);
    assert.ok(main.textContent!.includes(`rel="${OUTBOUND_RELS[kind]}"`), `names rel of ${kind}`);
  }
  const home = new DOMParser().parseFromString(await (await app.request("/")).text(), "text/html");
  assert.ok(home.querySelector('footer a[href="/link-policy"]'), "the footer links to the rule");
});

Deno.test("outboundLinkKind: paid comes first, then earned, else plain", () => {
  const base: OutboundLinkFacts = {
    listing: { plan: "free", featured: false, featured_until: null },
    stats: { billboard_cents: 0 },
    awards: [],
    freePlan: null,
  };
  const found = {
    badge_check: { status: "found" as const, checked_at: "", reason: "", found_at_url: null },
  };
  const award = [{ place: 1 as const }];
  const at = NOW;
  assert.deepEqual(outboundLinkKind(base, at), { kind: "plain", reason: "not_paid_or_earned" });
  assert.equal(outboundLinkKind({ ...base, awards: award }, at).kind, "earned");
  assert.equal(outboundLinkKind({ ...base, freePlan: found }, at).reason, "badge_found");
  const notFound = { badge_check: { ...found.badge_check, status: "not_found" as const } };
  assert.equal(outboundLinkKind({ ...base, freePlan: notFound }, at).kind, "plain");
  // Paid wins over earned.
  const paid = { ...base, awards: award, freePlan: found };
  assert.equal(
    outboundLinkKind({ ...paid, listing: { ...base.listing, plan: "paid" } }, at).kind,
    "sponsored",
  );
  assert.equal(
    outboundLinkKind({ ...paid, stats: { billboard_cents: 1 } }, at).reason,
    "billboard",
  );
  // A Featured period counts while it runs, not after it ended.
  const featured = (until: string) => ({
    ...base,
    listing: { plan: null, featured: true, featured_until: until },
  });
  assert.equal(outboundLinkKind(featured("2026-11-19T00:00:00Z"), at).reason, "featured");
  assert.equal(outboundLinkKind(featured("2026-11-17T00:00:00Z"), at).kind, "plain");
});
