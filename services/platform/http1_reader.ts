/**
 * Buffered reading of an HTTP/1.1 response from a connection's byte stream: the head as lines,
 * then the body framed by a length, by chunks, or by the end of the connection. Used by
 * http1_client.ts. After `signal` aborts, every read fails with the signal's reason (a read that
 * ends because the connection was closed on abort is never taken for the end of the body).
 */

/** The server's answer could not be understood (bad status line, framing or headers). */
export class HttpProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HttpProtocolError";
  }
}

/** Longest chunk-size line or trailer line accepted, in bytes. */
const MAX_LINE_BYTES = 8 * 1024;
/** Most trailer bytes read after the last chunk. */
const MAX_TRAILER_BYTES = 64 * 1024;

/** A byte buffer over a connection's reader. */
export class ConnReader {
  #buf: Uint8Array = new Uint8Array(0);
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  #signal: AbortSignal;

  constructor(reader: ReadableStreamDefaultReader<Uint8Array>, signal: AbortSignal) {
    this.#reader = reader;
    this.#signal = signal;
  }

  /** Reads more bytes into the buffer; false at the end of the connection. */
  async #fill(): Promise<boolean> {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await this.#reader.read();
    } catch (err) {
      throw this.#signal.aborted ? this.#signal.reason : err;
    }
    if (this.#signal.aborted) throw this.#signal.reason;
    if (result.done) return false;
    const value = result.value;
    if (this.#buf.byteLength === 0) {
      this.#buf = value;
    } else {
      const joined = new Uint8Array(this.#buf.byteLength + value.byteLength);
      joined.set(this.#buf);
      joined.set(value, this.#buf.byteLength);
      this.#buf = joined;
    }
    return true;
  }

  /**
   * The lines of the next head (status line first, without the blank line that ends it), or null
   * when the connection ends before any byte. Refuses a head over `maxBytes` or one that does not
   * start like an HTTP/1.x status line.
   */
  async readHeadLines(maxBytes: number): Promise<string[] | null> {
    let scanned = 0;
    for (;;) {
      const end = headEnd(this.#buf, scanned);
      if ((end?.[1] ?? this.#buf.byteLength) > maxBytes) {
        throw new HttpProtocolError(`the response head is larger than ${maxBytes} bytes`);
      }
      if (end) {
        const text = new TextDecoder("latin1").decode(this.#buf.subarray(0, end[0]));
        this.#buf = this.#buf.subarray(end[1]);
        return text.split(/\r?\n/);
      }
      scanned = Math.max(0, this.#buf.byteLength - 3);
      const more = await this.#fill();
      const start = new TextDecoder("latin1").decode(this.#buf.subarray(0, 80));
      if (start.length >= 5 && !start.startsWith("HTTP/")) {
        throw new HttpProtocolError(
          `not an HTTP/1.x status line: ${JSON.stringify(start.split(/\r?\n/)[0])}`,
        );
      }
      if (!more) {
        if (this.#buf.byteLength === 0) return null;
        throw new HttpProtocolError("the connection closed in the middle of the response head");
      }
    }
  }

  /** Up to `max` bytes: what is buffered, else the next read; null at the end of the connection. */
  async take(max = Infinity): Promise<Uint8Array | null> {
    if (this.#buf.byteLength === 0 && !(await this.#fill())) return null;
    const piece = this.#buf.subarray(0, Math.min(max, this.#buf.byteLength));
    this.#buf = this.#buf.subarray(piece.byteLength);
    return piece;
  }

  /** One line (CRLF or LF ended, without it); refuses a longer one than `maxBytes`. */
  async readLine(maxBytes: number): Promise<string> {
    for (;;) {
      const newline = this.#buf.indexOf(10);
      if (newline >= 0 && newline <= maxBytes + 1) {
        const line = new TextDecoder("latin1").decode(this.#buf.subarray(0, newline));
        this.#buf = this.#buf.subarray(newline + 1);
        return line.replace(/\r$/, "");
      }
      if (this.#buf.byteLength > maxBytes + 1) {
        throw new HttpProtocolError(
          `a line of the body's framing is longer than ${maxBytes} bytes`,
        );
      }
      if (!(await this.#fill())) {
        throw new HttpProtocolError("the connection closed in the middle of the body's framing");
      }
    }
  }

  /** The next pieces of a body of exactly `length` bytes (null once all were read). */
  lengthReader(length: number): () => Promise<Uint8Array | null> {
    let left = length;
    return async () => {
      if (left === 0) return null;
      const piece = await this.take(left);
      if (!piece) {
        throw new HttpProtocolError(
          `the connection closed after ${length - left} of the ${length} bytes announced`,
        );
      }
      left -= piece.byteLength;
      return piece;
    };
  }

  /** The next pieces of a chunked body (null after the last chunk and its trailers). */
  chunkedReader(): () => Promise<Uint8Array | null> {
    let left = 0;
    let finished = false;
    return async () => {
      if (finished) return null;
      if (left === 0) {
        left = chunkSize(await this.readLine(MAX_LINE_BYTES));
        if (left === 0) {
          await this.#skipTrailers();
          finished = true;
          return null;
        }
      }
      const piece = await this.take(left);
      if (!piece) throw new HttpProtocolError("the connection closed in the middle of a chunk");
      left -= piece.byteLength;
      if (left === 0 && (await this.readLine(0)) !== "") {
        throw new HttpProtocolError("a chunk is longer than its size says");
      }
      return piece;
    };
  }

  async #skipTrailers(): Promise<void> {
    let total = 0;
    for (;;) {
      const line = await this.readLine(MAX_LINE_BYTES);
      if (line === "") return;
      total += line.length;
      if (total > MAX_TRAILER_BYTES) {
        throw new HttpProtocolError(`the trailers are larger than ${MAX_TRAILER_BYTES} bytes`);
      }
    }
  }
}

/** The size of a chunk-size line ("1a;ext=1"), or a protocol error. */
function chunkSize(line: string): number {
  const match = /^([0-9a-fA-F]{1,12})[ \t]*(?:;.*)?$/.exec(line);
  if (!match) throw new HttpProtocolError(`a bad chunk size: ${JSON.stringify(line.slice(0, 40))}`);
  return parseInt(match[1], 16);
}

/**
 * Where the head in `buf` ends: [end of its last line, start of the body], found from `from` on
 * (a blank line: CRLF CRLF, or LF LF from lenient servers), or null.
 */
function headEnd(buf: Uint8Array, from: number): [number, number] | null {
  for (let i = buf.indexOf(10, from); i >= 0; i = buf.indexOf(10, i + 1)) {
    const lineEnd = buf[i - 1] === 13 ? i - 1 : i;
    if (buf[i + 1] === 10) return [lineEnd, i + 2];
    if (buf[i + 1] === 13 && buf[i + 2] === 10) return [lineEnd, i + 3];
  }
  return null;
}
