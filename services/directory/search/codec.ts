/**
 * The binary layout of a search index snapshot: a magic word, then sections of numbers, typed
 * arrays (each padded to 8 bytes) and strings, then a checksum of everything before it. Both
 * sides work on a list of chunks (the KV values it is stored in), so that a snapshot is never
 * held twice: the writer copies the index's arrays straight into chunks (or chunks a copy made
 * for the snapshot as views of it), starting a new chunk for an array that fits in one but not in
 * what is left of the current one. The reader gives an array that lies in one chunk as a view of
 * that chunk's bytes (the index keeps it: no copy), copies a longer one out of its chunks, and
 * lets each chunk go once read.
 */

/** The first word of every snapshot ("LDSI"). */
const MAGIC = 0x4c445349;
const ALIGN = 8;
/** Separates the strings of a list (the lists written this way cannot contain it). */
const SEPARATOR = "\u0000";
const CHECKSUM_SEED = 0x12345678;
/** Stands for a chunk the reader is done with. */
const READ = new Uint8Array(0);
/** Chunks checksummed between two pauses when a snapshot is opened (about 15 MB). */
const CHUNKS_PER_PAUSE = 256;

/** The typed arrays a snapshot holds. */
type Stored = Int32Array | Uint8Array | Uint16Array | Float32Array | Float64Array;
/** The arrays a snapshot is read into. */
type Owned =
  | Int32Array<ArrayBuffer>
  | Uint8Array<ArrayBuffer>
  | Uint16Array<ArrayBuffer>
  | Float32Array<ArrayBuffer>
  | Float64Array<ArrayBuffer>;
type OwnedOf<T extends Owned> = {
  new (length: number): T;
  new (buffer: ArrayBuffer, byteOffset: number, length: number): T;
  BYTES_PER_ELEMENT: number;
};

/** Raised for bytes that are not a whole, intact snapshot. */
export class SnapshotCorruptError extends Error {
  override name = "SnapshotCorruptError";
}

/** Continues a checksum over the 32-bit words of `bytes` (its length a multiple of 4). */
function checksum(sum: number, bytes: Uint8Array): number {
  const words = bytes.byteOffset % 4 === 0
    ? new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2)
    : new Int32Array(bytes.slice().buffer);
  for (let k = 0; k < words.length; k++) sum = (Math.imul(sum, 31) + words[k]) | 0;
  return sum;
}

/** Continues a checksum over chunks `[from, to)`, the last chunk without its trailer. */
function bodySum(chunks: Uint8Array[], from: number, to: number, sum: number): number {
  for (let k = from; k < to; k++) {
    const chunk = chunks[k];
    sum = checksum(sum, k === chunks.length - 1 ? chunk.subarray(0, -ALIGN) : chunk);
  }
  return sum;
}

/** The bytes of a typed array, as a view. */
function bytesOf(values: Stored): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}

/** Writes a snapshot into chunks of `chunkBytes` (a multiple of 8); `finish` returns them. */
export class SnapshotWriter {
  #chunks: Uint8Array[] = [];
  #current: Uint8Array;
  #used = 0;
  #size = 0;
  #encoder = new TextEncoder();

  constructor(readonly chunkBytes = 65_536) {
    if (chunkBytes % ALIGN !== 0) throw new RangeError("Chunks must be a multiple of 8 bytes");
    this.#current = new Uint8Array(chunkBytes);
    this.number(MAGIC);
  }

  /** A number (as a float64). */
  number(value: number): void {
    this.#write(bytesOf(new Float64Array([value])));
  }

  /** A typed array: its length, then its items (see `items`). */
  array(values: Stored): void {
    this.number(values.length);
    this.items(values);
  }

  /**
   * A typed array's items only (read back with `items` given the length), in one chunk when they
   * fit in one: a new chunk is started when they do not fit in what is left of this one.
   */
  items(values: Stored): void {
    const bytes = bytesOf(values);
    const fits = bytes.byteLength <= this.chunkBytes;
    if (fits && this.#used > 0 && this.#used + bytes.byteLength > this.chunkBytes) {
      this.#startChunk();
    }
    this.#write(bytes);
    this.#pad();
  }

  /**
   * A typed array's items (as `items`) that nobody changes while the chunks are kept (a copy made
   * for the snapshot): its whole chunks are views of it, not copies, so it is not held twice.
   */
  frozenItems(values: Stored): void {
    const bytes = bytesOf(values);
    if (this.#used > 0) this.#startChunk();
    let from = 0;
    for (; bytes.byteLength - from >= this.chunkBytes; from += this.chunkBytes) {
      this.#chunks.push(bytes.subarray(from, from + this.chunkBytes));
      this.#size += this.chunkBytes;
    }
    this.#write(bytes.subarray(from));
    this.#pad();
  }

  /** A frozen typed array (see `frozenItems`): its length, then its items. */
  frozenArray(values: Stored): void {
    this.number(values.length);
    this.frozenItems(values);
  }

  /**
   * Byte arrays as one of `length` bytes (read back with `array(Uint8Array)`): each part is copied
   * as it comes, so a part may reuse the previous one's buffer.
   */
  concatenated(length: number, parts: Iterable<Uint8Array>): void {
    this.number(length);
    let written = 0;
    for (const part of parts) {
      written += part.byteLength;
      if (written > length) break;
      this.#write(part);
    }
    if (written !== length) throw new RangeError("Concatenated parts do not add up");
    this.#pad();
  }

  /** A string, as UTF-8. */
  string(value: string): void {
    this.array(this.#encoder.encode(value));
  }

  /** A list of strings none of which contains U+0000 (tokens, JSON texts). */
  strings(values: readonly string[]): void {
    this.number(values.length);
    this.string(values.join(SEPARATOR));
  }

  /** The snapshot's chunks, the checksum at the end; its size in bytes. */
  finish(): { chunks: Uint8Array[]; bytes: number } {
    let sum = CHECKSUM_SEED;
    for (const chunk of this.#chunks) sum = checksum(sum, chunk);
    sum = checksum(sum, this.#current.subarray(0, this.#used));
    this.#write(bytesOf(new Int32Array([sum, 0])));
    if (this.#used > 0) this.#chunks.push(this.#current.subarray(0, this.#used));
    const chunks = this.#chunks;
    this.#chunks = [];
    return { chunks, bytes: this.#size };
  }

  #write(bytes: Uint8Array): void {
    let from = 0;
    while (from < bytes.byteLength) {
      if (this.#used === this.chunkBytes) this.#startChunk();
      const count = Math.min(bytes.byteLength - from, this.chunkBytes - this.#used);
      this.#current.set(bytes.subarray(from, from + count), this.#used);
      this.#used += count;
      from += count;
    }
    this.#size += bytes.byteLength;
  }

  /** Ends the current chunk (its used part) and starts a new one. */
  #startChunk(): void {
    this.#chunks.push(this.#current.subarray(0, this.#used));
    this.#current = new Uint8Array(this.chunkBytes);
    this.#used = 0;
  }

  #pad(): void {
    const padding = (ALIGN - (this.#size % ALIGN)) % ALIGN;
    if (padding > 0) this.#write(new Uint8Array(padding));
  }
}

/**
 * Reads a snapshot written by `SnapshotWriter` from its chunks, checking checksum and bounds; it
 * owns the list of chunks, emptying each entry once read.
 */
export class SnapshotReader {
  #chunks: Uint8Array[];
  #chunk = 0;
  #offset = 0;
  #left: number;
  #decoder = new TextDecoder("utf-8", { fatal: true });

  /** Checks a snapshot's sizes and checksum (in one go: see `open` for a long one). */
  constructor(chunks: Uint8Array[], sum?: number) {
    if (chunks.length === 0) throw new SnapshotCorruptError("Snapshot too short");
    let size = 0;
    for (const chunk of chunks) {
      if (chunk.byteLength % ALIGN !== 0) throw new SnapshotCorruptError("Bad chunk size");
      size += chunk.byteLength;
    }
    if (size < 2 * ALIGN) throw new SnapshotCorruptError("Snapshot too short");
    const last = chunks[chunks.length - 1];
    const trailer = new Int32Array(last.slice(last.byteLength - ALIGN).buffer);
    if (trailer[0] !== (sum ?? bodySum(chunks, 0, chunks.length, CHECKSUM_SEED))) {
      throw new SnapshotCorruptError("Snapshot checksum mismatch");
    }
    this.#chunks = chunks;
    this.#left = size - ALIGN;
    if (this.number() !== MAGIC) throw new SnapshotCorruptError("Not a search snapshot");
  }

  /** A reader whose checksum is computed `CHUNKS_PER_PAUSE` chunks at a time, `pause` between. */
  static async open(chunks: Uint8Array[], pause: () => Promise<void>): Promise<SnapshotReader> {
    let sum = CHECKSUM_SEED;
    for (let from = 0; from < chunks.length; from += CHUNKS_PER_PAUSE) {
      sum = bodySum(chunks, from, Math.min(chunks.length, from + CHUNKS_PER_PAUSE), sum);
      await pause();
    }
    return new SnapshotReader(chunks, sum);
  }

  /** The next number. */
  number(): number {
    const value = new Float64Array(1);
    this.#read(bytesOf(value));
    return value[0];
  }

  /** The next typed array (see `items`). */
  array<T extends Owned>(type: OwnedOf<T>): T {
    return this.items(type, this.number());
  }

  /**
   * The next `length` items (written by the writer's `items`), the index's own: a view of their
   * chunk's bytes when they lie in one chunk (nothing else holds them), else a new array.
   */
  items<T extends Owned>(type: OwnedOf<T>, length: number): T {
    if (!Number.isSafeInteger(length) || length < 0 || length > this.#left) {
      throw new SnapshotCorruptError("Bad length");
    }
    const byteLength = length * type.BYTES_PER_ELEMENT;
    const chunk = this.#chunks[this.#chunk];
    const at = chunk ? chunk.byteOffset + this.#offset : 0;
    let values: T;
    if (
      length > 0 && byteLength <= this.#left && this.#offset + byteLength <= chunk.byteLength &&
      at % type.BYTES_PER_ELEMENT === 0
    ) {
      values = new type(chunk.buffer as ArrayBuffer, at, length);
      this.#advance(byteLength);
    } else {
      values = new type(length);
      this.#read(bytesOf(values));
    }
    this.#skip((ALIGN - (byteLength % ALIGN)) % ALIGN);
    return values;
  }

  /** The next string. */
  string(): string {
    return this.#decoder.decode(this.array(Uint8Array));
  }

  /** The next list of strings. */
  strings(): string[] {
    const count = this.number();
    const joined = this.string();
    const values = count === 0 ? [] : joined.split(SEPARATOR);
    if (values.length !== count) throw new SnapshotCorruptError("Bad string list");
    return values;
  }

  /** Bytes not read yet (before the checksum). */
  get remaining(): number {
    return this.#left;
  }

  /** Throws unless every byte was read. */
  end(): void {
    if (this.#left !== 0) throw new SnapshotCorruptError("Trailing bytes");
  }

  #read(into: Uint8Array): void {
    if (into.byteLength > this.#left) throw new SnapshotCorruptError("Truncated");
    let at = 0;
    while (at < into.byteLength) {
      const chunk = this.#chunks[this.#chunk];
      const count = Math.min(into.byteLength - at, chunk.byteLength - this.#offset);
      into.set(chunk.subarray(this.#offset, this.#offset + count), at);
      at += count;
      this.#advance(count);
    }
  }

  #skip(count: number): void {
    if (count > this.#left) throw new SnapshotCorruptError("Truncated");
    while (count > 0) {
      const step = Math.min(count, this.#chunks[this.#chunk].byteLength - this.#offset);
      this.#advance(step);
      count -= step;
    }
  }

  #advance(count: number): void {
    this.#offset += count;
    this.#left -= count;
    if (this.#offset === this.#chunks[this.#chunk].byteLength) {
      // Read through: let it go, so that a snapshot and the index it fills are not both held.
      this.#chunks[this.#chunk] = READ;
      this.#chunk++;
      this.#offset = 0;
    }
  }
}
