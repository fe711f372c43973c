/**
 * Founders a page's JSON-LD states: `founder`/`founders` of an Organization, or nested as a
 * product's publisher, each quoted from its JSON-LD path.
 */
import type { PageView } from "./pages.ts";
import { sourcedQuote } from "./pages.ts";
import { normalizeQuoteText } from "../text.ts";
import type { Add } from "./founders.ts";

/**
 * JSON-LD `founder`/`founders` wherever they sit (an Organization, or nested as a product's
 * publisher), quoted from their JSON-LD path ("founder.name", "publisher.founder.name").
 */
export function jsonLdFounders(v: PageView, add: Add): void {
  const walk = (o: Record<string, unknown>, prefix: string, depth: number) => {
    if (depth > 4) return;
    for (const [k, val] of Object.entries(o)) {
      if (k.startsWith("@")) continue;
      const path = prefix ? `${prefix}.${k}` : k;
      const items = Array.isArray(val) ? val : [val];
      if (k === "founder" || k === "founders") {
        for (const person of items) jsonLdPerson(v, person, path, add);
        continue;
      }
      for (const item of items) {
        if (item && typeof item === "object") {
          walk(item as Record<string, unknown>, path, depth + 1);
        }
      }
    }
  };
  for (const o of v.page.facts.json_ld ?? []) walk(o, "", 0);
}

function jsonLdPerson(v: PageView, person: unknown, path: string, add: Add): void {
  const rec = typeof person === "object" && person ? person as Record<string, unknown> : null;
  const raw = typeof person === "string" ? person : rec?.name;
  if (typeof raw !== "string") return;
  const n = normalizeQuoteText(raw);
  const at = typeof person === "string" ? path : `${path}.name`;
  if (!v.extras.includes(`${at}: ${n}`)) return;
  const job = typeof rec?.jobTitle === "string" ? normalizeQuoteText(rec.jobTitle) : null;
  const withJob = job !== null && v.extras.includes(`${path}.jobTitle: ${job}`);
  add(n, withJob ? job : null, null, [
    sourcedQuote(v, n, "jsonld", at),
    ...(withJob ? [sourcedQuote(v, job!, "jsonld", `${path}.jobTitle`)] : []),
  ]);
}
