import { z } from "zod";
import { defineOperation, pageFields, slug } from "./operation.ts";
import { getBlogPost, listBlogPosts } from "../../../services/directory/mod.ts";

export const blogOperations = [
  defineOperation({
    operationId: "list_blog_posts",
    method: "get",
    path: "/blog",
    access: "public",
    tag: "Blog",
    summary: "List blog posts",
    description:
      "Blog posts, newest first, or those matching `q` (at most 200 characters) best first.",
    query: z.object({ q: z.string().max(200).optional(), ...pageFields }).strict(),
    status: 200,
    paginated: true,
    handler: ({ query }, { deps }) => listBlogPosts(deps, query),
  }),
  defineOperation({
    operationId: "get_blog_post",
    method: "get",
    path: "/blog/{slug}",
    access: "public",
    tag: "Blog",
    summary: "A blog post",
    description: "A blog post's full text in Markdown, with its FAQs.",
    params: z.object({ slug: slug() }).strict(),
    status: 200,
    handler: ({ params }, { deps }) => getBlogPost(deps, params.slug),
  }),
];
