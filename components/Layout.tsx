/** The shared page layout: document head, header with navigation and search, footer. */
import type { ComponentChildren } from "preact";
import { island } from "./island.tsx";
import SearchBoxIsland from "../islands/SearchBox.tsx";
import LinkItems, { type NavLink } from "./LinkItems.tsx";
import JsonLd, { PageUrl } from "./JsonLd.tsx";
import { assetUrl } from "../routes/static_assets.ts";

const SearchBox = island("SearchBox", SearchBoxIsland);

/** Top-level sections, for the navigation's current item. */
export type NavSection =
  | "launches"
  | "categories"
  | "founders"
  | "leaderboards"
  | "blog"
  | "api";

/** What the head of a page says about it. */
export interface PageMeta {
  /** The page's own title; the site name is appended (the home page passes the full title). */
  title: string;
  description: string;
  /** Absolute canonical URL (left out on error pages). */
  canonicalUrl?: string;
  /** Absolute image URL for link previews. */
  imageUrl?: string;
  ogType?: "website" | "article" | "profile";
  /** Keep out of search engines (search results, error pages). */
  noindex?: boolean;
  section?: NavSection;
  /** The text already in the search box (the search page). */
  query?: string;
  /** Feeds of this page's contents, linked as `<link rel="alternate">` (paths). */
  feeds?: { title: string; href: string }[];
  /** schema.org objects, each written as a JSON-LD script. */
  jsonLd?: unknown[];
}

/** The signed-in person, as the header shows them (with the token of the sign-out form). */
export interface HeaderAccount {
  email: string;
  csrfToken: string;
}

interface LayoutProps {
  siteName: string;
  meta: PageMeta;
  /** The signed-in person; null or absent shows "Sign in". */
  account?: HeaderAccount | null;
  children: ComponentChildren;
}

const NAV: { section: NavSection; href: string; label: string }[] = [
  { section: "launches", href: "/launches/this", label: "Launches" },
  { section: "categories", href: "/categories", label: "Categories" },
  { section: "founders", href: "/founders", label: "Founders" },
  { section: "leaderboards", href: "/leaderboards", label: "Leaderboards" },
  { section: "blog", href: "/blog", label: "Blog" },
  { section: "api", href: "/docs/api", label: "API" },
];

const DEVELOPER_LINKS: NavLink[] = [
  { href: "/docs/api", label: "API reference" },
  { href: "/api/v1/openapi.json", label: "OpenAPI JSON" },
  { href: "/mcp", label: "MCP endpoint", after: <code>/mcp</code> },
];

const DIRECTORY_LINKS: NavLink[] = [
  { href: "/launches/this", label: "This week" },
  { href: "/launches/upcoming", label: "Upcoming launches" },
  { href: "/founders", label: "Founders" },
  { href: "/tags", label: "Tags" },
  { href: "/compare", label: "Compare products" },
  { href: "/awards", label: "Awards" },
  { href: "/leaderboards/billboard", label: "Billboard (paid)" },
  { href: "/categories", label: "Categories" },
  { href: "/rules", label: "Ranking rules" },
  { href: "/link-policy", label: "How we link" },
  { href: "/moderation", label: "Moderation log" },
];

/** The site's mark: a small rocket on an indigo tile. */
export function LogoMark() {
  return (
    <svg class="brand-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
      <rect width="32" height="32" rx="9" fill="#4f46e5" />
      <path fill="#fff" d="M16 6.5c3.6 2.7 5.4 6.9 5.4 11.7v4.6H10.6v-4.6c0-4.8 1.8-9 5.4-11.7z" />
      <path fill="#c7d2fe" d="M10.3 17.6 7 21.2v4.4l3.6-2.6zM21.7 17.6l3.3 3.6v4.4l-3.6-2.6z" />
      <circle cx="16" cy="15.2" r="2.3" fill="#4f46e5" />
    </svg>
  );
}

function Brand({ siteName }: { siteName: string }) {
  return (
    <a class="brand" href="/">
      <LogoMark />
      <span class="brand-name">{siteName}</span>
    </a>
  );
}

function FooterNav({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 class="footer-title">{title}</h2>
      <ul>
        <LinkItems links={links} />
      </ul>
    </nav>
  );
}

/** A whole HTML document around a page's content. */
export default function Layout({ siteName, meta, account, children }: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {meta.canonicalUrl && <link rel="canonical" href={meta.canonicalUrl} />}
        {meta.noindex && <meta name="robots" content="noindex" />}
        <meta property="og:site_name" content={siteName} />
        <meta property="og:type" content={meta.ogType ?? "website"} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        {meta.canonicalUrl && <meta property="og:url" content={meta.canonicalUrl} />}
        {meta.imageUrl && <meta property="og:image" content={meta.imageUrl} />}
        <meta name="twitter:card" content={meta.imageUrl ? "summary_large_image" : "summary"} />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        {meta.imageUrl && <meta name="twitter:image" content={meta.imageUrl} />}
        {meta.feeds?.map((feed) => (
          <link
            key={feed.href}
            rel="alternate"
            type="application/atom+xml"
            title={feed.title}
            href={feed.href}
          />
        ))}
        {meta.jsonLd?.map((data, i) => <JsonLd key={i} data={data} />)}
        <meta name="theme-color" content="#4f46e5" />
        <link rel="icon" href={assetUrl("favicon.svg")} type="image/svg+xml" />
        <link rel="stylesheet" href={assetUrl("styles.css")} />
        <script type="module" src={assetUrl("islands.js")}></script>
      </head>
      <body>
        <a class="skip-link" href="#main">Skip to content</a>
        <header class="site-header">
          <div class="container header-inner">
            <Brand siteName={siteName} />
            <nav class="site-nav" aria-label="Main">
              <ul>
                {NAV.map((item) => (
                  <li key={item.href}>
                    <a
                      href={item.href}
                      aria-current={item.section === meta.section ? "page" : undefined}
                    >
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div class="header-search">
              <SearchBox initialQuery={meta.query ?? ""} />
            </div>
            <div class="header-account">
              {account
                ? (
                  <>
                    <a class="header-dashboard-link" href="/dashboard">Dashboard</a>
                    <a class="header-account-link" href="/account" title="Your account">
                      {account.email}
                    </a>
                    <form method="post" action="/signout">
                      <input type="hidden" name="_csrf" value={account.csrfToken} />
                      <button type="submit" class="button button-ghost button-small">
                        Sign out
                      </button>
                    </form>
                  </>
                )
                : <a class="button button-ghost button-small" href="/signin">Sign in</a>}
            </div>
          </div>
        </header>
        <main id="main" class="container main" tabIndex={-1}>
          <PageUrl.Provider value={meta.canonicalUrl}>{children}</PageUrl.Provider>
        </main>
        <footer class="site-footer">
          <div class="container footer-inner">
            <div class="footer-brand">
              <Brand siteName={siteName} />
              <p class="muted">
                Community votes come only from people on this site. Billboard placements are paid
                and always labelled.
              </p>
            </div>
            <FooterNav title="Developers" links={DEVELOPER_LINKS} />
            <FooterNav title="Directory" links={DIRECTORY_LINKS} />
          </div>
        </footer>
      </body>
    </html>
  );
}
