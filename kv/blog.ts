/** Blog posts, with a by-date index for newest-first listing. */
import { getManyValues, present } from "./read.ts";
import * as keys from "./keys.ts";
import type { BlogPost } from "./types.ts";

/** Writes a blog post and moves its date index entry, atomically. */
export async function putBlogPost(kv: Deno.Kv, post: BlogPost): Promise<void> {
  for (;;) {
    const current = await kv.get<BlogPost>(keys.blogPostKey(post.slug));
    const op = kv.atomic().check(current)
      .set(keys.blogPostKey(post.slug), post)
      .set(keys.blogByDateKey(post.published_at, post.slug), post.slug);
    if (current.value && current.value.published_at !== post.published_at) {
      op.delete(keys.blogByDateKey(current.value.published_at, post.slug));
    }
    if ((await op.commit()).ok) return;
  }
}

/** Reads one blog post. */
export async function getBlogPostRecord(kv: Deno.Kv, slug: string): Promise<BlogPost | null> {
  return (await kv.get<BlogPost>(keys.blogPostKey(slug))).value;
}

/** Every blog post, newest first. */
export async function listBlogPostRecords(kv: Deno.Kv): Promise<BlogPost[]> {
  const slugs: string[] = [];
  for await (const e of kv.list<string>({ prefix: keys.blogByDatePrefix() }, { reverse: true })) {
    slugs.push(e.value);
  }
  return present(await getManyValues<BlogPost>(kv, slugs.map(keys.blogPostKey)));
}
