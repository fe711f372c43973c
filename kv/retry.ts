/** Waiting between attempts of a write that lost a race (optimistic concurrency). */

/**
 * Waits a little, growing with each failed attempt (up to about 100 ms) and jittered, so that
 * writers racing on one key spread out instead of colliding again.
 */
export function backoff(attempt: number): Promise<void> {
  const ms = Math.min(100, 2 ** attempt) * (0.5 + Math.random());
  return new Promise((resolve) => setTimeout(resolve, ms));
}
