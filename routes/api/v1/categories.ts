import { z } from "zod";
import { defineOperation, pageFields, slug } from "./operation.ts";
import {
  categoryPageValidity,
  categoryTreeValidity,
  getCategory,
  listCategories,
} from "../../../services/directory/mod.ts";

export const categoryOperations = [
  defineOperation({
    operationId: "list_categories",
    method: "get",
    path: "/categories",
    access: "public",
    tag: "Categories",
    summary: "The category tree",
    description:
      "The full two-level category tree with live listing counts. `include_empty=false` leaves out categories without live listings.",
    query: z.object({ include_empty: z.boolean().default(true) }).strict(),
    status: 200,
    freshness: categoryTreeValidity,
    handler: ({ query }, { deps }) => listCategories(deps, query.include_empty),
  }),
  defineOperation({
    operationId: "get_category",
    method: "get",
    path: "/categories/{slug}",
    access: "public",
    tag: "Categories",
    summary: "A category and its live listings",
    description:
      "A category with description, FAQs, parent, subcategories, live listing count and its live listings (including those of its subcategories), most voted first.",
    params: z.object({ slug: slug() }).strict(),
    query: z.object(pageFields).strict(),
    status: 200,
    paginated: true,
    freshness: categoryPageValidity,
    handler: ({ params, query }, { deps }) => getCategory(deps, params.slug, query),
  }),
];
