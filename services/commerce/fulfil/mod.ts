/** Each product's line fulfiller, by product code (what each delivers: docs/decisions.md). */
import type { LineFulfiller } from "../fulfilment.ts";
import { fulfilAiReview } from "./ai_review.ts";
import { fulfilBillboard } from "./billboard.ts";
import { fulfilDoneForYou } from "./done_for_you.ts";
import { fulfilExtraCategories } from "./extra_categories.ts";
import { fulfilFeatured } from "./featured.ts";
import { fulfilLaunch } from "./launch.ts";
import { fulfilLaunchBundle } from "./launch_bundle.ts";
import { fulfilRelaunch } from "./relaunch.ts";
import { fulfilSkipQueue } from "./skip_queue.ts";
import { fulfilTrophyCabinet } from "./trophy_cabinet.ts";

export const LINE_FULFILLERS: Record<string, LineFulfiller> = {
  launch: fulfilLaunch,
  skip_queue: fulfilSkipQueue,
  featured: fulfilFeatured,
  done_for_you: fulfilDoneForYou,
  launch_bundle: fulfilLaunchBundle,
  extra_categories: fulfilExtraCategories,
  relaunch: fulfilRelaunch,
  ai_review: fulfilAiReview,
  billboard_min: fulfilBillboard,
  trophy_cabinet: fulfilTrophyCabinet,
};
