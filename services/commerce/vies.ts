/**
 * VIES, the EU's VAT number register: an optional online check of a well-formed number, used only
 * when `VIES_URL` is set (the base of the REST API, e.g.
 * `https://ec.europa.eu/taxation_customs/vies/rest-api`). Without it, numbers are checked offline
 * (format and check digits) only.
 */
import type { Config } from "../platform/config.ts";

/** What VIES said about a number: registered, not registered, or no answer (with the reason). */
export type ViesAnswer =
  | { status: "valid" }
  | { status: "invalid" }
  | { status: "unavailable"; reason: string };

/** Checks one VAT number (prefix and the part after it, e.g. "EL", "094014201") against VIES. */
export interface ViesClient {
  check(prefix: string, number: string): Promise<ViesAnswer>;
}

/** How long one VIES request may take. */
export const VIES_TIMEOUT_MS = 5_000;

/** The `userError` values of a definite answer; any other (MS_UNAVAILABLE, TIMEOUT, ...) is none. */
const DEFINITE_ANSWERS = new Set(["VALID", "INVALID", "INVALID_INPUT"]);

/**
 * A VIES client over plain `fetch` (a fixed, configured service: not the guarded fetcher for
 * user-supplied URLs): `POST {baseUrl}/check-vat-number` with `{countryCode, vatNumber}`, answered
 * `{valid: boolean, userError?: string, ...}`.
 */
export function createViesClient(
  baseUrl: string,
  options: { timeoutMs?: number } = {},
): ViesClient {
  const url = `${baseUrl.replace(/\/+$/, "")}/check-vat-number`;
  return {
    async check(prefix, number) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ countryCode: prefix, vatNumber: number }),
          signal: AbortSignal.timeout(options.timeoutMs ?? VIES_TIMEOUT_MS),
        });
      } catch (err) {
        const reason = err instanceof Error && err.name === "TimeoutError"
          ? "no answer in time"
          : "not reachable";
        return { status: "unavailable", reason };
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { status: "unavailable", reason: `answered HTTP ${response.status}` };
      }
      let body: { valid?: unknown; userError?: unknown };
      try {
        body = await response.json();
      } catch {
        return { status: "unavailable", reason: "answered something that is not JSON" };
      }
      if (typeof body?.valid !== "boolean") {
        return { status: "unavailable", reason: "answered without a verdict" };
      }
      const userError = typeof body.userError === "string" ? body.userError : undefined;
      if (!body.valid && userError !== undefined && !DEFINITE_ANSWERS.has(userError)) {
        return { status: "unavailable", reason: `answered ${userError}` };
      }
      return { status: body.valid ? "valid" : "invalid" };
    },
  };
}

/** The VIES client the configuration asks for (`VIES_URL`), or null when VIES is not configured. */
export function viesClientFromConfig(config: Pick<Config, "vat">): ViesClient | null {
  return config.vat.viesUrl ? createViesClient(config.vat.viesUrl) : null;
}
