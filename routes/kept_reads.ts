/**
 * Answers of public reads kept for the fast path (routes/public_reads.ts) by the operations that
 * declare their freshness (`defineOperation`'s `freshness`): an anonymous GET's 200 is offered with
 * the operation's validity from before it was made, kept by its path and query if that validity
 * has not moved meanwhile, and served while the operation's validity token is unchanged and its
 * end not reached. An operation that declares nothing is never kept.
 */
import type { Deps } from "../services/platform/mod.ts";
import type { AnswerValidity, Freshness } from "./api/v1/operation.ts";
import type { EncodedJson } from "./public_reads.ts";

/** A public read's answer offered for keeping, with what it stands on. */
interface Offer {
  encoded: EncodedJson;
  freshness: Freshness;
  validity: AnswerValidity;
}
const offers = new WeakMap<Request, Offer>();

/** Whether a request's answer may be kept for others: an anonymous GET. */
export function keepableRequest(request: Request): boolean {
  return request.method === "GET" && !request.headers.has("authorization");
}

/** Offers the body of an anonymous GET's 200 for keeping (publicJson, when the operation may). */
export function offerAnswer(request: Request, offer: Offer): void {
  if (keepableRequest(request)) offers.set(request, offer);
}

/** The path of an API URL with its query ("http://host/api/v1/x?q" -> "/api/v1/x?q"), or null. */
function apiPathOf(url: string): string | null {
  const path = url.slice(url.indexOf("/", url.indexOf("//") + 2));
  return path.startsWith("/api/v1/") ? path : null;
}

interface KeptRead<A> {
  answers: A;
  freshness: Freshness;
  token: AnswerValidity["token"];
  until: number;
}

/** Answers kept by path and query, built by `build` from the offered body (the oldest out first). */
export class KeptReads<A> {
  #reads = new Map<string, KeptRead<A>>();

  constructor(
    readonly deps: Deps,
    readonly build: (encoded: EncodedJson) => A,
    readonly limit = 4_096,
  ) {}

  /** The kept answers of a URL while still current (a stale one is dropped when met). */
  get(url: string): A | undefined {
    if (this.#reads.size === 0) return undefined;
    const path = apiPathOf(url);
    const kept = path === null ? undefined : this.#reads.get(path);
    if (kept === undefined) return undefined;
    const now = kept.freshness(this.deps);
    if (now?.token === kept.token && this.deps.now().getTime() < kept.until) return kept.answers;
    this.#reads.delete(path!);
    return undefined;
  }

  /**
   * Keeps the answer offered for `request` (a 200 a shared cache may keep: the caller checks) if
   * its operation's validity has not moved since; false when nothing was offered.
   */
  keep(request: Request): boolean {
    const offer = offers.get(request);
    if (offer === undefined) return false;
    const path = apiPathOf(request.url);
    const { freshness, validity } = offer;
    if (
      path === null || freshness(this.deps)?.token !== validity.token ||
      this.deps.now().getTime() >= validity.until
    ) return true;
    this.#reads.delete(path);
    if (this.#reads.size >= this.limit) this.#reads.delete(this.#reads.keys().next().value!);
    const answers = this.build(offer.encoded);
    this.#reads.set(path, { answers, freshness, token: validity.token, until: validity.until });
    return true;
  }
}
