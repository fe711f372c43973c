/** `/blog`: posts, newest first (or matching `?q=`), with `?page=`. */
import { listBlogPosts } from "../../services/directory/mod.ts";
import Pagination from "../../components/Pagination.tsx";
import { formatDate } from "../../components/format.ts";
import { type PageHandler, pageParam, renderPage, withPage } from "./_page.tsx";
import { FEED_LINKS } from "../seo/feeds.ts";

const PER_PAGE = 12;

type Posts = Awaited<ReturnType<typeof listBlogPosts>>;

export const handler: PageHandler = async (ctx) => {
  const q = (ctx.c.req.query("q") ?? "").slice(0, 200).trim();
  const posts = await listBlogPosts(ctx.deps, { q: q || undefined, ...pageParam(ctx.c, PER_PAGE) });
  return renderPage(ctx, {
    title: q ? `Blog posts about “${q}”` : "Blog",
    description:
      "Guides and news for founders launching products: launch weeks, badges, rankings and more.",
    path: q ? "/blog" : withPage("/blog", posts.page),
    noindex: Boolean(q),
    section: "blog",
    feeds: [FEED_LINKS.blog],
  }, <BlogPage posts={posts} q={q} />);
};

/** The blog index. */
export default function BlogPage({ posts, q }: { posts: Posts; q: string }) {
  const base = q ? `/blog?q=${encodeURIComponent(q)}` : "/blog";
  return (
    <>
      <header class="page-header page-header-row">
        <div>
          <h1>Blog</h1>
          <p class="lead">Guides and news for founders launching products.</p>
        </div>
        <form class="inline-form" action="/blog" method="get" role="search">
          <label class="sr-only" for="blog-q">Search the blog</label>
          <input
            id="blog-q"
            type="search"
            name="q"
            value={q}
            placeholder="Search posts"
            maxLength={200}
          />
          <button class="button button-ghost" type="submit">Search</button>
        </form>
      </header>
      {posts.items.length === 0
        ? <p class="empty card">{q ? `No posts match “${q}”.` : "No posts yet."}</p>
        : (
          <div class="post-grid">
            {posts.items.map((p) => (
              <article key={p.slug} class="card post-card">
                <p class="eyebrow">
                  <time datetime={p.published_at}>{formatDate(p.published_at)}</time>
                  {p.tags.length > 0 && ` · ${p.tags.join(", ")}`}
                </p>
                <h2>
                  <a href={`/blog/${p.slug}`}>{p.title}</a>
                </h2>
                <p>{p.summary}</p>
                <p class="muted small">By {p.author}</p>
              </article>
            ))}
          </div>
        )}
      <Pagination
        page={posts.page}
        totalPages={posts.total_pages}
        href={(p) => withPage(base, p)}
      />
    </>
  );
}
