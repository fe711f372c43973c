/**
 * Domain Rating readings and revenue figures entered by the site team: one reading or figure at
 * a time (written with its audit entry in one atomic operation), many readings from CSV (checked
 * line by line: any refused line and nothing is imported), and readings fetched from the
 * configured provider.
 */
import { stageAudit } from "../../kv/audit.ts";
import { recordDomainRating, recordRevenue } from "../../kv/listing_stats.ts";
import { getListing, getListingBySlug, listListingIdsByStatus } from "../../kv/listings.ts";
import type { Listing } from "../../kv/types.ts";
import { badRequest, type Deps, notFound } from "../platform/mod.ts";
import { isoDate, parseIsoDate } from "../platform/weeks.ts";
import { auditEntry, recordAudit } from "./audit.ts";
import { domainRatingProvider } from "./domain_rating_provider.ts";
import { parseDollars } from "./settings.ts";

/** Lines one CSV import may hold. */
export const IMPORT_MAX_LINES = 5000;
const EARLIEST = "2000-01-01";

/** A Domain Rating reading: listing slug, date `YYYY-MM-DD`, value 0 to 100. */
export interface ReadingInput {
  slug: string;
  date: string;
  value: number;
}

/** Why a reading is refused (null when it is acceptable), with the field it is about. */
function readingProblem(
  deps: Deps,
  raw: { date: string; value: string },
): { path: string; message: string } | null {
  const today = isoDate(deps.now());
  if (!parseIsoDate(raw.date) || raw.date < EARLIEST || raw.date > today) {
    return { path: "date", message: `A date YYYY-MM-DD from ${EARLIEST} to today (${today})` };
  }
  if (!/^\d{1,3}$/.test(raw.value) || Number(raw.value) > 100) {
    return { path: "value", message: "A whole number from 0 to 100" };
  }
  return null;
}

/** Reads one reading from the form; a 400 at the refused field. */
export function readReading(deps: Deps, form: URLSearchParams): ReadingInput {
  const text = (name: string) => (form.get(name) ?? "").trim();
  const raw = { slug: text("slug"), date: text("date"), value: text("value") };
  const problem = raw.slug === ""
    ? { path: "slug", message: "Choose a listing" }
    : readingProblem(deps, raw);
  if (problem) throw badRequest(`Reading not saved: ${problem.message}`, [problem]);
  return { ...raw, value: Number(raw.value) };
}

async function listingAt(deps: Deps, slug: string): Promise<Listing> {
  const listing = await getListingBySlug(deps.kv, slug);
  if (!listing) {
    throw badRequest(`No listing "${slug}"`, [{ path: "slug", message: "No such listing" }]);
  }
  return listing;
}

/** Records one reading and its "domain_rating.add" entry in one write. */
export async function addDomainRating(
  deps: Deps,
  by: string,
  input: ReadingInput,
  source: "manual" | "provider" = "manual",
): Promise<void> {
  const listing = await listingAt(deps, input.slug);
  const entry = auditEntry(deps, {
    by,
    action: "domain_rating.add",
    target: { type: "listing", id: listing.slug },
    reason: null,
    detail: { date: input.date, value: input.value, source },
  });
  const done = await recordDomainRating(
    deps.kv,
    listing.id,
    input.date,
    input.value,
    (op) => stageAudit(op, entry),
  );
  if (!done) throw notFound("listing", input.slug);
}

/** A refused line of an import: its 1-based number, its text and why. */
export interface RefusedLine {
  line: number;
  text: string;
  reason: string;
}

/** What an import did: the readings imported (0 when any line was refused) and the refused lines. */
export interface ImportResult {
  imported: number;
  refused: RefusedLine[];
}

/**
 * Imports `slug,date,value` lines (a first line `slug,date,value` is a header; blank lines are
 * skipped). Every line is checked first; when any is refused nothing is imported, so the file can
 * be corrected and imported again whole. Then each reading is written, and one
 * "domain_rating.import" entry records the count.
 */
export async function importDomainRatings(
  deps: Deps,
  by: string,
  csv: string,
): Promise<ImportResult> {
  const lines = csv.replace(/\r\n?/g, "\n").split("\n");
  if (lines.length > IMPORT_MAX_LINES) {
    throw badRequest(`At most ${IMPORT_MAX_LINES} lines per import`, [
      { path: "csv", message: `At most ${IMPORT_MAX_LINES} lines` },
    ]);
  }
  const refused: RefusedLine[] = [];
  const readings: { listing: Listing; date: string; value: number }[] = [];
  const seen = new Map<string, number>();
  const slugs = new Map<string, Listing | null>();
  for (const [i, raw] of lines.entries()) {
    const text = raw.trim();
    if (text === "" || (i === 0 && /^slug\s*,\s*date\s*,\s*value$/i.test(text))) continue;
    const refuse = (reason: string) => refused.push({ line: i + 1, text, reason });
    const cells = text.split(",").map((c) => c.trim());
    if (cells.length !== 3) {
      refuse("Expected three values: slug,date,value");
      continue;
    }
    const [slug, date, value] = cells;
    if (!slugs.has(slug)) slugs.set(slug, await getListingBySlug(deps.kv, slug));
    const listing = slugs.get(slug);
    const problem = listing ? readingProblem(deps, { date, value }) : null;
    const twice = seen.get(`${slug},${date}`);
    if (!listing) refuse(`No listing "${slug}"`);
    else if (problem) refuse(`${problem.path}: ${problem.message}`);
    else if (twice) refuse(`Same listing and date as line ${twice}`);
    else {
      seen.set(`${slug},${date}`, i + 1);
      readings.push({ listing, date, value: Number(value) });
    }
  }
  if (refused.length > 0) return { imported: 0, refused };
  if (readings.length === 0) {
    throw badRequest("No readings to import", [{ path: "csv", message: "No lines to import" }]);
  }
  for (const r of readings) await recordDomainRating(deps.kv, r.listing.id, r.date, r.value);
  await recordAudit(deps, {
    by,
    action: "domain_rating.import",
    target: { type: "listings", id: `${new Set(readings.map((r) => r.listing.slug)).size}` },
    reason: null,
    detail: { imported: readings.length, source: "csv" },
  });
  return { imported: readings.length, refused: [] };
}

/** Whether a Domain Rating provider is configured (the "fetch now" buttons show only then). */
export function hasDomainRatingProvider(deps: Deps): boolean {
  return domainRatingProvider(deps.config) !== null;
}

/** Fetches one listing's reading now from the provider and records it as a "domain_rating.add". */
export async function fetchDomainRating(deps: Deps, by: string, slug: string): Promise<number> {
  const provider = domainRatingProvider(deps.config);
  if (!provider) throw notFound("Domain Rating provider", "DOMAIN_RATING_API_URL");
  const listing = await listingAt(deps, slug);
  let value: number;
  try {
    value = await provider.rating(listing.domain);
  } catch (err) {
    throw badRequest(`No reading for ${listing.name}: ${(err as Error).message}`, [
      { path: "slug", message: "The provider gave no reading" },
    ]);
  }
  await addDomainRating(deps, by, { slug, date: isoDate(deps.now()), value }, "provider");
  return value;
}

/**
 * Fetches a reading now for every live listing (four at a time); one "domain_rating.import"
 * entry records how many were recorded and which listings the provider gave none for.
 */
export async function fetchAllDomainRatings(
  deps: Deps,
  by: string,
): Promise<{ recorded: number; failed: string[] }> {
  const provider = domainRatingProvider(deps.config);
  if (!provider) throw notFound("Domain Rating provider", "DOMAIN_RATING_API_URL");
  const ids = await listListingIdsByStatus(deps.kv, "live");
  const date = isoDate(deps.now());
  const failed: string[] = [];
  let recorded = 0;
  const next = ids.values();
  const worker = async () => {
    for (const id of next) {
      const listing = await getListing(deps.kv, id);
      if (!listing) continue;
      try {
        const value = await provider.rating(listing.domain);
        if (await recordDomainRating(deps.kv, id, date, value)) recorded++;
      } catch {
        failed.push(listing.slug);
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  await recordAudit(deps, {
    by,
    action: "domain_rating.import",
    target: { type: "listings", id: "live" },
    reason: null,
    detail: { imported: recorded, failed, source: "provider" },
  });
  return { recorded, failed };
}

/** A revenue figure: listing slug, month `YYYY-MM`, MRR in cents and whether it is verified. */
export interface RevenueInput {
  slug: string;
  month: string;
  mrr_cents: number;
  verified: boolean;
}

/** Reads a revenue figure from the form (MRR in dollars); a 400 with every refused field. */
export function readRevenue(deps: Deps, form: URLSearchParams): RevenueInput {
  const text = (name: string) => (form.get(name) ?? "").trim();
  const details: { path: string; message: string }[] = [];
  const slug = text("slug");
  if (slug === "") details.push({ path: "slug", message: "Choose a listing" });
  const month = text("month");
  const thisMonth = isoDate(deps.now()).slice(0, 7);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || month < "2000-01" || month > thisMonth) {
    details.push({ path: "month", message: `A month YYYY-MM from 2000-01 to ${thisMonth}` });
  }
  const cents = parseDollars(text("mrr"));
  if (cents === null || cents > 100_000_000_00) {
    details.push({ path: "mrr", message: "An amount in dollars, e.g. 1200 or 1200.50" });
  }
  if (details.length > 0) throw badRequest(`Figure not saved: ${details[0].message}`, details);
  return { slug, month, mrr_cents: cents!, verified: form.get("verified") === "on" };
}

/** Records a revenue figure and its "revenue.add" entry in one write. */
export async function addRevenue(deps: Deps, by: string, input: RevenueInput): Promise<void> {
  const listing = await listingAt(deps, input.slug);
  const source = input.verified ? "verified" : "self_reported";
  const entry = auditEntry(deps, {
    by,
    action: "revenue.add",
    target: { type: "listing", id: listing.slug },
    reason: null,
    detail: { month: input.month, mrr_cents: input.mrr_cents, source },
  });
  const figure = { month: input.month, mrr_cents: input.mrr_cents, source } as const;
  const done = await recordRevenue(deps.kv, listing.id, figure, (op) => stageAudit(op, entry));
  if (!done) throw notFound("listing", input.slug);
}
