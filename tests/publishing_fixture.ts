/** The free queue's test bed: product websites on 127.0.0.1, free-plan candidates, a movable clock. */
import { bearer, buildFixture, type Fixture, getJson, listingInput, NOW } from "./fixtures.ts";
import { createListing, updateListing } from "../kv/listings.ts";
import { getUserByEmail } from "../kv/users.ts";
import { putSiteSettings } from "../kv/catalog.ts";
import { getSettings } from "../services/platform/settings.ts";
import { listOutbox } from "../services/platform/mail.ts";
import type { Listing, SiteSettings } from "../kv/types.ts";

/**
 * Product websites on 127.0.0.1: each site (by name) is its own small server on its own loopback
 * address (127.0.0.2, 127.0.0.3, ...), so that each is a different domain. Each site's homepage
 * and robots.txt can be changed at any time, and every request is recorded.
 */
export function serveProductSites() {
  interface Site {
    server: Deno.HttpServer<Deno.NetAddr>;
    home?: string;
    robots?: string;
    /** Answers of other paths (any status, headers and body). */
    paths: Map<string, () => Response>;
    requests: string[];
  }
  const sites = new Map<string, Site>();
  let nextAddress = 2;
  const site = (label: string): Site => {
    // "Racer One", "racerone": one site.
    const name = label.toLowerCase().replace(/[^a-z0-9]+/g, "");
    const known = sites.get(name);
    if (known) return known;
    const hostname = `127.0.0.${nextAddress++}`;
    const created: Site = {
      requests: [],
      paths: new Map(),
      server: Deno.serve({ hostname, port: 0, onListen() {} }, (req) => {
        const path = new URL(req.url).pathname;
        created.requests.push(path);
        const custom = created.paths.get(path);
        if (custom) return custom();
        const body = path === "/robots.txt"
          ? created.robots
          : path === "/"
          ? created.home
          : undefined;
        if (body === undefined) return new Response("Not found", { status: 404 });
        const type = path === "/robots.txt" ? "text/plain" : "text/html; charset=utf-8";
        return new Response(body, { headers: { "content-type": type } });
      }),
    };
    sites.set(name, created);
    return created;
  };
  return {
    /** The homepage URL of a site. */
    url: (name: string) => {
      const { hostname, port } = site(name).server.addr;
      return `http://${hostname}:${port}/`;
    },
    /** Serves `body` inside a page as the site's homepage. */
    setHome: (name: string, body: string) => {
      site(name).home =
        `<!DOCTYPE html><html><head><title>${name}</title></head><body><h1>${name}</h1>${body}</body></html>`;
    },
    /** Serves `path` of a site with what `respond` answers (e.g. a file, a 403, a redirect). */
    setPath: (name: string, path: string, respond: () => Response) => {
      site(name).paths.set(path, respond);
    },
    setRobots: (name: string, text: string) => {
      site(name).robots = text;
    },
    /** Paths requested from a site. */
    requestsOf: (name: string) => [...site(name).requests],
    /** Stops one site (its address then refuses connections). */
    stop: async (name: string) => await site(name).server.shutdown(),
    close: async () => {
      await Promise.all([...sites.values()].map((s) => s.server.shutdown()));
    },
  };
}
export type ProductSites = ReturnType<typeof serveProductSites>;

/** A fixture whose clock tests move (`at`), with the product sites and the two accounts' ids. */
export interface FreeQueueBed {
  f: Fixture;
  sites: ProductSites;
  ownerId: string;
  strangerId: string;
  /** Moves the clock (the fixture starts at NOW). */
  at: (iso: string | Date) => void;
}

/** Runs `test` against a fresh fixture with private fetches allowed and the product sites up. */
export async function withFreeQueue(test: (bed: FreeQueueBed) => Promise<void>): Promise<void> {
  const f = await buildFixture({ allowPrivateFetch: true });
  const sites = serveProductSites();
  let clock = NOW;
  f.deps.now = () => clock;
  // The fixture's awaiting listing has no website to check: back to draft, so that the
  // re-check summaries count the test's own listings only.
  await updateListing(f.deps.kv, f.listings.waitapp.id, () => ({ status: "draft", plan: null }));
  const ownerId = (await getUserByEmail(f.deps.kv, "ada@invoicely.example"))!.id;
  const strangerId = (await getUserByEmail(f.deps.kv, "sam@elsewhere.example"))!.id;
  try {
    await test({ f, sites, ownerId, strangerId, at: (t) => clock = new Date(t) });
  } finally {
    await sites.close();
    f.deps.kv.close();
  }
}

/** A saved, unpublished listing (status draft) of a product site, owned by `ownerId`. */
export async function draftListing(
  bed: FreeQueueBed,
  name: string,
  ownerId = bed.ownerId,
  overrides: Partial<Listing> = {},
): Promise<Listing> {
  return await createListing(
    bed.f.deps.kv,
    listingInput(name, { url: bed.sites.url(name), owner_id: ownerId, ...overrides }),
    NOW,
  );
}

/** Changes site settings in KV (e.g. `free_slots_per_week`). */
export async function setSettings(kv: Deno.Kv, change: Partial<SiteSettings>): Promise<void> {
  await putSiteSettings(kv, { ...await getSettings(kv), ...change });
}

/** POST choose_free_listing with an API key (and optional headers). */
export function chooseFree(
  f: Fixture,
  key: string,
  id: number,
  headers: Record<string, string> = {},
) {
  return getJson(f.app, `/api/v1/me/listings/${id}/free`, {
    method: "POST",
    headers: { ...bearer(key), ...headers },
  });
}

/** GET get_my_listing with an API key. */
export function getMine(f: Fixture, key: string, id: number) {
  return getJson(f.app, `/api/v1/me/listings/${id}`, { headers: bearer(key) });
}

/** Subjects of the mails in the outbox to `to`, oldest first. */
export async function mailsTo(kv: Deno.Kv, to: string): Promise<string[]> {
  return (await listOutbox(kv, 500)).filter((m) => m.to === to).map((m) => m.subject).reverse();
}
