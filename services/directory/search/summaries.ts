/**
 * The summaries of the index's slots, kept as JSON text and parsed only for the results shown:
 * slots loaded from a snapshot keep theirs as UTF-8 in one shared pool (decoded on demand, so a
 * start never decodes them all); slots written since hold a string.
 */
import { type ListingSummary, summaryOf } from "../summary.ts";
import type { SnapshotReader, SnapshotWriter } from "./codec.ts";

/** Per-slot summary text; see the module documentation. */
export class Summaries {
  /** The JSON of slots written since the snapshot ("" otherwise). */
  #texts: string[] = [];
  /** The snapshot's UTF-8 summaries, and each snapshot slot's range in them. */
  #pool = new Uint8Array(0);
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
      this.#start[to] = this.#start[from];
      this.#end[to] = this.#end[from];
    }
  }

  /** Keeps the first `count` slots. */
  truncate(count: number): void {
    this.#texts.length = Math.min(this.#texts.length, count);
  }

  /**
   * Writes the summaries of the first `count` slots: their lengths, then their UTF-8 bytes (each
   * encoded into one scratch buffer as the writer takes it, so none is held).
   */
  writeSnapshot(out: SnapshotWriter, count: number): void {
    const lengths = new Int32Array(count);
    let total = 0;
    for (let slot = 0; slot < count; slot++) total += lengths[slot] = this.#bytes(slot).byteLength;
    out.array(lengths);
    const bytes = (function* (summaries: Summaries) {
      for (let slot = 0; slot < count; slot++) yield summaries.#bytes(slot);
    })(this);
    out.concatenated(total, bytes);
  }

  /** Replaces every summary with the `count` of a snapshot written by `writeSnapshot`. */
  readSnapshot(input: SnapshotReader, count: number): void {
    const lengths = input.array(Int32Array);
    if (lengths.length !== count) throw new RangeError("Snapshot summaries have a bad size");
    this.#pool = input.array(Uint8Array);
    this.#start = new Int32Array(count);
    this.#end = new Int32Array(count);
    let at = 0;
    for (let slot = 0; slot < count; slot++) {
      this.#start[slot] = at;
      at += lengths[slot];
      this.#end[slot] = at;
    }
    if (at !== this.#pool.byteLength) throw new RangeError("Snapshot summaries have a bad size");
    this.#texts = new Array(count).fill("");
  }

  #text(slot: number): string {
    const text = this.#texts[slot];
    if (text) return text;
    return this.#decoder.decode(this.#pool.subarray(this.#start[slot], this.#end[slot]));
  }

  /** A slot's UTF-8 summary: a view of the pool, or of a scratch buffer the next call reuses. */
  #bytes(slot: number): Uint8Array {
    const text = this.#texts[slot];
    if (text) {
      if (this.#scratch.byteLength < text.length * 3) {
        this.#scratch = new Uint8Array(text.length * 3);
      }
      return this.#scratch.subarray(0, this.#encoder.encodeInto(text, this.#scratch).written);
    }
    if (slot >= this.#end.length) return new Uint8Array(0);
    return this.#pool.subarray(this.#start[slot], this.#end[slot]);
  }
}
