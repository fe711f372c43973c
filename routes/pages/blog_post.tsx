/** `/blog/:slug`: one post, its Markdown rendered with raw HTML escaped. */
import { getBlogPost } from "../../services/directory/mod.ts";
import { renderMarkdown } from "../../components/markdown.ts";
import { formatDate } from "../../components/format.ts";
import Breadcrumbs from "../../components/Breadcrumbs.tsx";
import Faqs from "../../components/Faqs.tsx";
import { type PageHandler, renderPage } from "./_page.tsx";
import { blogPostSeo } from "../seo/page_meta.ts";

type Post = Awaited<ReturnType<typeof getBlogPost>>;

export const handler: PageHandler = async (ctx) => {
  const post = await getBlogPost(ctx.deps, ctx.c.req.param("slug") ?? "");
  return renderPage(ctx, {
    title: post.title,
    description: post.summary,
    path: `/blog/${post.slug}`,
    ogType: "article",
    section: "blog",
    seo: (site) => blogPostSeo(site, post),
  }, <BlogPostPage post={post} />);
};

/** A blog post. */
export default function BlogPostPage({ post }: { post: Post }) {
  return (
    <article class="post">
      <Breadcrumbs trail={[{ label: "Blog", href: "/blog" }, { label: post.title }]} />
      <header class="post-header">
        <h1>{post.title}</h1>
        <p class="lead">{post.summary}</p>
        <p class="muted">
          By {post.author} ·{" "}
          <time datetime={post.published_at}>{formatDate(post.published_at)}</time>
          {post.updated_at.slice(0, 10) !== post.published_at.slice(0, 10) && (
            <>
              · updated <time datetime={post.updated_at}>{formatDate(post.updated_at)}</time>
            </>
          )}
        </p>
        {post.tags.length > 0 && (
          <p class="chips">
            {post.tags.map((t) => (
              <a key={t} class="chip" href={`/blog?q=${encodeURIComponent(t)}`}>#{t}</a>
            ))}
          </p>
        )}
      </header>
      <div class="prose" dangerouslySetInnerHTML={{ __html: renderMarkdown(post.body) }} />
      <Faqs faqs={post.faqs} title="Questions and answers" class="post-faqs" />
      <p>
        <a href="/blog">← All posts</a>
      </p>
    </article>
  );
}
