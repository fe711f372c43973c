/**
 * `/tags/:tag`: the live listings carrying a tag, most voted first, with `?page=`. A tag written
 * otherwise (`Open Source`) is redirected to its slug (`open-source`); a tag no live listing
 * carries is a 404.
 */
import { categoryNames, getTag, tagPath, tagSlug } from "../../services/directory/mod.ts";
import Breadcrumbs from "../../components/Breadcrumbs.tsx";
import ListingRow from "../../components/ListingRow.tsx";
import Pagination from "../../components/Pagination.tsx";
import { plural } from "../../components/format.ts";
import { type PageHandler, pageParam, renderPage, withPage } from "./_page.tsx";

const PER_PAGE = 20;

type Tag = Awaited<ReturnType<typeof getTag>>;

export const handler: PageHandler = async (ctx) => {
  const raw = ctx.c.req.param("tag") ?? "";
  const query = pageParam(ctx.c, PER_PAGE);
  const slug = tagSlug(raw);
  if (slug && slug !== raw) return ctx.c.redirect(withPage(tagPath(slug), query.page), 301);
  const [tag, names] = await Promise.all([
    getTag(ctx.deps, slug || raw, query),
    categoryNames(ctx.deps),
  ]);
  return renderPage(ctx, {
    title: tag.page > 1 ? `#${tag.name} products (page ${tag.page})` : `#${tag.name} products`,
    description: `Live products tagged #${tag.name}, most voted first.`,
    path: withPage(tagPath(tag.slug), tag.page),
  }, <TagPage tag={tag} names={names} />);
};

/** A tag page. */
export default function TagPage({ tag, names }: { tag: Tag; names: Record<string, string> }) {
  const offset = (tag.page - 1) * tag.per_page;
  const first = tagPath(tag.slug);
  return (
    <>
      <Breadcrumbs
        trail={[{ label: "Tags", href: "/tags" }, { label: `#${tag.name}` }]}
      />
      <header class="page-header">
        <h1>Products tagged #{tag.name}</h1>
        <p class="lead">
          {plural(tag.total, "live product")}, most voted first
          {tag.upcoming.total > 0 ? `; ${tag.upcoming.total} launching soon` : ""}.
        </p>
      </header>
      <section class="card" aria-labelledby="live-title">
        <h2 id="live-title">Live products</h2>
        {tag.items.length === 0
          ? (
            <p class="empty">
              {tag.total > 0
                ? (
                  <>
                    No products on this page. <a href={first}>Back to page 1</a>.
                  </>
                )
                : `No live product is tagged #${tag.name} yet.`}
            </p>
          )
          : (
            <ol class="rows" start={offset + 1}>
              {tag.items.map((l, i) => (
                <ListingRow key={l.slug} listing={l} rank={offset + i + 1} categoryNames={names} />
              ))}
            </ol>
          )}
        <Pagination
          page={tag.page}
          totalPages={tag.total_pages}
          href={(p) => withPage(first, p)}
        />
      </section>
      {tag.upcoming.items.length > 0 && (
        <section class="card" aria-labelledby="upcoming-title">
          <h2 id="upcoming-title">Launching soon</h2>
          <ul class="rows">
            {tag.upcoming.items.map((l) => (
              <ListingRow key={l.slug} listing={l} categoryNames={names} note="Scheduled" />
            ))}
          </ul>
          {tag.upcoming.total > tag.upcoming.items.length && (
            <p class="card-links">
              <a class="card-link" href="/launches/upcoming">All upcoming launches →</a>
            </p>
          )}
        </section>
      )}
    </>
  );
}
