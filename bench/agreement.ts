/**
 * "Instances agree": two services on one KV file; a listing is changed through one (PATCH
 * /api/v1/me/listings/{id} with its owner's API key) and the bench times until the other's
 * get_listing and search show the change.
 */
import { blankListing, createListing } from "../kv/listings.ts";
import { getOrCreateUser } from "../kv/users.ts";
import { createApiKey } from "../services/access/api_keys.ts";
import type { Process } from "./server.ts";

export interface AgreementProbe {
  id: number;
  slug: string;
  secret: string;
}

export interface AgreementFigures {
  /** ms from the PATCH answer until the other instance showed it; null: not within the limit. */
  profile_ms: number | null;
  search_ms: number | null;
  /** PATCH attempts the writer answered with an error before one succeeded (or all failed). */
  failed_writes: string[];
}

const LIMIT_MS = 10_000;
const WRITE_ATTEMPTS = 5;

/** Adds an owner, an API key and an owned live listing to the KV file (no server running). */
export async function prepareAgreement(kvPath: string, now = new Date()): Promise<AgreementProbe> {
  const kv = await Deno.openKv(kvPath);
  try {
    const user = await getOrCreateUser(kv, "owner@agreement.example", "Agreement Owner", now);
    const { secret } = await createApiKey(kv, {
      userId: user.id,
      name: "Bench agreement",
      scopes: ["listings:write"],
    }, now);
    const listing = await createListing(
      kv,
      blankListing({
        name: "Agreement Probe",
        url: "https://agreement-probe.example",
        primary_category: "monitoring",
        tagline: "A listing the bench edits through one instance",
        owner_id: user.id,
        status: "live",
        plan: "free",
        launched_at: now.toISOString(),
      }),
      now,
    );
    return { id: listing.id, slug: listing.slug, secret };
  } finally {
    kv.close();
  }
}

/** Polls `check` every 5 ms; the ms it took from `since`, or null after LIMIT_MS. */
async function timeUntil(check: () => Promise<boolean>, since: number): Promise<number | null> {
  while (performance.now() - since < LIMIT_MS) {
    if (await check().catch(() => false)) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return null;
}

/** Edits the probe's tagline through `writer` and times until `reader` shows it. */
export async function measureAgreement(
  writer: Process,
  reader: Process,
  probe: AgreementProbe,
): Promise<AgreementFigures> {
  const word = `agreeprobe${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
  const tagline = `Edited through one instance ${word}`;
  // The reader has the listing in its profile cache before the change.
  await (await fetch(`${reader.base}/api/v1/listings/${probe.slug}`)).body?.cancel();
  const failed: string[] = [];
  for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
    const response = await fetch(`${writer.base}/api/v1/me/listings/${probe.id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${probe.secret}`, "content-type": "application/json" },
      body: JSON.stringify({ fields: { tagline } }),
    });
    const text = await response.text();
    if (response.status === 200) break;
    failed.push(`${response.status} ${text.slice(0, 160)}`);
    if (attempt === WRITE_ATTEMPTS) {
      return { profile_ms: null, search_ms: null, failed_writes: failed };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const since = performance.now();
  const [profile, search] = await Promise.all([
    timeUntil(async () => {
      const r = await fetch(`${reader.base}/api/v1/listings/${probe.slug}`);
      return (await r.json()).tagline === tagline;
    }, since),
    timeUntil(async () => {
      const r = await fetch(`${reader.base}/api/v1/listings?q=${word}`);
      return (await r.json()).items?.[0]?.id === probe.id;
    }, since),
  ]);
  return { profile_ms: profile, search_ms: search, failed_writes: failed };
}
