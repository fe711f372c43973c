/**
 * Many instances, one store: three server processes on one KV file. A listing changed through one
 * is seen by the others' profiles and searches within a second (their caches hold the old copy
 * until the change record reaches them), in both directions.
 */
import assert from "node:assert/strict";
import { seedReferenceData } from "../services/platform/reference.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { createApiKey } from "../services/access/api_keys.ts";
import { createListing, updateListingState } from "../kv/listings.ts";
import { listingInput, NOW } from "./fixtures.ts";

const ROOT = new URL("..", import.meta.url).pathname;
/** The requirement: a write on one instance is visible on every other within this. */
const VISIBLE_WITHIN_MS = 1_000;

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** A store file with one live listing owned by the holder of an API key. */
async function seedStore(path: string) {
  const kv = await Deno.openKv(path);
  try {
    await seedReferenceData(kv, NOW);
    const owner = await getOrCreateUser(kv, "ada@invoicely.example", "Ada Lovelace", NOW);
    const { secret } = await createApiKey(
      kv,
      { userId: owner.id, name: "Owner", scopes: ["listings:write"] },
      NOW,
    );
    const created = await createListing(
      kv,
      listingInput("Invoicely", { tagline: "Invoices that get paid", owner_id: owner.id }),
      NOW,
    );
    await updateListingState(kv, created.id, ({ listing, stats }) => ({
      listing: { ...listing, status: "live", plan: "free", launched_at: NOW.toISOString() },
      stats,
    }));
    return { key: secret, id: created.id, slug: created.slug };
  } finally {
    kv.close();
  }
}

/** Starts a server process on the store; resolves once it answers. */
async function startInstance(kvPath: string) {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: ROOT,
    env: {
      KV_PATH: kvPath,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_DATA: "0",
      // The test polls each instance every 20 ms.
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: "100000",
    },
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await fetch(`${base}/api/v1/site`).catch(() => null);
    await response?.body?.cancel();
    if (response?.ok) break;
    if (Date.now() > deadline) throw new Error(`The instance on port ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base,
    async stop() {
      child.kill("SIGTERM");
      await child.stderr.cancel();
      await child.status;
    },
  };
}

type Instance = Awaited<ReturnType<typeof startInstance>>;

async function json(url: string, init?: RequestInit) {
  const response = await fetch(url, init);
  const body = await response.json();
  assert.equal(response.status, 200, `${url}: ${JSON.stringify(body)}`);
  return body;
}

/** Whether an instance's profile and search show the tagline. */
async function shows(instance: Instance, slug: string, tagline: string, word: string) {
  const profile = await json(`${instance.base}/api/v1/listings/${slug}`);
  const search = await json(`${instance.base}/api/v1/listings?q=${word}`);
  return profile.tagline === tagline && search.items.some((s: { slug: string }) => s.slug === slug);
}

/** Waits until every instance shows the tagline; returns the slowest's delay (ms). */
async function delayUntilShown(instances: Instance[], slug: string, tagline: string, word: string) {
  const started = performance.now();
  const delays = await Promise.all(instances.map(async (instance) => {
    while (!(await shows(instance, slug, tagline, word))) {
      if (performance.now() - started > 10 * VISIBLE_WITHIN_MS) {
        throw new Error(`${instance.base} never showed "${tagline}"`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return performance.now() - started;
  }));
  return Math.max(...delays);
}

async function editTagline(instance: Instance, key: string, id: number, tagline: string) {
  await json(`${instance.base}/api/v1/me/listings/${id}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ fields: { tagline } }),
  });
}

Deno.test({
  name: "three instances on one store see each other's listing writes within a second",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "instances_" });
    const kvPath = `${dir}/kv.sqlite3`;
    const seeded = await seedStore(kvPath);
    const instances = await Promise.all([1, 2, 3].map(() => startInstance(kvPath)));
    try {
      const [a, b, c] = instances;
      // Each instance caches the profile and indexes the listing as it is.
      const original = "Invoices that get paid";
      await delayUntilShown(instances, seeded.slug, original, "invoices");

      await editTagline(a, seeded.key, seeded.id, "Zebracorn invoices for freelancers");
      const delay = await delayUntilShown(
        [b, c],
        seeded.slug,
        "Zebracorn invoices for freelancers",
        "zebracorn",
      );
      assert.ok(delay < VISIBLE_WITHIN_MS, `B and C saw A's write after ${delay.toFixed(0)} ms`);

      await editTagline(c, seeded.key, seeded.id, "Quokkaware invoices for studios");
      const back = await delayUntilShown(
        [a, b],
        seeded.slug,
        "Quokkaware invoices for studios",
        "quokkaware",
      );
      assert.ok(back < VISIBLE_WITHIN_MS, `A and B saw C's write after ${back.toFixed(0)} ms`);
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
      await Deno.remove(dir, { recursive: true });
    }
  },
});
