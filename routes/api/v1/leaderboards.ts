import { z } from "zod";
import { defineOperation, pageFields } from "./operation.ts";
import { BOARDS, getLeaderboard } from "../../../services/directory/mod.ts";
import { WEEK_PARAM } from "./launches.ts";

export const leaderboardOperations = [
  defineOperation({
    operationId: "get_leaderboard",
    method: "get",
    path: "/leaderboards/{board}",
    access: "public",
    tag: "Leaderboards",
    summary: "A ranked board",
    description:
      "One of five separate rankings: community-weekly (votes cast in a launch week; `week` = this, last or a date), community-all-time, billboard (a PAID ranking by money contributed, always marked paid), domain-rating (a third-party SEO metric) and revenue. Each item has rank, listing and metric.",
    params: z.object({ board: z.enum(BOARDS) }).strict(),
    query: z.object({
      week: WEEK_PARAM.optional().describe(
        "community-weekly only: this, last or a date; default this",
      ),
      ...pageFields,
    }).strict(),
    status: 200,
    paginated: true,
    handler: ({ params, query }, { deps }) => getLeaderboard(deps, params.board, query),
  }),
];
