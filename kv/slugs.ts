/** Slugs and domains: how listings are named in URLs and matched to websites. */

/** Lowercase host of a URL or bare domain, without `www.`, port or path: `https://www.Acme.io/x` → `acme.io`. */
export function domainOf(urlOrDomain: string): string {
  const text = urlOrDomain.trim().toLowerCase();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(text) ? text : `https://${text}`;
  try {
    return new URL(withScheme).hostname.replace(/^www\./, "").replace(/\.$/, "");
  } catch {
    return text.replace(/^www\./, "");
  }
}

/** A URL-safe slug from a name: `Acme Docs!` → `acme-docs`. */
export function slugify(text: string): string {
  const slug = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 200).replace(/-+$/, "");
  return slug || "listing";
}
