/**
 * A small DNS server on 127.0.0.1 (UDP, through `node:dgram`, so no unstable flag is needed) that
 * answers TXT queries from a table the test changes; any other name is NXDOMAIN, any other type
 * an empty answer. Point `DNS_NAMESERVER` (config.dnsNameServer) at `nameServer`.
 */
import dgram from "node:dgram";

/** Reads the question's name starting at byte 12; returns it and the offset after it. */
function readName(msg: Uint8Array, start: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = start;
  while (msg[i] !== 0) {
    const len = msg[i];
    labels.push(new TextDecoder().decode(msg.subarray(i + 1, i + 1 + len)));
    i += len + 1;
  }
  return { name: labels.join(".").toLowerCase(), end: i + 1 };
}

/** One TXT record's RDATA: the text in strings of at most 255 bytes. */
function txtRdata(text: string): number[] {
  const bytes = [...new TextEncoder().encode(text)];
  const out: number[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.slice(i, i + 255);
    out.push(chunk.length, ...chunk);
  }
  return out;
}

/** The answer to one query. */
function answer(msg: Uint8Array, records: Map<string, string[]>): Uint8Array {
  const { name, end } = readName(msg, 12);
  const qtype = (msg[end] << 8) | msg[end + 1];
  const question = [...msg.subarray(12, end + 4)];
  const known = records.get(name);
  const txts = known && qtype === 16 ? known : [];
  const rcode = known ? 0 : 3;
  const header = [
    msg[0],
    msg[1],
    0x80 | (msg[2] & 0x01),
    0x80 | rcode,
    0,
    1,
    txts.length >> 8,
    txts.length & 255,
    0,
    0,
    0,
    0,
  ];
  const answers = txts.flatMap((text) => {
    const rdata = txtRdata(text);
    return [0xc0, 0x0c, 0, 16, 0, 1, 0, 0, 0, 60, rdata.length >> 8, rdata.length & 255, ...rdata];
  });
  return new Uint8Array([...header, ...question, ...answers]);
}

/** Starts the server; `set(name, values)` publishes TXT records (none: NXDOMAIN). */
export async function serveDns() {
  const records = new Map<string, string[]>();
  const queries: string[] = [];
  const socket = dgram.createSocket("udp4");
  socket.on("message", (msg: Uint8Array, rinfo: { address: string; port: number }) => {
    queries.push(readName(msg, 12).name);
    socket.send(answer(msg, records), rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", () => resolve()));
  const port = socket.address().port;
  return {
    nameServer: { ipAddr: "127.0.0.1", port },
    /** Publishes TXT records at a name (an empty list: the name exists without TXT records). */
    set: (name: string, values: string[]) => records.set(name.toLowerCase(), values),
    remove: (name: string) => records.delete(name.toLowerCase()),
    /** Names asked for, in order. */
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
export type DnsFake = Awaited<ReturnType<typeof serveDns>>;
