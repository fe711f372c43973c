/**
 * Records larger than one Deno KV value (64 KiB, V8-serialised; text outside Latin-1 takes two bytes
 * a character). A record that fits is stored as it is. A larger one keeps its small fields at its
 * own key (the head) and moves its largest fields, as JSON text cut into parts of at most 30,000
 * characters, to `valuePartKey(key, generation, i)`; the head names the generation and the count.
 *
 * Parts are written before the head, in commits of their own and under a new generation for each
 * write, so that no atomic operation passes the store's limits (800 KB of mutations). The atomic
 * operation that sets the head deletes the parts of the generation it replaces. Parts of a
 * generation never change: a reader takes the head, then the parts it names, and reads the head
 * again when one is gone (a newer write replaced them). Parts written for a head that never
 * committed (a lost conflict) are deleted again; a crash between the two leaves them unreferenced.
 */
import { serialize } from "node:v8";
import { valuePartKey } from "./keys.ts";
import { getManyValues } from "./read.ts";

/** Bytes a head may take (the store's cap is 65,536). */
const HEAD_BYTES = 60_000;
/** Characters of JSON text per part: at most 60,000 bytes even outside Latin-1. */
const PART_CHARS = 30_000;
/** Parts written per commit (10 × 60 KB stays below the 800 KB mutation limit). */
const PARTS_PER_COMMIT = 10;
/** How often a read starts over when a concurrent write replaced the parts it was reading. */
const READ_ATTEMPTS = 10;
const MARK = "$parts";

/** Where the moved fields of a split record are. */
export interface PartsRef {
  generation: string;
  count: number;
}

/** An entry whose value may have been split, with the parts its head names (null: not split). */
export type SplitEntry<T> = Deno.KvEntryMaybe<T> & { parts: PartsRef | null };

type Head = Record<string, unknown> & { [MARK]?: PartsRef };

/** The V8-serialised size of a value, as the store counts it. */
export function storedSize(value: unknown): number {
  return serialize(value).byteLength;
}

function partsOf(head: unknown): PartsRef | null {
  if (!head || typeof head !== "object" || Array.isArray(head)) return null;
  return (head as Head)[MARK] ?? null;
}

/**
 * The record a head stands for: the head itself when it is not split, else the head merged with
 * its parts; undefined when a part is gone (the head was replaced meanwhile: read it again).
 */
async function assemble<T>(kv: Deno.Kv, key: Deno.KvKey, head: unknown): Promise<T | undefined> {
  const ref = partsOf(head);
  if (!ref) return head as T;
  const parts = await getManyValues<string>(
    kv,
    Array.from({ length: ref.count }, (_, i) => valuePartKey(key, ref.generation, i)),
  );
  if (parts.some((p) => p === null)) return undefined;
  const { [MARK]: _ref, ...rest } = head as Head;
  return { ...rest, ...JSON.parse(parts.join("")) } as T;
}

/** Reads a record that may be split, with the versionstamp of its head. */
export async function getSplit<T>(kv: Deno.Kv, key: Deno.KvKey): Promise<SplitEntry<T>> {
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    const entry = await kv.get<unknown>(key);
    if (entry.value === null) return { ...entry, value: null, versionstamp: null, parts: null };
    const value = await assemble<T>(kv, key, entry.value);
    if (value !== undefined) {
      return { key, value, versionstamp: entry.versionstamp, parts: partsOf(entry.value) };
    }
  }
  throw new Error(`Could not read ${JSON.stringify(key)}: it kept changing while being read`);
}

/**
 * Completes a head read together with other keys (e.g. by `getMany`): its parts are read, or the
 * record is read again when they were replaced meanwhile.
 */
export async function completeSplit<T>(
  kv: Deno.Kv,
  key: Deno.KvKey,
  head: T | null,
): Promise<T | null> {
  if (head === null) return null;
  return (await assemble<T>(kv, key, head)) ?? (await getSplit<T>(kv, key)).value;
}

/** Reads several records that may be split, in order (null where a key holds nothing). */
export async function getManySplit<T>(kv: Deno.Kv, list: Deno.KvKey[]): Promise<(T | null)[]> {
  const heads = await getManyValues<T>(kv, list);
  return await Promise.all(heads.map((head, i) => completeSplit<T>(kv, list[i], head)));
}

/** A record ready to be written: its parts (if any) are stored, its head is not yet. */
export interface StagedValue {
  /** The parts the head names (null: the record is stored whole). */
  readonly parts: PartsRef | null;
  /**
   * Adds to `op` the set of the head and the deletion of the parts of the head it replaces
   * (`previous`, as read with `getSplit`).
   */
  write(op: Deno.AtomicOperation, previous: PartsRef | null): void;
  /** Deletes the parts written for this record (its head was never committed). */
  discard(): Promise<void>;
}

/** Cuts text into parts of at most PART_CHARS characters, never inside a surrogate pair. */
function cut(text: string): string[] {
  const out: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + PART_CHARS);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}

/** Adds to `op` the deletion of the parts a replaced head named. */
export function deleteParts(op: Deno.AtomicOperation, key: Deno.KvKey, ref: PartsRef | null) {
  for (let i = 0; i < (ref?.count ?? 0); i++) op.delete(valuePartKey(key, ref!.generation, i));
}

/**
 * Prepares `value` (a plain JSON object) for `key`: when it is too large for one entry its largest
 * fields are written as parts now, and `write` then adds the head to the caller's atomic operation.
 */
export async function stageValue(
  kv: Deno.Kv,
  key: Deno.KvKey,
  value: object,
  options: { expireIn?: number } = {},
): Promise<StagedValue> {
  const setOptions = options.expireIn ? { expireIn: options.expireIn } : undefined;
  if (storedSize(value) <= HEAD_BYTES) {
    return {
      parts: null,
      write: (op, previous) => {
        op.set(key, value, setOptions);
        deleteParts(op, key, previous);
      },
      discard: () => Promise.resolve(),
    };
  }
  const head: Head = { ...value } as Head;
  const moved: Record<string, unknown> = {};
  const bySize = Object.keys(head).map((field) => [field, storedSize(head[field])] as const)
    .sort((a, b) => b[1] - a[1]);
  for (const [field] of bySize) {
    if (storedSize(head) <= HEAD_BYTES - 200) break;
    moved[field] = head[field];
    delete head[field];
  }
  const texts = cut(JSON.stringify(moved));
  const ref: PartsRef = {
    generation: `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`,
    count: texts.length,
  };
  head[MARK] = ref;
  for (let i = 0; i < texts.length; i += PARTS_PER_COMMIT) {
    const op = kv.atomic();
    texts.slice(i, i + PARTS_PER_COMMIT).forEach((text, j) =>
      op.set(valuePartKey(key, ref.generation, i + j), text, setOptions)
    );
    await op.commit();
  }
  return {
    parts: ref,
    write: (op, previous) => {
      op.set(key, head, setOptions);
      if (previous?.generation !== ref.generation) deleteParts(op, key, previous);
    },
    discard: async () => {
      const op = kv.atomic();
      deleteParts(op, key, ref);
      await op.commit();
    },
  };
}
