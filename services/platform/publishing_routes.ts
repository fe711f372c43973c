/**
 * The two publishing routes (free and paid) as the service describes them to agents, in
 * get_site_info and in submit_draft's `next_steps`. A step names its operation only when that
 * operation is implemented; a step that is not says so in words ("not available yet"), so the
 * text stays true as operations land. Callers pass the implemented operation ids in (the routes
 * layer knows the operation table; services do not).
 */
import type { SiteSettings } from "../../kv/types.ts";

/** The free-queue window a text quotes. */
export type FreeQueueWindow = Pick<SiteSettings, "free_queue_min_weeks" | "free_queue_max_weeks">;

/** One step of a publishing route: the operation that does it, and the step in words. */
interface RouteStep {
  operationId: string;
  /** A noun phrase, e.g. "choosing the free plan". */
  step: string;
}

/** A publishing route: what it is, and its steps in order. */
interface PublishingRoute {
  summary: string;
  steps: RouteStep[];
}

const SAVE_STEP: RouteStep = { operationId: "submit_draft", step: "saving the draft as a listing" };

/** Both routes, with the free queue window of the site settings. */
function publishingRouteTable(
  window: FreeQueueWindow,
): { free: PublishingRoute; paid: PublishingRoute } {
  return {
    free: {
      summary:
        `Free plan: the listing is queued for a launch week ${window.free_queue_min_weeks} to ${window.free_queue_max_weeks} weeks ahead and goes live once the service's badge is found on the homepage of its website.`,
      steps: [SAVE_STEP, { operationId: "choose_free_listing", step: "choosing the free plan" }],
    },
    paid: {
      summary:
        "Paid plan: an order of the 'launch' product, paid by a person on the service's own checkout page (never send payment details); the listing goes live at once or in the chosen week, plus optional extras.",
      steps: [
        SAVE_STEP,
        { operationId: "list_products", step: "the products and their prices" },
        { operationId: "quote_order", step: "pricing the order" },
        { operationId: "create_checkout", step: "creating the checkout link a person pays on" },
        { operationId: "get_order", step: "following the order after payment" },
      ],
    },
  };
}

/** The steps as a sentence or two: implemented ones by operation id, the rest as not available. */
function describeSteps(steps: RouteStep[], implemented: ReadonlySet<string>): string {
  const ready = steps.filter((s) => implemented.has(s.operationId));
  const missing = steps.filter((s) => !implemented.has(s.operationId));
  const parts: string[] = [];
  if (ready.length > 0) {
    const label = missing.length > 0 ? "Available now" : "Steps";
    parts.push(`${label}: ${ready.map((s) => `${s.operationId} (${s.step})`).join(", ")}.`);
  }
  if (missing.length > 0) {
    const label = ready.length > 0
      ? "Not available yet"
      : "Not available yet through the API or MCP";
    parts.push(`${label}: ${missing.map((s) => s.step).join(", ")}.`);
  }
  return parts.join(" ");
}

/**
 * get_site_info's `publishing` texts, e.g.
 * `publishingRoutes(settings, new Set(["submit_draft", "choose_free_listing"])).free`.
 */
export function publishingRoutes(
  window: FreeQueueWindow,
  implemented: ReadonlySet<string>,
): { free: string; paid: string } {
  const { free, paid } = publishingRouteTable(window);
  return {
    free: `${free.summary} ${describeSteps(free.steps, implemented)}`,
    paid: `${paid.summary} ${describeSteps(paid.steps, implemented)}`,
  };
}

/** submit_draft's `next_steps`: the listing is saved, then each route's remaining steps. */
export function nextStepsAfterSave(
  window: FreeQueueWindow,
  implemented: ReadonlySet<string>,
): string {
  const routes = Object.values(publishingRouteTable(window)).map((route) => {
    const after = route.steps.filter((s) => s !== SAVE_STEP);
    return `${route.summary} ${describeSteps(after, implemented)}`;
  });
  return ["The listing is saved, not published.", ...routes].join(" ");
}
