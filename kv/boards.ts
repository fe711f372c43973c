/** Reading the ranked boards (score in the key, best first) and the counters listing writes keep. */

/** Reads one ranked board, best first: `[{ id, score }]` for a page. */
export async function readBoard(
  kv: Deno.Kv,
  prefix: Deno.KvKey,
  options: { offset: number; limit: number },
): Promise<{ id: number; score: number }[]> {
  const out: { id: number; score: number }[] = [];
  let skipped = 0;
  for await (
    const e of kv.list<number>({ prefix }, {
      reverse: true,
      batchSize: Math.min(500, options.offset + options.limit),
    })
  ) {
    if (skipped++ < options.offset) continue;
    out.push({ id: e.value, score: Number(e.key[e.key.length - 2]) });
    if (out.length >= options.limit) break;
  }
  return out;
}

/** Reads a counter kept by listing writes (status or board count). */
export async function readCounter(kv: Deno.Kv, key: Deno.KvKey): Promise<number> {
  return Number((await kv.get<Deno.KvU64>(key)).value?.value ?? 0n);
}

/** Counts the entries of a board (or any prefix). */
export async function countPrefix(kv: Deno.Kv, prefix: Deno.KvKey): Promise<number> {
  let n = 0;
  for await (const _ of kv.list({ prefix }, { batchSize: 1000 })) n++;
  return n;
}
