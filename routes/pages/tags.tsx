/**
 * `/tags`: every tag of a live or scheduled listing with how many carry it, A to Z (`?sort=name`,
 * the default) or most used first (`?sort=count`), 100 a page (`?page=`). Another `?sort=` is a
 * 400.
 */
import { listTags, TAG_SORTS, tagPath, type TagSort } from "../../services/directory/mod.ts";
import { badRequest } from "../../services/platform/mod.ts";
import Breadcrumbs from "../../components/Breadcrumbs.tsx";
import Pagination from "../../components/Pagination.tsx";
import { formatNumber, plural } from "../../components/format.ts";
import { type PageHandler, pageParam, renderPage, withPage } from "./_page.tsx";

export const PER_PAGE = 100;

type Tags = Awaited<ReturnType<typeof listTags>>;

const SORT_LABELS: Record<TagSort, string> = { name: "A to Z", count: "Most used" };

/** Reads `?sort=`: `name` (default) or `count`; anything else is a 400. */
function sortParam(raw: string | undefined): TagSort {
  if (raw === undefined || raw === "") return "name";
  const sort = TAG_SORTS.find((s) => s === raw);
  if (!sort) {
    throw badRequest(`Invalid sort "${raw.slice(0, 20)}": expected name or count`, [
      { path: "sort", message: "Expected name or count" },
    ]);
  }
  return sort;
}

/** The index's path for a sort and a page. */
function tagsPath(sort: TagSort, page: number): string {
  return withPage(sort === "name" ? "/tags" : `/tags?sort=${sort}`, page);
}

export const handler: PageHandler = async (ctx) => {
  const sort = sortParam(ctx.c.req.query("sort"));
  const tags = await listTags(ctx.deps, { sort, ...pageParam(ctx.c, PER_PAGE) });
  return renderPage(ctx, {
    title: `Tags${sort === "count" ? ", most used first" : ""}` +
      (tags.page > 1 ? ` (page ${tags.page})` : ""),
    description: "Every tag of the products in the directory, with how many products carry it.",
    path: tagsPath(sort, tags.page),
    // The same tags in another order: search engines index the A to Z pages only.
    noindex: sort !== "name",
  }, <TagsPage tags={tags} />);
};

/** One tag: its link and its counts. */
function TagItem({ tag }: { tag: Tags["items"][number] }) {
  const total = tag.live + tag.scheduled;
  const title = `${plural(tag.live, "live product")}` +
    (tag.scheduled > 0 ? `, ${tag.scheduled} launching soon` : "");
  return (
    <li>
      <a class="chip" href={tagPath(tag.slug)} rel="tag">
        #{tag.name} <span class="count" title={title}>{formatNumber(total)}</span>
      </a>
    </li>
  );
}

/** The tags index page. */
export default function TagsPage({ tags }: { tags: Tags }) {
  return (
    <>
      <Breadcrumbs trail={[{ label: "Tags" }]} />
      <header class="page-header">
        <h1>Tags</h1>
        <p class="lead">
          {plural(tags.total, "tag")}{" "}
          of live and upcoming products; each count is the products carrying the tag.
        </p>
      </header>
      <nav class="tabs tabs-links" aria-label="Order">
        {TAG_SORTS.map((s) => (
          <a
            key={s}
            class="tab"
            href={tagsPath(s, 1)}
            aria-current={s === tags.sort ? "page" : undefined}
          >
            {SORT_LABELS[s]}
          </a>
        ))}
      </nav>
      <section class="card" aria-labelledby="tags-title">
        <h2 id="tags-title">{tags.sort === "name" ? "Tags from A to Z" : "Most used tags"}</h2>
        {tags.items.length === 0
          ? (
            <p class="empty">
              {tags.total > 0
                ? (
                  <>
                    No tags on this page. <a href={tagsPath(tags.sort, 1)}>Back to page 1</a>.
                  </>
                )
                : "No product carries a tag yet."}
            </p>
          )
          : (
            <ul class="chips chips-list">
              {tags.items.map((t) => <TagItem key={t.slug} tag={t} />)}
            </ul>
          )}
        <Pagination
          page={tags.page}
          totalPages={tags.total_pages}
          href={(p) => tagsPath(tags.sort, p)}
        />
      </section>
    </>
  );
}
