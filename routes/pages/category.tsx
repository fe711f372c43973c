/** `/categories/:slug`: a category's live listings, most voted first, with `?page=`. */
import { getCategory } from "../../services/directory/mod.ts";
import ListingRow from "../../components/ListingRow.tsx";
import Breadcrumbs from "../../components/Breadcrumbs.tsx";
import Pagination from "../../components/Pagination.tsx";
import { formatNumber, plural } from "../../components/format.ts";
import Faqs from "../../components/Faqs.tsx";
import type { Voting } from "../../components/Vote.tsx";
import { pageVoting } from "../community/votes.tsx";
import { type PageHandler, pageParam, renderPage, withPage } from "./_page.tsx";
import { categorySeo } from "../seo/page_meta.ts";

const PER_PAGE = 20;

type Category = Awaited<ReturnType<typeof getCategory>>;

export const handler: PageHandler = async (ctx) => {
  const slug = ctx.c.req.param("slug") ?? "";
  const query = pageParam(ctx.c, PER_PAGE);
  const category = await getCategory(ctx.deps, slug, query);
  const path = withPage(`/categories/${category.slug}`, category.page);
  const voting = await pageVoting(ctx.deps, ctx.c, category.items.map((l) => l.id));
  return renderPage(ctx, {
    title: category.page > 1
      ? `${category.name} (page ${category.page})`
      : `Best ${category.name} products`,
    description: category.description || `Live ${category.name} products, most voted first.`,
    path,
    section: "categories",
    seo: () => categorySeo(ctx.deps.config.publicUrl, category),
  }, <CategoryPage category={category} voting={voting} />);
};

/** A category page. */
export default function CategoryPage(
  { category, voting }: { category: Category; voting?: Voting },
) {
  const offset = (category.page - 1) * category.per_page;
  return (
    <>
      <Breadcrumbs
        trail={[
          { label: "Categories", href: "/categories" },
          ...(category.parent
            ? [{ label: category.parent.name, href: `/categories/${category.parent.slug}` }]
            : []),
          { label: category.name },
        ]}
      />
      <header class="page-header">
        <h1>{category.name}</h1>
        <p class="lead">{category.description}</p>
        <p class="muted">
          {plural(category.live_listing_count, "live product")}, most voted first.
        </p>
      </header>
      {category.subcategories.length > 0 && (
        <ul class="chips chips-list" aria-label="Subcategories">
          {category.subcategories.map((sub) => (
            <li key={sub.slug}>
              <a class="chip" href={`/categories/${sub.slug}`}>
                {sub.name} <span class="count">{formatNumber(sub.live_listing_count)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <section class="card" aria-label={`${category.name} products`}>
        {category.items.length === 0
          ? (
            <p class="empty">
              {category.page > 1
                ? (
                  <>
                    No products on this page.{" "}
                    <a href={`/categories/${category.slug}`}>Back to page 1</a>.
                  </>
                )
                : "No live products in this category yet."}
            </p>
          )
          : (
            <ol class="rows" start={offset + 1}>
              {category.items.map((l, i) => (
                <ListingRow key={l.slug} listing={l} rank={offset + i + 1} voting={voting} />
              ))}
            </ol>
          )}
        <Pagination
          page={category.page}
          totalPages={category.total_pages}
          href={(p) => withPage(`/categories/${category.slug}`, p)}
        />
      </section>
      <Faqs faqs={category.faqs} title={`Questions about ${category.name}`} class="card" />
    </>
  );
}
