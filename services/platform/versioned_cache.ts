/**
 * Values kept by key with the version of what they were computed from (e.g. the search index's):
 * one is served only while that version is still the current one. At most `limit` are kept, the
 * least recently used out first; a stale value is dropped when met.
 */
export class VersionedCache<V> {
  #entries = new Map<string, { version: number; value: V }>();

  constructor(readonly limit: number) {}

  /** Number of values kept (current or stale). */
  get size(): number {
    return this.#entries.size;
  }

  /** The value kept for `key` at `version`, if any. */
  get(key: string, version: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.version !== version) return undefined;
    this.#entries.set(key, entry); // most recently used last
    return entry.value;
  }

  /** Keeps `value` for `key` at `version`. */
  set(key: string, version: number, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.limit) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { version, value });
  }
}
