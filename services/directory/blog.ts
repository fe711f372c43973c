/** list_blog_posts and get_blog_post. */
import { getBlogPostRecord, listBlogPostRecords } from "../../kv/blog.ts";
import type { BlogPost } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { notFound } from "../platform/errors.ts";
import { pageOf } from "../platform/paging.ts";
import { foldText } from "./founders.ts";

const words = (text: string) => foldText(text).split(/[^a-z0-9]+/).filter((w) => w.length > 1);

/** How well a post matches the query words: title counts most, then tags, summary, body. */
function matchScore(post: BlogPost, queryWords: string[]): number {
  const fields: [string, number][] = [
    [post.title, 5],
    [post.tags.join(" "), 3],
    [post.summary, 2],
    [post.body, 1],
  ];
  let score = 0;
  for (const q of queryWords) {
    let best = 0;
    for (const [text, weight] of fields) {
      if (words(text).some((w) => w.startsWith(q))) best = Math.max(best, weight);
    }
    if (best === 0) return 0; // every word must match
    score += best;
  }
  return score;
}

function listItem(post: BlogPost) {
  const { body: _body, faqs: _faqs, ...rest } = post;
  return rest;
}

/** list_blog_posts: newest first, or best match first when `q` is given. */
export async function listBlogPosts(
  deps: Deps,
  query: { q?: string; page: number; per_page: number },
) {
  const posts = await listBlogPostRecords(deps.kv);
  const queryWords = query.q ? words(query.q) : [];
  const ranked = queryWords.length === 0 ? posts : posts
    .map((post) => ({ post, score: matchScore(post, queryWords) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || b.post.published_at.localeCompare(a.post.published_at))
    .map((r) => r.post);
  const page = pageOf(ranked, query);
  return { ...page, items: page.items.map(listItem) };
}

/** get_blog_post: the full Markdown text and FAQs. */
export async function getBlogPost(deps: Deps, slug: string) {
  const post = await getBlogPostRecord(deps.kv, slug);
  if (!post) throw notFound("blog post", slug);
  return { ...post, url: `${deps.config.publicUrl}/blog/${post.slug}`, format: "markdown" };
}
