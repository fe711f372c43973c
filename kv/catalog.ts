/** Reference data: site settings, products and prices, interview questions. */
import * as keys from "./keys.ts";
import type { Category, InterviewQuestion, Product, SiteSettings } from "./types.ts";

/** Reads the site settings (null before the first start seeded them). */
export async function getSiteSettingsRecord(kv: Deno.Kv): Promise<SiteSettings | null> {
  return (await kv.get<SiteSettings>(keys.siteSettingsKey())).value;
}

/** Writes the site settings. */
export async function putSiteSettings(kv: Deno.Kv, settings: SiteSettings): Promise<void> {
  await kv.set(keys.siteSettingsKey(), settings);
}

/** Writes a product (create or replace). */
export async function putProduct(kv: Deno.Kv, product: Product): Promise<void> {
  await kv.set(keys.productKey(product.code), product);
}

/** Reads one product by code. */
export async function getProductRecord(kv: Deno.Kv, code: string): Promise<Product | null> {
  return (await kv.get<Product>(keys.productKey(code))).value;
}

/** Every product, by position. */
export async function listProductRecords(kv: Deno.Kv): Promise<Product[]> {
  const out: Product[] = [];
  for await (const e of kv.list<Product>({ prefix: keys.productsPrefix() })) out.push(e.value);
  return out.sort((a, b) => a.position - b.position);
}

/** Writes an interview question. */
export async function putInterviewQuestion(
  kv: Deno.Kv,
  question: InterviewQuestion,
): Promise<void> {
  await kv.set(keys.interviewQuestionKey(question.id), question);
}

/** Every interview question, by position. */
export async function listInterviewQuestionRecords(kv: Deno.Kv): Promise<InterviewQuestion[]> {
  const out: InterviewQuestion[] = [];
  for await (const e of kv.list<InterviewQuestion>({ prefix: keys.interviewQuestionsPrefix() })) {
    out.push(e.value);
  }
  return out.sort((a, b) => a.position - b.position);
}

/** One reference set to seed: the records and the key of each. */
export type ReferenceSet =
  | { name: "settings"; records: [SiteSettings] }
  | { name: "categories"; records: Category[] }
  | { name: "products"; records: Product[] }
  | { name: "interview_questions"; records: InterviewQuestion[] };

function keyOf(set: ReferenceSet, record: unknown): Deno.KvKey {
  switch (set.name) {
    case "settings":
      return keys.siteSettingsKey();
    case "categories":
      return keys.categoryKey((record as Category).slug);
    case "products":
      return keys.productKey((record as Product).code);
    case "interview_questions":
      return keys.interviewQuestionKey((record as InterviewQuestion).id);
  }
}

/**
 * Writes a reference set and its "seeded" marker in one atomic operation, only if the set was
 * never seeded: later edits by the site team stay, and a crash never leaves half a set.
 * Returns true when it wrote.
 */
export async function seedReferenceSet(kv: Deno.Kv, set: ReferenceSet, at: Date): Promise<boolean> {
  const marker = keys.seedMarkerKey(set.name);
  const op = kv.atomic().check({ key: marker, versionstamp: null }).set(marker, at.toISOString());
  for (const record of set.records) op.set(keyOf(set, record), record);
  return (await op.commit()).ok;
}

/** Marks a one-time job as done; returns false when it already was. */
export async function claimSeed(kv: Deno.Kv, name: string, at: Date): Promise<boolean> {
  const key = keys.seedMarkerKey(name);
  return (await kv.atomic().check({ key, versionstamp: null }).set(key, at.toISOString()).commit())
    .ok;
}

/** The site settings record with its versionstamp (value null before the first start). */
export function getSiteSettingsEntry(kv: Deno.Kv): Promise<Deno.KvEntryMaybe<SiteSettings>> {
  return kv.get<SiteSettings>(keys.siteSettingsKey());
}

/** Adds to `op` the settings, checked against the version read: a change made meanwhile fails it. */
export function stageSiteSettings(
  op: Deno.AtomicOperation,
  read: Deno.KvEntryMaybe<SiteSettings>,
  settings: SiteSettings,
): Deno.AtomicOperation {
  return op.check(read).set(keys.siteSettingsKey(), settings);
}

/** Every product with its versionstamp, by position. */
export async function listProductEntries(kv: Deno.Kv): Promise<Deno.KvEntry<Product>[]> {
  const out: Deno.KvEntry<Product>[] = [];
  for await (const e of kv.list<Product>({ prefix: keys.productsPrefix() })) out.push(e);
  return out.sort((a, b) => a.value.position - b.value.position);
}

/** Adds to `op` a product, checked against the version read. */
export function stageProduct(
  op: Deno.AtomicOperation,
  read: Deno.KvEntry<Product>,
  product: Product,
): Deno.AtomicOperation {
  return op.check(read).set(keys.productKey(product.code), product);
}
