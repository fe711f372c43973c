/**
 * Founders a page's JSON-LD states: `founder`/`founders` of an Organization, nested as a
 * product's publisher, or pointing by `@id` to a Person of the page's `@graph`, each quoted from
 * its JSON-LD path. Founders of another organisation the page names (an investor) are left out.
 */
import type { PageView } from "./pages.ts";
import { sourcedQuote } from "./pages.ts";
import { normalizeQuoteText } from "../text.ts";
import { isRecord, namedNode, organizations, referenceOf } from "../extract/json_ld.ts";
import { isOwnName } from "./people.ts";
import type { Add } from "./founders.ts";

/**
 * JSON-LD `founder`/`founders` wherever they sit (an Organization, or nested as a product's
 * publisher), quoted from their JSON-LD path ("founder.name", "publisher.founder.name"); an `@id`
 * reference is quoted from the node it points to ("name", "jobTitle").
 */
export function jsonLdFounders(v: PageView, own: string[], add: Add): void {
  const jsonLd = v.page.facts.json_ld ?? [];
  const others = otherOrganization(jsonLd, own);
  const walk = (o: Record<string, unknown>, prefix: string, depth: number) => {
    if (depth > 4) return;
    for (const [k, val] of Object.entries(o)) {
      if (k.startsWith("@")) continue;
      const path = prefix ? `${prefix}.${k}` : k;
      const items = Array.isArray(val) ? val : [val];
      if (k === "founder" || k === "founders") {
        if (!others(o)) items.forEach((person) => founderItem(v, person, path, add));
        continue;
      }
      for (const item of items) {
        if (isRecord(item)) walk(item, path, depth + 1);
      }
    }
  };
  for (const o of jsonLd) walk(o, "", 0);
}

/**
 * Whether an object holding a `founder` is another organisation than the site's: it has a name
 * that is not the site's own while another organisation of the page carries the site's name.
 */
function otherOrganization(jsonLd: Record<string, unknown>[], own: string[]) {
  const named = (o: Record<string, unknown>) => typeof o.name === "string" ? o.name : null;
  const ownPresent = organizations(jsonLd).some((o) => {
    const n = named(o);
    return n !== null && isOwnName(n, own);
  });
  return (holder: Record<string, unknown>): boolean => {
    const n = named(holder);
    return ownPresent && n !== null && !isOwnName(n, own);
  };
}

function founderItem(v: PageView, person: unknown, path: string, add: Add): void {
  const ref = referenceOf(person);
  const node = ref ? namedNode(v.page.facts.json_ld ?? [], ref) : null;
  // A graph member's own values sit at the top of its path ("name", "jobTitle").
  if (node) return jsonLdPerson(v, node, "", add);
  jsonLdPerson(v, person, path, add);
}

function jsonLdPerson(v: PageView, person: unknown, path: string, add: Add): void {
  const rec = isRecord(person) ? person : null;
  const raw = typeof person === "string" ? person : rec?.name;
  if (typeof raw !== "string") return;
  const n = normalizeQuoteText(raw);
  const at = typeof person === "string" ? path : path ? `${path}.name` : "name";
  if (!v.extras.includes(`${at}: ${n}`)) return;
  const jobAt = path ? `${path}.jobTitle` : "jobTitle";
  const job = typeof rec?.jobTitle === "string" ? normalizeQuoteText(rec.jobTitle) : null;
  const withJob = job !== null && v.extras.includes(`${jobAt}: ${job}`);
  add(n, withJob ? job : null, null, [
    sourcedQuote(v, n, "jsonld", at),
    ...(withJob ? [sourcedQuote(v, job!, "jsonld", jobAt)] : []),
  ]);
}
