/** The planted scene of the fraud tests: a vote ring, ordinary votes, a near miss and a burst. */
import { type Fixture, NOW } from "./fixtures.ts";
import { person } from "./votes_fixture.ts";
import { vote } from "../services/community/mod.ts";
import type { User } from "../kv/types.ts";

const MIN = 60_000;

/** Casts a vote at `at` from `ip` through the vote service. */
async function voteAt(f: Fixture, user: User, slug: string, at: Date, ip: string) {
  f.deps.now = () => at;
  await vote(f.deps, user, slug, { ip, userAgent: "Ring/1.0" });
}

/**
 * Plants, before NOW: 30 accounts an hour old voting for invoicely from one /24 within 5 minutes;
 * 30 ordinary voters (30+ days old, each from its own network) over the days since launch and
 * in the last two hours; 9 new accounts from one /24 for billwise (a near miss); 16 new accounts
 * from 16 networks within 4 minutes for taskpilot (far above its baseline). The clock is put back
 * to NOW. Returns the ring's and the ordinary voters' ids.
 */
export async function plant(f: Fixture) {
  const ring: string[] = [];
  for (let i = 0; i < 30; i++) {
    const at = new Date(NOW.getTime() - 30 * MIN + i * 10_000);
    const user = person(`ring-${String(i).padStart(2, "0")}`, at, 1 / 24);
    await voteAt(f, user, "invoicely", at, `198.51.100.${i + 1}`);
    ring.push(user.id);
  }
  const ordinary: string[] = [];
  for (let i = 0; i < 30; i++) {
    // 24 over the days since launch, 6 in the last two hours, each from its own network.
    const at = i < 24
      ? new Date(Date.parse("2026-11-16T09:00:00Z") + i * 2 * 60 * MIN)
      : new Date(NOW.getTime() - 100 * MIN + (i - 24) * 15 * MIN);
    const user = person(`ordinary-${i}`, at, 30 + i);
    await voteAt(f, user, "invoicely", at, `100.${64 + i}.${i}.9`);
    ordinary.push(user.id);
  }
  for (let i = 0; i < 9; i++) { // a near miss: 9 from one /24, under the threshold of 10
    const at = new Date(NOW.getTime() - 40 * MIN + i * 30_000);
    await voteAt(f, person(`near-${i}`, at, 0.1), "billwise", at, `203.0.113.${i + 1}`);
  }
  for (let i = 0; i < 16; i++) { // 16 new accounts from 16 networks within 4 minutes
    const at = new Date(NOW.getTime() - 20 * MIN + i * 15_000);
    await voteAt(f, person(`burst-${i}`, at, 0.2), "taskpilot", at, `172.${16 + i}.3.4`);
  }
  f.deps.now = () => NOW;
  return { ring, ordinary };
}
