/** `/categories`: the category tree with live listing counts. */
import { listCategories } from "../../services/directory/mod.ts";
import { formatNumber, plural } from "../../components/format.ts";
import { type PageHandler, renderPage } from "./_page.tsx";

type Tree = Awaited<ReturnType<typeof listCategories>>;

export const handler: PageHandler = async (ctx) => {
  const tree = await listCategories(ctx.deps, true);
  return renderPage(ctx, {
    title: "Categories",
    description: `Browse products by category: ${tree.items.map((c) => c.name).join(", ")}.`,
    section: "categories",
  }, <CategoriesPage tree={tree} />);
};

/** The category tree. */
export default function CategoriesPage({ tree }: { tree: Tree }) {
  return (
    <>
      <header class="page-header">
        <h1>Categories</h1>
        <p class="lead">
          {plural(tree.total, "category", "categories")}. Counts are live products, subcategories
          included.
        </p>
      </header>
      <div class="category-grid">
        {tree.items.map((top) => (
          <section key={top.slug} class="card category-card" aria-labelledby={`cat-${top.slug}`}>
            <h2 id={`cat-${top.slug}`}>
              <a href={`/categories/${top.slug}`}>{top.name}</a>{" "}
              <span class="count" title="Live products">
                {formatNumber(top.live_listing_count)}
              </span>
            </h2>
            <p class="muted">{top.description}</p>
            {top.subcategories.length > 0 && (
              <ul class="subcategories">
                {top.subcategories.map((sub) => (
                  <li key={sub.slug}>
                    <a href={`/categories/${sub.slug}`}>
                      {sub.name} <span class="count">{formatNumber(sub.live_listing_count)}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </>
  );
}
