/** `/search?q=`: typo-tolerant search results, server-rendered, with `?page=`. */
import { categoryNames, searchListings } from "../../services/directory/mod.ts";
import { badRequest } from "../../services/platform/mod.ts";
import ListingRow from "../../components/ListingRow.tsx";
import Pagination from "../../components/Pagination.tsx";
import { plural } from "../../components/format.ts";
import type { Voting } from "../../components/Vote.tsx";
import { pageVoting } from "../community/votes.tsx";
import { type PageHandler, pageParam, renderPage, withPage } from "./_page.tsx";

const PER_PAGE = 20;
const MAX_QUERY = 200;

type Results = Awaited<ReturnType<typeof searchListings>>;

export const handler: PageHandler = async (ctx) => {
  const q = (ctx.c.req.query("q") ?? "").trim();
  if (q.length > MAX_QUERY) {
    throw badRequest(`Search text is too long: at most ${MAX_QUERY} characters`, [
      { path: "q", message: `At most ${MAX_QUERY} characters` },
    ]);
  }
  const paging = pageParam(ctx.c, PER_PAGE);
  const [results, names] = await Promise.all([
    q ? searchListings(ctx.deps, { q, status: "live", sort: "relevance", ...paging }) : null,
    categoryNames(ctx.deps),
  ]);
  const voting = results
    ? await pageVoting(ctx.deps, ctx.c, results.items.map((l) => l.id))
    : undefined;
  return renderPage(ctx, {
    title: q ? `Search results for “${q}”` : "Search",
    description: q
      ? `Products matching “${q}”.`
      : "Search live products by name, tagline, description and keywords.",
    path: "/search",
    noindex: true,
    query: q,
  }, <SearchPage q={q} results={results} names={names} voting={voting} />);
};

interface SearchPageProps {
  q: string;
  results: Results | null;
  names: Record<string, string>;
  voting?: Voting;
}

/** Search results. */
export default function SearchPage({ q, results, names, voting }: SearchPageProps) {
  const offset = results ? (results.page - 1) * results.per_page : 0;
  return (
    <>
      <header class="page-header">
        <h1>{q ? <>Results for “{q}”</> : "Search"}</h1>
        {results && (
          <p class="lead">{plural(results.total, "product")} found. Close spellings count too.</p>
        )}
      </header>
      <form class="inline-form search-page-form" action="/search" method="get" role="search">
        <label class="sr-only" for="search-page-q">Search products</label>
        <input
          id="search-page-q"
          type="search"
          name="q"
          value={q}
          maxLength={MAX_QUERY}
          placeholder="Try “invoices” or “analytics”"
        />
        <button class="button" type="submit">Search</button>
      </form>
      {results && (
        <section class="card" aria-label="Results">
          {results.items.length === 0
            ? (
              <p class="empty">
                No products match “{q}”. Try fewer words, or{" "}
                <a href="/categories">browse the categories</a>.
              </p>
            )
            : (
              <ol class="rows" start={offset + 1}>
                {results.items.map((l) => (
                  <ListingRow key={l.slug} listing={l} categoryNames={names} voting={voting} />
                ))}
              </ol>
            )}
          <Pagination
            page={results.page}
            totalPages={results.total_pages}
            href={(p) => withPage(`/search?q=${encodeURIComponent(q)}`, p)}
          />
        </section>
      )}
    </>
  );
}
