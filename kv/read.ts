/** Reading many keys at once: the store answers at most 10 keys per `getMany`. */

/** How many keys one `kv.getMany` may read. */
const GET_MANY_LIMIT = 10;

/**
 * The values of any number of keys, in order (null where a key holds nothing), read 10 at a time
 * and all in parallel.
 *
 * @example
 * ```ts
 * const listings = present(await getManyValues<Listing>(kv, ids.map(listingKey)));
 * ```
 */
export async function getManyValues<T>(kv: Deno.Kv, list: Deno.KvKey[]): Promise<(T | null)[]> {
  const chunks: Promise<Deno.KvEntryMaybe<T>[]>[] = [];
  for (let i = 0; i < list.length; i += GET_MANY_LIMIT) {
    chunks.push(kv.getMany<T[]>(list.slice(i, i + GET_MANY_LIMIT)));
  }
  return (await Promise.all(chunks)).flat().map((entry) => entry.value);
}

/** The values that are there, in order: `getManyValues` without the nulls. */
export function present<T>(values: (T | null)[]): T[] {
  return values.filter((value): value is T => value !== null);
}
