/** Trending: votes decayed by age, from the per-day vote counts of the last two weeks. */
import { dailyVotesPrefix } from "../../kv/keys.ts";
import { isoDate } from "../platform/weeks.ts";
import type { Deps } from "../platform/deps.ts";
import { getSettings } from "../platform/settings.ts";

const WINDOW_DAYS = 14;
const CACHE_MS = 60_000;
const cache = new WeakMap<Deno.Kv, { at: number; scores: Map<number, number> }>();

/**
 * Scores listings by their votes, each day's votes weighted by 0.5^(age / half-life) with the
 * day's votes taken at midday. Cached for a minute per store.
 */
export async function trendingScores(deps: Deps): Promise<Map<number, number>> {
  const now = deps.now().getTime();
  const cached = cache.get(deps.kv);
  if (cached && now - cached.at >= 0 && now - cached.at < CACHE_MS) return cached.scores;
  const halfLifeHours = (await getSettings(deps.kv)).trending_half_life_hours;
  const scores = new Map<number, number>();
  for (let back = 0; back < WINDOW_DAYS; back++) {
    const day = isoDate(new Date(now - back * 86_400_000));
    const middayAge = Math.max(0, (now - Date.parse(`${day}T12:00:00Z`)) / 3_600_000);
    const weight = 0.5 ** (middayAge / halfLifeHours);
    for await (const e of deps.kv.list<Deno.KvU64>({ prefix: dailyVotesPrefix(day) })) {
      const id = Number(e.key[2]);
      scores.set(id, (scores.get(id) ?? 0) + Number(e.value.value) * weight);
    }
  }
  cache.set(deps.kv, { at: now, scores });
  return scores;
}

/** Forgets cached scores (tests and writes that must show at once). */
export function clearTrendingCache(kv: Deno.Kv): void {
  cache.delete(kv);
}
