/** Formatting and URL helpers shared by pages, components and islands (pure, no Deno APIs). */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Made on first use: the first Intl formatter loads locale data (~10 ms of a start). */
let numbers: Intl.NumberFormat | undefined;

/** `1234` → `1,234`. */
export function formatNumber(n: number): string {
  numbers ??= new Intl.NumberFormat("en-US");
  return numbers.format(n);
}

/** `1` → `1 vote`, `2` → `2 votes`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** Integer USD cents as dollars: `120000` → `$1,200`, `1050` → `$10.50`. */
export function formatMoney(cents: number): string {
  const dollars = cents / 100;
  const whole = Number.isInteger(dollars);
  return "$" + dollars.toLocaleString("en-US", {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

/** Money in short form for tight spaces: `20305200` → `$203K`; below $10,000 as formatMoney. */
export function formatMoneyShort(cents: number): string {
  if (cents < 1_000_000) return formatMoney(cents);
  return "$" +
    (cents / 100).toLocaleString("en-US", { notation: "compact", maximumFractionDigits: 1 });
}

/** An ISO date or date-time as `Nov 9, 2026` (UTC); empty for a missing or bad value. */
export function formatDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? "");
  if (!m) return "";
  return `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}, ${m[1]}`;
}

/** A week's range: `Nov 16 – 22, 2026` or `Dec 28, 2026 – Jan 3, 2027`. */
export function formatWeekRange(starts: string, ends: string): string {
  const [a, b] = [formatDate(starts), formatDate(ends)];
  if (starts.slice(0, 4) !== ends.slice(0, 4)) return `${a} – ${b}`;
  if (starts.slice(0, 7) === ends.slice(0, 7)) {
    return `${a.replace(/, \d{4}$/, "")} – ${Number(ends.slice(8, 10))}, ${ends.slice(0, 4)}`;
  }
  return `${a.replace(/, \d{4}$/, "")} – ${b}`;
}

/** A snake_case field name as words: `founded_year` → `Founded year`. */
export function humanize(name: string): string {
  const text = name.replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * An external URL that is safe to put in href or src (http or https only), or undefined.
 * `javascript:`, `data:` and relative URLs from listings are never rendered as links.
 */
export function safeUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** The host of a URL without `www.`, for display: `https://www.acme.io/x` → `acme.io`. */
export function displayHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/** Up to two initials of a name, for a placeholder logo: `Acme Docs` → `AD`. */
export function initials(name: string): string {
  const words = name.replace(/[^\p{L}\p{N} ]+/gu, " ").trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => [...w][0].toUpperCase()).join("");
  return letters || "?";
}

/** A stable hue (0-359) for a text, so placeholder logos differ by name. */
export function hueOf(text: string): number {
  let h = 0;
  for (const c of text) h = (h * 31 + c.codePointAt(0)!) % 360;
  return h;
}
