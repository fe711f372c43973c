import { z } from "zod";
import { defineOperation, pageFields } from "./operation.ts";
import { getLaunchWeek, LAUNCH_SECTIONS, listLaunches } from "../../../services/directory/mod.ts";

export const WEEK_PARAM = z.string().max(10).regex(
  /^(this|next|last|\d{4}-\d{2}-\d{2})$/,
  "Expected this, next, last or a date YYYY-MM-DD",
);

export const launchOperations = [
  defineOperation({
    operationId: "get_launch_week",
    method: "get",
    path: "/launches/weeks/{week}",
    access: "public",
    tag: "Launches",
    summary: "One launch week",
    description:
      "A launch week, Monday to Sunday (UTC): `this`, `next`, `last`, or a date YYYY-MM-DD snapped to its Monday. Past and current weeks list live launches ranked by community votes cast that week; a future week lists the launches scheduled for it.",
    params: z.object({ week: WEEK_PARAM.describe("this, next, last, or YYYY-MM-DD") }).strict(),
    status: 200,
    handler: ({ params }, { deps }) => getLaunchWeek(deps, params.week),
  }),
  defineOperation({
    operationId: "list_launches",
    method: "get",
    path: "/launches",
    access: "public",
    tag: "Launches",
    summary: "Launches by section",
    description:
      "Live launches by section: today, this-week (ranked by votes), trending (time-decayed votes), most-voted, recent, most-viewed, most-followed, or upcoming (scheduled for future weeks, soonest first).",
    query: z.object({ section: z.enum(LAUNCH_SECTIONS).default("this-week"), ...pageFields })
      .strict(),
    status: 200,
    paginated: true,
    handler: ({ query }, { deps }) => listLaunches(deps, query),
  }),
];
