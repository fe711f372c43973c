/** Text helpers of the demo: casing, lists, plain-ASCII handles and phrase templates. */
import { TEXTS } from "./data.ts";
import { int, pick, type Rng } from "./rng.ts";

const KEEP_CASE = new Set(TEXTS.keep_case);

/** Lowercases the first letter unless the first word is a name or an acronym. */
export function lcFirst(text: string): string {
  const word = text.split(/[\s,]/)[0];
  if (KEEP_CASE.has(word) || /[A-Z0-9]/.test(word.slice(1)) || /^\d/.test(word)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Uppercases the first letter. */
export function ucFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a, b and c". */
export function listText(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Lowercase letters and digits only: "Zoë Café" → "zoecafe". */
export function ascii(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(
    /[^a-z0-9]/g,
    "",
  );
}

/** The month ("2026-11") of a date, shifted by whole months. */
export function monthOf(date: Date, offsetMonths = 0): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offsetMonths, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * Fills a phrase template left to right: `{int:30-60}` draws a whole number, `{pick:a|b|c}` one of
 * the choices, and `{key}` is `values[key]`.
 */
export function fillTemplate(rng: Rng, template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)(?::([^}]*))?\}/g, (whole, key: string, arg?: string) => {
    if (key === "int" && arg) {
      const [min, max] = arg.split("-").map(Number);
      return String(int(rng, min, max));
    }
    if (key === "pick" && arg) return pick(rng, arg.split("|"));
    return values[key] ?? whole;
  });
}

/** Fills every variant, then picks one of them (a single variant is used as it is). */
export function pickFilled(rng: Rng, variants: string[], values: Record<string, string>): string {
  const filled = variants.map((v) => fillTemplate(rng, v, values));
  return filled.length === 1 ? filled[0] : pick(rng, filled);
}
