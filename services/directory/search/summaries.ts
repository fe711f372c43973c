/**
 * The summaries of the index's slots, kept as JSON text and parsed only for the results shown:
 * slots loaded from a snapshot keep theirs as UTF-8 in the snapshot's pages (views of the bytes
 * read, each page within one snapshot chunk, decoded on demand, so a start neither copies nor
 * decodes them all); slots written since hold a string.
 */
import { type ListingSummary, summaryOf } from "../summary.ts";
import type { SnapshotReader, SnapshotWriter } from "./codec.ts";

/** Per-slot summary text; see the module documentation. */
export class Summaries {
  /** The JSON of slots written since the snapshot ("" otherwise). */
  #texts: string[] = [];
  /** The snapshot's UTF-8 summaries in pages, and each snapshot slot's page and range in it. */
  #pages: Uint8Array[] = [];
  #page = new Int32Array(0);
  #start = new Int32Array(0);
  #end = new Int32Array(0);
  #encoder = new TextEncoder();
  #scratch = new Uint8Array(4096);
  #decoder = new TextDecoder();

  /** Sets a slot's summary (its votes are kept apart, in a column). */
  set(slot: number, summary: ListingSummary): void {
    this.#texts[slot] = JSON.stringify(summaryOf(summary, { votes: 0 }));
  }

  /** Forgets a slot's summary. */
  clear(slot: number): void {
    this.#texts[slot] = "";
    if (slot < this.#end.length) this.#end[slot] = this.#start[slot];
  }

  /** A slot's summary with its vote count. */
  get(slot: number, votes: number): ListingSummary {
    return summaryOf(JSON.parse(this.#text(slot)), { votes });
  }

  /** Moves a slot's summary down to slot `to` (compaction). */
  move(from: number, to: number): void {
    this.#texts[to] = this.#texts[from];
    if (from < this.#end.length) {
      this.#page[to] = this.#page[from];
      this.#start[to] = this.#start[from];
      this.#end[to] = this.#end[from];
    }
  }

  /** Keeps the first `count` slots. */
  truncate(count: number): void {
    this.#texts.length = Math.min(this.#texts.length, count);
  }

  /**
   * Writes the summaries of the first `count` slots: their lengths, then their UTF-8 bytes in
   * pages of whole summaries that fit in one snapshot chunk (a longer summary gets a page of its
   * own), each copied into one page buffer as it comes, so none is held.
   */
  writeSnapshot(out: SnapshotWriter, count: number): void {
    const lengths = new Int32Array(count);
    for (let slot = 0; slot < count; slot++) lengths[slot] = this.#bytes(slot).byteLength;
    out.array(lengths);
    const pageBytes = out.chunkBytes;
    let page = new Uint8Array(pageBytes);
    let used = 0;
    for (let slot = 0; slot < count; slot++) {
      const bytes = this.#bytes(slot);
      if (used > 0 && used + bytes.byteLength > page.byteLength) {
        out.array(page.subarray(0, used));
        used = 0;
        if (page.byteLength !== pageBytes) page = new Uint8Array(pageBytes);
      }
      if (bytes.byteLength > page.byteLength) page = new Uint8Array(bytes.byteLength);
      page.set(bytes, used);
      used += bytes.byteLength;
    }
    if (used > 0) out.array(page.subarray(0, used));
  }

  /**
   * Replaces every summary with the `count` of a snapshot written by `writeSnapshot`: a page is
   * read when the next summary does not fit in what is left of the current one.
   */
  readSnapshot(input: SnapshotReader, count: number): void {
    const lengths = input.array(Int32Array);
    if (lengths.length !== count) throw new RangeError("Snapshot summaries have a bad size");
    const pages: Uint8Array[] = [];
    const [pageOf, start, end] = [1, 2, 3].map(() => new Int32Array(count));
    let size = 0;
    let at = 0;
    for (let slot = 0; slot < count; slot++) {
      const length = lengths[slot];
      if (length > 0 && at + length > size) {
        pages.push(input.array(Uint8Array));
        [size, at] = [pages[pages.length - 1].byteLength, 0];
        if (length > size) throw new RangeError("Snapshot summaries have a bad size");
      }
      if (length < 0) throw new RangeError("Snapshot summaries have a bad size");
      pageOf[slot] = pages.length - 1;
      start[slot] = at;
      end[slot] = at += length;
    }
    if (at !== size) throw new RangeError("Snapshot summaries have a bad size");
    [this.#pages, this.#page, this.#start, this.#end] = [pages, pageOf, start, end];
    this.#texts = new Array(count).fill("");
  }

  #text(slot: number): string {
    const text = this.#texts[slot];
    if (text) return text;
    return this.#decoder.decode(this.#snapshotBytes(slot));
  }

  /** A slot's UTF-8 summary: a view of its page, or of a scratch buffer the next call reuses. */
  #bytes(slot: number): Uint8Array {
    const text = this.#texts[slot];
    if (text) {
      if (this.#scratch.byteLength < text.length * 3) {
        this.#scratch = new Uint8Array(text.length * 3);
      }
      return this.#scratch.subarray(0, this.#encoder.encodeInto(text, this.#scratch).written);
    }
    if (slot >= this.#end.length) return new Uint8Array(0);
    return this.#snapshotBytes(slot);
  }

  /** A snapshot slot's UTF-8 summary, as a view of its page. */
  #snapshotBytes(slot: number): Uint8Array {
    const start = this.#start[slot];
    const end = this.#end[slot];
    return start === end ? new Uint8Array(0) : this.#pages[this.#page[slot]].subarray(start, end);
  }
}
