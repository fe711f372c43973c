/**
 * The optional Domain Rating provider: a JSON API configured by environment
 * (DOMAIN_RATING_API_URL, DOMAIN_RATING_API_KEY). It is asked `GET {url}?domain=example.com`,
 * with `Authorization: Bearer {key}` when a key is set, and answers `{ "domain_rating": 0-100 }`.
 */
import type { Config } from "../platform/config.ts";

/** Where Domain Rating readings come from when they are not entered by hand. */
export interface DomainRatingProvider {
  /** The domain's Domain Rating now (0 to 100); throws with a readable message otherwise. */
  rating(domain: string): Promise<number>;
}

const TIMEOUT_MS = 10_000;

/** The HTTP provider of a simple JSON API. */
export function httpDomainRatingProvider(apiUrl: string, apiKey?: string): DomainRatingProvider {
  return {
    async rating(domain) {
      const url = new URL(apiUrl);
      url.searchParams.set("domain", domain);
      const headers: Record<string, string> = { accept: "application/json" };
      if (apiKey) headers.authorization = `Bearer ${apiKey}`;
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
      const text = await res.text();
      if (!res.ok) throw new Error(`The provider answered ${res.status} for ${domain}`);
      let value: unknown;
      try {
        value = (JSON.parse(text) as { domain_rating?: unknown }).domain_rating;
      } catch {
        throw new Error(`The provider's answer for ${domain} is not JSON`);
      }
      if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 100) {
        throw new Error(`The provider gave no domain_rating from 0 to 100 for ${domain}`);
      }
      return Math.round(value);
    },
  };
}

/** The configured provider, or null when DOMAIN_RATING_API_URL is not set. */
export function domainRatingProvider(config: Config): DomainRatingProvider | null {
  const { apiUrl, apiKey } = config.domainRating;
  return apiUrl ? httpDomainRatingProvider(apiUrl, apiKey) : null;
}
