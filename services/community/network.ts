/**
 * Coarse network prefixes of client addresses: enough to see many votes come from one network,
 * never the address itself. IPv4 is cut to its /24, IPv6 to its /48 (IPv4 mapped into IPv6 is
 * treated as IPv4).
 */

/** The /24 (IPv4) or /48 (IPv6) network of an address, or null when it is not an address. */
export function networkPrefix(address: string): string | null {
  const text = address.trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = text.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i);
  const v4 = ipv4Parts(mapped ? mapped[1] : text);
  if (v4) return `${v4[0]}.${v4[1]}.${v4[2]}.0/24`;
  const v6 = ipv6Groups(text);
  if (!v6) return null;
  return `${v6.slice(0, 3).map((g) => g.toString(16)).join(":")}::/48`;
}

function ipv4Parts(text: string): number[] | null {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) return null;
  const parts = text.split(".").map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part allowed), or null. */
function ipv6Groups(text: string): number[] | null {
  if (!text.includes(":") || !/^[0-9a-f:.]+$/i.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string): number[] | null => {
    if (half === "") return [];
    const out: number[] = [];
    for (const part of half.split(":")) {
      const v4 = part.includes(".") ? ipv4Parts(part) : null;
      if (v4) out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      else if (/^[0-9a-f]{1,4}$/i.test(part)) out.push(parseInt(part, 16));
      else return null;
    }
    return out;
  };
  const head = groupsOf(halves[0]);
  const tail = halves.length === 2 ? groupsOf(halves[1]) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...Array(missing).fill(0), ...tail];
}
