/** Deterministic randomness for the demo: a seeded PRNG and the draws made from it. */

/** A source of numbers in [0, 1). */
export type Rng = () => number;

/** mulberry32: a small, fast 32-bit PRNG; the same seed gives the same sequence. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [min, max]. */
export function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** True with probability `p`. */
export function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

/** One item, each equally likely. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

/** One value of `[value, weight]` pairs, in proportion to the weights. */
export function weighted<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [value, w] of items) {
    r -= w;
    if (r < 0) return value;
  }
  return items[items.length - 1][0];
}

/** A shuffled copy (Fisher-Yates). */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** `n` distinct items (all of them when there are fewer). */
export function sample<T>(rng: Rng, items: readonly T[], n: number): T[] {
  return shuffled(rng, items).slice(0, Math.min(n, items.length));
}

/** A UUID-shaped id from the PRNG (version 4 layout). */
export function uuidFrom(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng() * 16).toString(16));
  hex[12] = "4";
  hex[16] = "89ab"[Math.floor(rng() * 4)];
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** A time in [from, to), skewed towards `from` when `skew` > 1. */
export function timeBetween(rng: Rng, from: number, to: number, skew = 1): Date {
  return new Date(from + Math.floor((to - from) * Math.pow(rng(), skew)));
}
