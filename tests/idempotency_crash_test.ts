/**
 * A keyed request survives a crash of the service: the service runs as its own process on an
 * on-disk store, is killed (SIGKILL) in the middle of a burst of keyed post_listing_update
 * requests, and every request is then retried with its key. Each key must store exactly one
 * update: a request whose effect had committed replays its answer at once; one whose effect never
 * committed is still claimed (409, nothing stored) until its claim counts as abandoned, and then
 * runs once.
 */
import assert from "node:assert/strict";
import { seedReferenceData } from "../services/platform/reference.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { createApiKey } from "../services/access/api_keys.ts";
import { blankListing, createListing } from "../kv/listings.ts";
import { listListingUpdates } from "../kv/listing_feed.ts";
import { idempotencyKey } from "../kv/keys.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const BURST = 200;
/** Requests sent at once. */
const IN_FLIGHT = 24;
/** Answers received before the service is killed. */
const ANSWERED_BEFORE_KILL = 60;

interface Service {
  origin: string;
  kill(signal: Deno.Signal): Promise<void>;
}

/** Starts `main.ts` on the store and resolves once it listens (the port is read from its log). */
async function startService(kvPath: string): Promise<Service> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: ROOT,
    env: { KV_PATH: kvPath, PORT: "0", RATE_LIMIT_PER_MINUTE: "100000" },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  // A service that never listens fails the test instead of hanging it.
  const guard = setTimeout(() => child.kill("SIGKILL"), 60_000);
  let log = "";
  let port: number | null = null;
  while (port === null) {
    const { value, done } = await lines.read();
    if (done) throw new Error(`The service stopped before listening; its log: ${log}`);
    log += value;
    // "… (port 41234)" or "… (listening on 0.0.0.0:41234)"
    const match = log.match(/(?:port |:)(\d+)\)/);
    if (match) port = Number(match[1]);
  }
  clearTimeout(guard);
  // Keep reading so that the child never blocks on a full pipe.
  (async () => {
    while (!(await lines.read().catch(() => ({ done: true }))).done);
  })();
  return {
    origin: `http://127.0.0.1:${port}`,
    async kill(signal) {
      child.kill(signal);
      await child.status;
    },
  };
}

function post(service: Service, secret: string, listingId: number, i: number) {
  return fetch(`${service.origin}/api/v1/me/listings/${listingId}/updates`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${secret}`,
      "content-type": "application/json",
      "idempotency-key": `burst-${i}`,
    },
    body: JSON.stringify({ title: `Update ${i}`, body: `Body of update ${i}` }),
  }).then(async (res) => ({
    status: res.status,
    replayed: res.headers.get("idempotent-replayed"),
    body: await res.json(),
  }));
}

/** How many stored updates carry each title. */
async function storedTitles(kvPath: string, listingId: number): Promise<Map<string, number>> {
  const kv = await Deno.openKv(kvPath);
  try {
    const counts = new Map<string, number>();
    for (const u of await listListingUpdates(kv, listingId, 10_000)) {
      counts.set(u.title, (counts.get(u.title) ?? 0) + 1);
    }
    return counts;
  } finally {
    kv.close();
  }
}

Deno.test("a crash mid-burst: every keyed retry stores its update exactly once", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/kv.sqlite3`;
  const now = new Date();
  const kv = await Deno.openKv(kvPath);
  await seedReferenceData(kv, now);
  const user = await getOrCreateUser(kv, "crash@owner.example", "Crash Owner", now);
  const { secret } = await createApiKey(
    kv,
    { userId: user.id, name: "Burst", scopes: ["account:read", "listings:write"] },
    now,
  );
  const listing = await createListing(
    kv,
    blankListing({
      name: "Crashless",
      url: "https://crashless.example",
      primary_category: "invoicing",
      owner_id: user.id,
    }),
    now,
  );
  kv.close();

  try {
    // 1. The burst, killed after the first answers.
    const first = await startService(kvPath);
    let answered = 0;
    let next = 0;
    const killed = Promise.withResolvers<void>();
    // IN_FLIGHT senders take the requests in order until the service is gone.
    const sender = async () => {
      while (next < BURST) {
        const ok = await post(first, secret, listing.id, next++).then(() => true, () => false);
        if (!ok) return;
        if (++answered === ANSWERED_BEFORE_KILL) killed.resolve();
      }
    };
    const burst = Array.from({ length: IN_FLIGHT }, sender);
    await killed.promise;
    await first.kill("SIGKILL");
    await Promise.all(burst);
    const afterCrash = await storedTitles(kvPath, listing.id);
    assert.ok(afterCrash.size >= ANSWERED_BEFORE_KILL, "the answered requests were stored");
    assert.ok(afterCrash.size < BURST, "the kill came mid-burst");

    // 2. Retries right after the restart: a committed effect replays at once, an uncommitted
    // request under a claim of the dead process is a 409 (and stores nothing).
    const second = await startService(kvPath);
    const retries = await Promise.all(
      Array.from({ length: BURST }, (_, i) => post(second, secret, listing.id, i)),
    );
    await second.kill("SIGKILL");
    const afterRetry = await storedTitles(kvPath, listing.id);
    for (const [i, answer] of retries.entries()) {
      const title = `Update ${i}`;
      if (afterCrash.has(title)) {
        assert.equal(answer.status, 201, `${title} was stored: its retry replays it`);
        assert.equal(answer.replayed, "true", `${title}: replayed`);
        assert.equal(answer.body.title, title);
      } else {
        assert.ok([201, 409].includes(answer.status), `${title}: ${answer.status}`);
      }
      assert.equal(afterRetry.get(title) ?? 0, answer.status === 201 ? 1 : 0, title);
    }

    // 3. Once the dead process's claims count as abandoned (their start moved back past the
    // two minutes), the retries run: every key then holds exactly one update.
    const store = await Deno.openKv(kvPath);
    for (let i = 0; i < BURST; i++) {
      const key = idempotencyKey(user.id, "post_listing_update", `burst-${i}`);
      const entry = await store.get<{ state: string; started_at: string }>(key);
      if (entry.value?.state === "in_flight") {
        await store.set(key, { ...entry.value, started_at: new Date(0).toISOString() });
      }
    }
    store.close();
    const third = await startService(kvPath);
    const last = await Promise.all(
      Array.from({ length: BURST }, (_, i) => post(third, secret, listing.id, i)),
    );
    await third.kill("SIGKILL");
    const final = await storedTitles(kvPath, listing.id);
    for (const [i, answer] of last.entries()) {
      const title = `Update ${i}`;
      assert.equal(answer.status, 201, `${title}: ${JSON.stringify(answer.body)}`);
      assert.equal(final.get(title), 1, `${title} is stored exactly once`);
    }
    assert.equal(final.size, BURST);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
