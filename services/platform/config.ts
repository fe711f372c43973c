/** Service configuration, read once from the environment (every variable is documented in README.md). */
export interface Config {
  /** The address to listen on (HOST): every interface by default. */
  host: string;
  port: number;
  publicUrl: string;
  kvPath: string;
  demoData: boolean;
  adminEmails: string[];
  allowPrivateFetch: boolean;
  openai: { apiKey?: string; baseUrl?: string; model: string };
  /** Stripe Checkout (on with secretKey); apiUrl (STRIPE_API_URL) replaces the API origin. */
  stripe: { secretKey?: string; webhookSecret?: string; apiUrl?: string };
  mail: { smtpUrl?: string; from: string };
  /** Where people reach the site team (shown on the bot's page); MAIL_FROM's address by default. */
  contactEmail: string;
  rateLimit: { perMinute: number; anonymousPerMinute: number; trustProxy: boolean };
  /** VAT: the EU VIES REST API base (VIES_URL); unset, VAT numbers are checked offline only. */
  vat: { viesUrl?: string };
  /** The DNS server of claim checks (DNS_NAMESERVER, `ip:port`); unset, the system's resolver. */
  dnsNameServer?: { ipAddr: string; port: number };
  /**
   * The Domain Rating provider (DOMAIN_RATING_API_URL, DOMAIN_RATING_API_KEY): a JSON API asked
   * `GET {apiUrl}?domain=…` → `{ "domain_rating": 0-100 }`; unset, readings are entered by hand.
   */
  domainRating: { apiUrl?: string; apiKey?: string };
  /**
   * How often other instances' listing writes are looked for in the shared store
   * (LISTING_CHANGES_POLL_MS, 250): the bound on how late they reach this instance's caches.
   */
  listingChangesPollMs: number;
}

function positiveInt(
  env: (name: string) => string | undefined,
  name: string,
  fallback: number,
): number {
  const text = env(name);
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`Invalid ${name} "${text}": expected a whole number >= 1`);
  }
  return value;
}

function absoluteUrl(env: (name: string) => string | undefined, name: string): string | undefined {
  const text = env(name);
  if (!text) return undefined;
  try {
    new URL(text);
  } catch {
    throw new Error(`Invalid ${name} "${text}": expected an absolute URL`);
  }
  return text.replace(/\/+$/, "");
}

/** An API origin (scheme, host, optional port; no path), e.g. a Stripe-compatible endpoint. */
function apiOrigin(env: (name: string) => string | undefined, name: string): string | undefined {
  const text = absoluteUrl(env, name);
  if (!text) return undefined;
  const url = new URL(text);
  if (!/^https?:$/.test(url.protocol) || url.pathname !== "/" || url.search || url.hash) {
    throw new Error(`Invalid ${name} "${text}": expected an http(s) origin without a path`);
  }
  return url.origin;
}

/** `DNS_NAMESERVER`: an IP address with an optional port (`127.0.0.1:5353`, `[::1]:53`, `9.9.9.9`). */
function nameServer(
  env: (name: string) => string | undefined,
): { ipAddr: string; port: number } | undefined {
  const text = env("DNS_NAMESERVER");
  if (!text) return undefined;
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([0-9.]+))(?::(\d{1,5}))?$/.exec(text.trim());
  const port = Number(match?.[3] ?? 53);
  if (!match || port < 1 || port > 65535) {
    throw new Error(
      `Invalid DNS_NAMESERVER "${text}": expected an IP address and optional port, e.g. 127.0.0.1:5353`,
    );
  }
  return { ipAddr: match[1] ?? match[2], port };
}

/** Builds the configuration from an environment lookup (defaults to `Deno.env`). */
export function loadConfig(env: (name: string) => string | undefined = Deno.env.get): Config {
  const port = Number(env("PORT") ?? "8000");
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`Invalid PORT "${env("PORT")}": expected an integer from 0 to 65535`);
  }
  const host = env("HOST") || "0.0.0.0";
  if (!/^[A-Za-z0-9.:-]+$/.test(host)) {
    throw new Error(`Invalid HOST "${host}": expected an IP address or a host name`);
  }
  const publicUrl = (env("PUBLIC_URL") ?? `http://localhost:${port}`).replace(/\/+$/, "");
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`Invalid PUBLIC_URL "${publicUrl}": expected an absolute URL`);
  }
  const mailFrom = env("MAIL_FROM") || "Launch Directory <noreply@localhost>";
  const contactEmail = env("CONTACT_EMAIL") || (/<([^<>]+)>/.exec(mailFrom)?.[1] ?? mailFrom);
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(contactEmail)) {
    throw new Error(`Invalid CONTACT_EMAIL "${contactEmail}": expected an email address`);
  }
  return {
    host,
    port,
    publicUrl,
    kvPath: env("KV_PATH") ?? "./data/kv.sqlite3",
    demoData: env("DEMO_DATA") === "1",
    adminEmails: (env("ADMIN_EMAILS") ?? "").split(",").map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    allowPrivateFetch: env("ALLOW_PRIVATE_FETCH") === "1",
    openai: {
      apiKey: env("OPENAI_API_KEY") || undefined,
      baseUrl: env("OPENAI_BASE_URL") || undefined,
      model: env("OPENAI_MODEL") || "gpt-4.1-mini",
    },
    stripe: {
      secretKey: env("STRIPE_SECRET_KEY") || undefined,
      webhookSecret: env("STRIPE_WEBHOOK_SECRET") || undefined,
      apiUrl: apiOrigin(env, "STRIPE_API_URL"),
    },
    mail: {
      smtpUrl: env("SMTP_URL") || undefined,
      from: mailFrom,
    },
    contactEmail,
    rateLimit: {
      perMinute: positiveInt(env, "RATE_LIMIT_PER_MINUTE", 300),
      anonymousPerMinute: positiveInt(env, "RATE_LIMIT_ANONYMOUS_PER_MINUTE", 120),
      trustProxy: env("TRUST_PROXY") === "1",
    },
    vat: { viesUrl: absoluteUrl(env, "VIES_URL") },
    dnsNameServer: nameServer(env),
    domainRating: {
      apiUrl: absoluteUrl(env, "DOMAIN_RATING_API_URL"),
      apiKey: env("DOMAIN_RATING_API_KEY") || undefined,
    },
    listingChangesPollMs: positiveInt(env, "LISTING_CHANGES_POLL_MS", 250),
  };
}

/** A configuration for tests: in-memory KV and a fixed public URL. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig(() => undefined),
    kvPath: ":memory:",
    publicUrl: "http://localhost:8000",
    ...overrides,
  };
}
