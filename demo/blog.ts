/**
 * The demo blog: one Markdown file per post in `blog/`, named by its slug. A front matter block
 * holds the title, summary, author, tags, age in days and FAQs, one JSON value a line; `{{name}}`
 * anywhere is the default site setting of that name (the free queue window, say).
 */
import type { BlogPost, Faq } from "../kv/types.ts";
import { DEFAULT_SETTINGS } from "../services/platform/reference.ts";

const BLOG_DIR = new URL("./blog/", import.meta.url);
const FMT_IGNORE = "<!-- deno-fmt-ignore-file -->";

/** A post's front matter. */
interface FrontMatter {
  title: string;
  summary: string;
  author: string;
  tags: string[];
  days_ago: number;
  faqs: Faq[];
}

/** The blog posts, oldest first, dated back from `now`. */
export async function readBlogPosts(now: Date): Promise<BlogPost[]> {
  const posts: { days: number; post: BlogPost }[] = [];
  for await (const entry of Deno.readDir(BLOG_DIR)) {
    if (!entry.isFile || !entry.name.endsWith(".md")) continue;
    const slug = entry.name.slice(0, -".md".length);
    const text = fillSettings(slug, await Deno.readTextFile(new URL(entry.name, BLOG_DIR)));
    const { meta, body } = splitFrontMatter(slug, text);
    const at = daysBefore(now, meta.days_ago);
    posts.push({
      days: meta.days_ago,
      post: {
        slug,
        title: meta.title,
        summary: meta.summary,
        body,
        faqs: meta.faqs,
        author: meta.author,
        tags: meta.tags,
        published_at: at,
        updated_at: at,
      },
    });
  }
  return posts.sort((a, b) => b.days - a.days || a.post.slug.localeCompare(b.post.slug))
    .map((p) => p.post);
}

/** 09:00 UTC on the day `days` before `now`. */
function daysBefore(now: Date, days: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days, 9))
    .toISOString();
}

function fillSettings(slug: string, text: string): string {
  const settings = DEFAULT_SETTINGS as unknown as Record<string, unknown>;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in settings)) throw new Error(`Blog post "${slug}": no site setting "${name}"`);
    return String(settings[name]);
  });
}

function splitFrontMatter(slug: string, text: string): { meta: FrontMatter; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) throw new Error(`Blog post "${slug}" has no front matter`);
  const meta: Record<string, unknown> = {};
  const faqs: Faq[] = [];
  for (const line of match[1].split("\n")) {
    const [, indent, key, value] = /^([ -]*)(\w+):\s*(.*)$/.exec(line) ?? [];
    if (!key) throw new Error(`Blog post "${slug}": cannot read front matter line "${line}"`);
    if (key === "question") faqs.push({ question: JSON.parse(value), answer: "" });
    else if (key === "answer") faqs[faqs.length - 1].answer = JSON.parse(value);
    else if (indent === "" && value !== "") meta[key] = JSON.parse(value);
  }
  const rest = text.slice(match[0].length).trimStart();
  const body = (rest.startsWith(FMT_IGNORE) ? rest.slice(FMT_IGNORE.length) : rest).trim() + "\n";
  return { meta: { ...meta, faqs } as FrontMatter, body };
}
