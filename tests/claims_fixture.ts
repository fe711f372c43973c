/**
 * The claims test bed: the fixture directory with its clock movable, a DNS server on 127.0.0.1
 * (tests/dns_fake.ts, set as DNS_NAMESERVER), product websites on 127.0.0.x (serveProductSites,
 * private fetches allowed) and "Acme", a published listing without an owner on one of them.
 * Ada owns invoicely; Sam owns nothing; billwise (billwise.example) has no owner.
 */
import {
  bearer,
  buildFixture,
  type Fixture,
  getJson,
  listingInput,
  NOW,
  sendJson,
} from "./fixtures.ts";
import { type ProductSites, serveProductSites } from "./publishing_fixture.ts";
import { type DnsFake, serveDns } from "./dns_fake.ts";
import { createListing, goLive } from "../kv/listings.ts";
import { getUserByEmail } from "../kv/users.ts";
import type { Listing } from "../kv/types.ts";
import { listingWritesIndexed } from "../services/directory/search/load.ts";

export const ADA = "ada@invoicely.example";
export const SAM = "sam@elsewhere.example";
export const FILE = "/.well-known/launchdirectory-verification.txt";

export interface Bed {
  f: Fixture;
  dns: DnsFake;
  sites: ProductSites;
  acme: Listing;
  ids: { ada: string; sam: string };
  at: (iso: string) => void;
}

export async function withClaims(test: (bed: Bed) => Promise<void>): Promise<void> {
  const dns = await serveDns();
  const f = await buildFixture({ allowPrivateFetch: true, dnsNameServer: dns.nameServer });
  const sites = serveProductSites();
  let clock = NOW;
  f.deps.now = () => clock;
  const created = await createListing(
    f.deps.kv,
    listingInput("Acme", { url: sites.url("acme") }),
    NOW,
  );
  const acme = (await goLive(f.deps.kv, created.id, NOW))!;
  const ids = {
    ada: (await getUserByEmail(f.deps.kv, ADA))!.id,
    sam: (await getUserByEmail(f.deps.kv, SAM))!.id,
  };
  try {
    await test({ f, dns, sites, acme, ids, at: (iso) => clock = new Date(iso) });
  } finally {
    await listingWritesIndexed(f.deps.search);
    await sites.close();
    await dns.close();
    f.deps.kv.close();
  }
}

export const claim = (
  f: Fixture,
  key: string,
  body: unknown,
  headers: Record<string, string> = {},
) => sendJson(f.app, "POST", "/api/v1/claims", body, { ...bearer(key), ...headers });
export const verify = (f: Fixture, key: string, id: number, headers: Record<string, string> = {}) =>
  getJson(f.app, `/api/v1/claims/${id}/verify`, {
    method: "POST",
    headers: { ...bearer(key), ...headers },
  });
export const myClaims = (f: Fixture, key: string) =>
  getJson(f.app, "/api/v1/claims", { headers: bearer(key) });
export const myListingIds = async (f: Fixture, key: string) =>
  (await getJson(f.app, "/api/v1/me/listings", { headers: bearer(key) })).body.items
    .map((l: { listing_id: number }) => l.listing_id);
export const page = (html: string) => () =>
  new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
export const text = (body: string) => () =>
  new Response(body, { headers: { "content-type": "text/plain" } });
