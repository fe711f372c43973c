/**
 * The checks of a claim's proof: a TXT record through `Deno.resolveDns` (the name server of
 * `DNS_NAMESERVER`, else the system's), a meta tag in the homepage's head and a file under
 * `/.well-known/`, both read through the guarded fetcher from the listing's own site only (a
 * redirect off its domain is refused), with robots.txt obeyed. A check never throws for the
 * site's faults: they are its reason.
 */
import type { Claim } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { FetchFailedError, FetchRefusedError, guardedFetch } from "../platform/fetcher.ts";
import { parseHtml } from "../platform/lazy.ts";
import { robotsPolicy } from "../platform/robots.ts";
import { dnsHost, fileUrl, homepageUrl, META_NAME, txtValue } from "./view.ts";

/** What one check found. */
export interface CheckOutcome {
  found: boolean;
  reason: string;
}

/** The homepage is read up to this size. */
const PAGE_MAX_BYTES = 2_000_000;
/** The file is read up to this size. */
const FILE_MAX_BYTES = 64_000;
/** Time for a fetch (all redirects and the body) and for a DNS lookup. */
const TIMEOUT_MS = 10_000;
const DNS_TIMEOUT_MS = 5_000;

/** Checks a web-method claim (dns, meta or file) against the listing's website now. */
export function checkClaim(deps: Deps, claim: Claim, listingUrl: string): Promise<CheckOutcome> {
  const token = claim.token ?? "";
  if (claim.method === "dns") return checkDns(deps, claim.domain, token);
  if (claim.method === "meta") return checkMeta(deps, claim.domain, listingUrl, token);
  return checkFile(deps, claim.domain, listingUrl, token);
}

/** Whether a host is the domain or one of its subdomains. */
export function isUnderDomain(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "").replace(/^\[|\]$/g, "");
  return h === domain || h.endsWith(`.${domain}`);
}

const quoteList = (values: string[]) => values.map((v) => JSON.stringify(v)).join(", ");

async function checkDns(deps: Deps, domain: string, token: string): Promise<CheckOutcome> {
  const host = dnsHost(domain);
  const expected = txtValue(token);
  const nameServer = deps.config.dnsNameServer;
  let records: string[];
  try {
    const answer = await Deno.resolveDns(host, "TXT", {
      ...(nameServer ? { nameServer } : {}),
      signal: AbortSignal.timeout(DNS_TIMEOUT_MS),
    });
    records = answer.map((chunks) => chunks.join(""));
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) {
      return { found: false, reason: `No TXT record "${expected}" at ${host}: no TXT records` };
    }
    const why = err instanceof Error ? err.message : String(err);
    return { found: false, reason: `The DNS lookup of TXT records at ${host} failed: ${why}` };
  }
  if (records.includes(expected)) {
    return { found: true, reason: `Found the TXT record "${expected}" at ${host}` };
  }
  const seen = records.length ? ` (found ${quoteList(records.slice(0, 5))})` : "";
  return { found: false, reason: `No TXT record "${expected}" at ${host}${seen}` };
}

/** Fetches a URL of the listing's site; a refusal or failure is the outcome's reason. */
async function fetchOwnSite(
  deps: Deps,
  domain: string,
  url: string,
  maxBytes: number,
  accept: string,
) {
  try {
    return await guardedFetch(deps, url, {
      maxBytes,
      timeoutMs: TIMEOUT_MS,
      accept,
      robots: robotsPolicy(deps, { timeoutMs: TIMEOUT_MS }),
      allowHop: (hop) =>
        isUnderDomain(hop.hostname, domain)
          ? null
          : `it leaves ${domain} for ${hop.host}: only the listing's own site counts`,
    });
  } catch (err) {
    if (err instanceof FetchRefusedError || err instanceof FetchFailedError) {
      return { found: false, reason: `Cannot read ${url}: ${err.reason}` } as CheckOutcome;
    }
    throw err;
  }
}

async function checkMeta(
  deps: Deps,
  domain: string,
  listingUrl: string,
  token: string,
): Promise<CheckOutcome> {
  const url = homepageUrl(listingUrl);
  const page = await fetchOwnSite(deps, domain, url, PAGE_MAX_BYTES, "text/html");
  if ("found" in page) return page;
  if (page.status !== 200) return { found: false, reason: `The homepage answered ${page.status}` };
  const doc = await parseHtml(page.text());
  const selector = `meta[name="${META_NAME}"]`;
  const inHead = [...doc.querySelectorAll(`head ${selector}`)];
  const contents = inHead.map((m) => m.getAttribute("content") ?? "");
  if (contents.includes(token)) {
    return { found: true, reason: `Found the meta tag in the <head> of ${page.url}` };
  }
  if (contents.length) {
    return {
      found: false,
      reason: `The meta tag's content is ${quoteList(contents)}, not this claim's token`,
    };
  }
  if (doc.querySelector(selector)) {
    return {
      found: false,
      reason: `The meta tag is outside the <head> of ${page.url}: only one in the <head> counts`,
    };
  }
  return { found: false, reason: `No <meta name="${META_NAME}"> in the <head> of ${page.url}` };
}

async function checkFile(
  deps: Deps,
  domain: string,
  listingUrl: string,
  token: string,
): Promise<CheckOutcome> {
  const url = fileUrl(listingUrl);
  const file = await fetchOwnSite(deps, domain, url, FILE_MAX_BYTES, "text/plain");
  if ("found" in file) return file;
  if (file.status !== 200) return { found: false, reason: `${url} answered ${file.status}` };
  const lines = file.text().split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (lines.includes(token)) return { found: true, reason: `Found the token in ${file.url}` };
  const shown = lines.length ? quoteList(lines.slice(0, 3).map((l) => l.slice(0, 80))) : "nothing";
  return { found: false, reason: `${url} contains ${shown}, not this claim's token` };
}
