import { z } from "zod";
import { defineOperation, slug } from "./operation.ts";
import {
  BADGE_MODES,
  BADGE_SHAPES,
  BADGE_SIZES,
  getBadges,
} from "../../../services/directory/mod.ts";

export const badgeOperations = [
  defineOperation({
    operationId: "get_badges",
    method: "get",
    path: "/listings/{slug}/badges",
    access: "public",
    tag: "Listings",
    summary: "A listing's badges",
    description:
      "The badges the listing has earned (Listed on, Launched on, Featured, Verified, Launch of the Week #1-#3, and others), each with ready HTML embed code and SVG image URLs for the chosen style and for every shape, mode (light, dark, auto) and size.",
    params: z.object({ slug: slug() }).strict(),
    query: z.object({
      shape: z.enum(BADGE_SHAPES).default("standard"),
      mode: z.enum(BADGE_MODES).default("auto"),
      size: z.enum(BADGE_SIZES).default("m"),
    }).strict(),
    status: 200,
    handler: ({ params, query }, { deps }) => getBadges(deps, params.slug, query),
  }),
];
