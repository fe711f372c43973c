import { z } from "zod";
import { countryCode, defineOperation, pageFields, slug } from "./operation.ts";
import { getFounder, listFounders } from "../../../services/directory/mod.ts";

export const founderOperations = [
  defineOperation({
    operationId: "list_founders",
    method: "get",
    path: "/founders",
    access: "public",
    tag: "Founders",
    summary: "List founders",
    description: "Founder profiles, filtered by name (`q`, at most 120 characters) and country.",
    query: z.object({
      q: z.string().max(120).optional().describe("Part of the founder's name"),
      country: countryCode().optional(),
      ...pageFields,
    }).strict(),
    status: 200,
    paginated: true,
    handler: ({ query }, { deps }) => listFounders(deps, query),
  }),
  defineOperation({
    operationId: "get_founder",
    method: "get",
    path: "/founders/{slug}",
    access: "public",
    tag: "Founders",
    summary: "A founder's profile",
    description:
      "A founder's bio, socials, follower count (`followers`: people following the profile on the site), the companies they listed and their published stories.",
    params: z.object({ slug: slug() }).strict(),
    status: 200,
    handler: ({ params }, { deps }) => getFounder(deps, params.slug),
  }),
];
