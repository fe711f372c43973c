/**
 * The LLM drafter: any OpenAI-compatible chat completions endpoint (`OPENAI_API_KEY`,
 * `OPENAI_BASE_URL`, `OPENAI_MODEL`), asked for structured output (a strict JSON schema) in which
 * every value carries its quotes. The answer is only a proposal: the verifier checks every quote
 * and value afterwards. Any failure (HTTP, timeout, refusal, malformed JSON) throws, and the
 * caller falls back to the extractive drafter.
 */
import type { Config } from "../platform/config.ts";
import { openAiSdk } from "../platform/lazy.ts";
import {
  type CategoryChoice,
  DRAFT_FIELDS,
  type DraftedValue,
  type DraftFieldName,
  type DraftProposal,
  type EvidencePage,
  type EvidenceQuote,
  QUOTE_SOURCES,
  STORY_SECTIONS,
} from "./evidence.ts";
import { SOCIAL_KEYS, STAGES } from "../../kv/types.ts";
import { PRICING_MODELS } from "./vocabulary.ts";
import { draftMessages } from "./drafter_llm_prompt.ts";

export { draftMessages, pagesForPrompt } from "./drafter_llm_prompt.ts";

/** Options of one LLM draft. */
export interface LlmOptions {
  categories: CategoryChoice[];
  only?: DraftFieldName[];
  /** Time for the whole call, in milliseconds. */
  timeoutMs?: number;
  /** Characters of page text sent at most (a token budget of roughly a quarter of it). */
  maxChars?: number;
}

/** The model's answer could not be used. */
export class LlmDraftError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LlmDraftError";
  }
}

const LIST_FIELDS = new Set<DraftFieldName>(["categories", "tags", "features", "usps", "keywords"]);
const FIELD_HINTS: Record<DraftFieldName, string> = {
  name: "the product's name",
  tagline: "one line saying what the product is, in the site's words",
  short_description: "one or two sentences",
  description: "a few paragraphs built from the site's own sentences",
  stage: "only if the site states it: beta or early access = mvp, generally available = launched",
  categories: "1 to 3 category names from the list, the primary first",
  tags: "up to 6 short topic words or phrases that appear on the site",
  pricing_model: "only from the pricing the site shows",
  pricing_summary: "plan names and prices as the site shows them",
  country: "ISO 3166-1 alpha-2 code of the country the company is based in, only if stated",
  city: "the city the company is based in, only if stated",
  founded_year: "four-digit year, only from founding words (founded, since, started, established)",
  features: "up to 12 product features, each a short phrase from the site",
  usps: "up to 5 unique selling points, each a short phrase from the site",
  keywords: "up to 10 search keywords that appear on the site",
  contact_email: "an email address shown on the site",
  demo_video_url: "a video link listed on the site",
  logo_url: "the logo link listed on the site",
};

const QUOTES_SCHEMA = {
  type: "array",
  description:
    "Verbatim passages copied from the page with that URL, each from the source it names: the page text (locator null), a metadata value (locator: its name), a structured data or app data value (locator: its path) or an image's alt text (locator: the image URL)",
  items: {
    type: "object",
    properties: {
      quote: { type: "string" },
      url: { type: "string" },
      source: { type: "string", enum: [...QUOTE_SOURCES] },
      locator: { type: ["string", "null"] },
    },
    required: ["quote", "url", "source", "locator"],
    additionalProperties: false,
  },
};

function quoted(value: Record<string, unknown>, description?: string) {
  return {
    type: "object",
    ...(description ? { description } : {}),
    properties: { value, quotes: QUOTES_SCHEMA },
    required: ["value", "quotes"],
    additionalProperties: false,
  };
}

function strictObject(properties: Record<string, unknown>) {
  return {
    type: "object",
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

function fieldSchema(field: DraftFieldName, categories: string[]): Record<string, unknown> {
  const hint = FIELD_HINTS[field];
  if (field === "categories") {
    return quoted({
      type: ["array", "null"],
      items: categories.length > 0 ? { type: "string", enum: categories } : { type: "string" },
    }, hint);
  }
  if (LIST_FIELDS.has(field)) {
    return quoted({ type: ["array", "null"], items: { type: "string" } }, hint);
  }
  if (field === "stage") return quoted({ type: ["string", "null"], enum: [...STAGES, null] }, hint);
  if (field === "pricing_model") {
    return quoted({ type: ["string", "null"], enum: [...PRICING_MODELS, null] }, hint);
  }
  return quoted({ type: ["string", "null"] }, hint);
}

/** The strict JSON schema of the answer (only the asked fields when `only` is given). */
export function draftSchema(
  categories: string[],
  only?: DraftFieldName[],
): Record<string, unknown> {
  const fields = only ?? [...DRAFT_FIELDS];
  const fieldProps = strictObject(
    Object.fromEntries(fields.map((f) => [f, fieldSchema(f, categories)])),
  );
  if (only) return strictObject({ fields: fieldProps });
  const text = { type: "string" };
  const nullableText = { type: ["string", "null"] };
  const socialSchema = strictObject({
    platform: { type: "string", enum: [...SOCIAL_KEYS] },
    url: text,
    quotes: QUOTES_SCHEMA,
  });
  return strictObject({
    fields: fieldProps,
    faqs: {
      type: "array",
      description: "Questions and answers the site itself shows (at most 10)",
      items: strictObject({ question: text, answer: text, quotes: QUOTES_SCHEMA }),
    },
    founders: {
      type: "array",
      description:
        "People the site names as founders (at most 6); never people quoted in testimonials",
      items: strictObject({
        name: text,
        title: nullableText,
        bio: nullableText,
        quotes: QUOTES_SCHEMA,
        socials: {
          type: "array",
          description:
            "The founder's own profiles (LinkedIn /in/, X, GitHub, personal site) linked next to their name (a Profile link line whose context names them); quotes: a text passage naming the founder on that page",
          items: socialSchema,
        },
      }),
    },
    company_socials: {
      type: "array",
      description: "The company's own social profiles linked from the site",
      items: socialSchema,
    },
    story: strictObject(
      Object.fromEntries(STORY_SECTIONS.map((s) => [s, quoted(nullableText)])),
    ),
    milestones: {
      type: "array",
      description:
        "Dated events the site states with their day (date as YYYY-MM-DD); leave out events dated only by a month or a year",
      items: strictObject({
        date: text,
        title: text,
        description: nullableText,
        url: nullableText,
        quotes: QUOTES_SCHEMA,
      }),
    },
  });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The model's quotes; one without a known source is a text quote (checked as such). */
function quotesOf(v: unknown): EvidenceQuote[] {
  if (!Array.isArray(v)) return [];
  return v.filter((q) => isRecord(q) && typeof q.quote === "string" && typeof q.url === "string")
    .map((q) => {
      const source = QUOTE_SOURCES.find((known) => known === q.source) ?? "text";
      const locator = typeof q.locator === "string" && q.locator ? q.locator : null;
      return {
        quote: String(q.quote),
        url: String(q.url),
        source,
        ...(source !== "text" && locator ? { locator } : {}),
      };
    });
}

function drafted(v: unknown): DraftedValue {
  if (!isRecord(v)) return { value: null, evidence: [] };
  const value = v.value === undefined ? null : v.value;
  return { value, evidence: quotesOf(v.quotes) };
}

/** Maps the model's JSON answer into a proposal; throws LlmDraftError when it is not one. */
export function parseDraftAnswer(content: string, only?: DraftFieldName[]): DraftProposal {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new LlmDraftError(`The model's answer is not JSON: "${content.slice(0, 80)}"`);
  }
  if (!isRecord(json) || !isRecord(json.fields)) {
    throw new LlmDraftError("The model's answer has no fields object");
  }
  const fields: DraftProposal["fields"] = {};
  for (const f of only ?? DRAFT_FIELDS) {
    if (f in json.fields) fields[f] = drafted(json.fields[f]);
  }
  if (Object.keys(fields).length === 0) {
    throw new LlmDraftError("The model's answer has no draft field");
  }
  const list = (v: unknown) => (Array.isArray(v) ? v.filter(isRecord) : []);
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  const proposal: DraftProposal = {
    fields,
    faqs: [],
    founders: [],
    company_socials: {},
    story: {},
    milestones: [],
  };
  if (only) return proposal;
  proposal.faqs = list(json.faqs).filter((q) => str(q.question) && str(q.answer)).map((q) => ({
    question: String(q.question),
    answer: String(q.answer),
    evidence: quotesOf(q.quotes),
  }));
  proposal.founders = list(json.founders).filter((p) => str(p.name)).map((p) => {
    const links = socialsOf(p.socials);
    return {
      name: String(p.name),
      title: str(p.title),
      bio: str(p.bio),
      evidence: quotesOf(p.quotes),
      ...(Object.keys(links).length > 0 ? { links } : {}),
    };
  });
  // The primary founder's links are founder_socials, verified like the extractive drafter's.
  proposal.founder_socials = { ...proposal.founders[0]?.links };
  proposal.company_socials = socialsOf(json.company_socials);
  if (isRecord(json.story)) {
    for (const s of STORY_SECTIONS) {
      if (s in json.story) {
        const d = drafted(json.story[s]);
        if (d.value !== null) {
          proposal.story[s] = {
            value: typeof d.value === "string" ? d.value : null,
            evidence: d.evidence,
          };
        }
      }
    }
  }
  proposal.milestones = list(json.milestones).filter((m) => str(m.date) && str(m.title)).map((
    m,
  ) => ({
    date: String(m.date),
    title: String(m.title),
    description: str(m.description),
    url: str(m.url),
    evidence: quotesOf(m.quotes),
  }));
  return proposal;
}

/** A model's social links (platform, url, quotes) by platform key, the first of each kept. */
function socialsOf(raw: unknown): Partial<Record<string, DraftedValue<string>>> {
  const out: Partial<Record<string, DraftedValue<string>>> = {};
  for (const s of Array.isArray(raw) ? raw.filter(isRecord) : []) {
    const platform = typeof s.platform === "string" ? s.platform : null;
    const url = typeof s.url === "string" ? s.url : null;
    if (platform && url && !out[platform]) {
      out[platform] = { value: url, evidence: quotesOf(s.quotes) };
    }
  }
  return out;
}

/** Asks the model for a proposal (structured output); throws on any failure. */
export async function draftWithLlm(
  openai: Config["openai"],
  pages: EvidencePage[],
  options: LlmOptions,
): Promise<DraftProposal> {
  if (!openai.apiKey) throw new LlmDraftError("No OPENAI_API_KEY is set");
  const timeout = options.timeoutMs ?? 60_000;
  const OpenAI = await openAiSdk();
  const client = new OpenAI({
    apiKey: openai.apiKey,
    baseURL: openai.baseUrl,
    maxRetries: 1,
    timeout,
  });
  const names = options.categories.map((c) => c.name);
  let completion;
  const started = Date.now();
  try {
    completion = await client.chat.completions.create({
      model: openai.model,
      temperature: 0,
      messages: draftMessages(pages, options),
      response_format: {
        type: "json_schema",
        json_schema: {
          name: "draft_proposal",
          strict: true,
          schema: draftSchema(names, options.only),
        },
      },
    }, {
      // The retry shares the time: the whole call, tries and back-off, ends within `timeout`.
      signal: AbortSignal.timeout(timeout),
    });
  } catch (err) {
    throw new LlmDraftError(callFailure(err, timeout, started));
  }
  const choice = completion.choices?.[0];
  if (!choice) throw new LlmDraftError("The model returned no choice");
  if (choice.message?.refusal) {
    throw new LlmDraftError(`The model refused: ${choice.message.refusal}`);
  }
  if (choice.finish_reason === "length") throw new LlmDraftError("The model's answer was cut off");
  const content = choice.message?.content;
  if (!content) throw new LlmDraftError("The model returned no content");
  return parseDraftAnswer(content, options.only);
}

/** Why the call failed, in words: a timeout with its limit, an HTTP status, or the SDK's message. */
function callFailure(err: unknown, timeoutMs: number, started: number): string {
  const e = err as { name?: string; message?: string; status?: number };
  const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
  const timedOut = e?.name === "TimeoutError" || e?.name === "APIConnectionTimeoutError" ||
    /timed? ?out|aborted/i.test(e?.message ?? "") && Date.now() - started >= timeoutMs * 0.9;
  if (timedOut) return `The model call timed out after ${limit}`;
  if (typeof e?.status === "number") {
    return `The model call failed with HTTP ${e.status}: ${e.message ?? ""}`.trim();
  }
  return `The model call failed: ${e?.message ?? String(err)}`;
}
