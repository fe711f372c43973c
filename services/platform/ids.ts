/** Identifiers that sort by creation time, so that KV lists them in order. */

let sequence = 0;

/**
 * A 26-character lowercase hex id: milliseconds of `now`, a per-process sequence (order within
 * one millisecond, also under a fixed test clock) and random bits, e.g. `019a3f2c1b40000001a9c3e7f2`.
 */
export function timeOrderedId(now: Date): string {
  sequence = (sequence + 1) % 0x1000000;
  const random = crypto.getRandomValues(new Uint8Array(4));
  return now.getTime().toString(16).padStart(12, "0") + sequence.toString(16).padStart(6, "0") +
    [...random].map((b) => b.toString(16).padStart(2, "0")).join("");
}
