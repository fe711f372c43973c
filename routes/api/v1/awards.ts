import { z } from "zod";
import { defineOperation, pageFields, slug } from "./operation.ts";
import { listAwards } from "../../../services/directory/mod.ts";

export const awardOperations = [
  defineOperation({
    operationId: "list_awards",
    method: "get",
    path: "/awards",
    access: "public",
    tag: "Awards",
    summary: "Launch of the Week awards",
    description:
      "'Launch of the Week' awards, places #1 to #3, newest week first; decided by community votes only. `listing` keeps one listing's awards.",
    query: z.object({
      listing: slug().optional().describe("Only this listing's awards"),
      ...pageFields,
    }).strict(),
    status: 200,
    paginated: true,
    handler: ({ query }, { deps }) => listAwards(deps, query),
  }),
];
