/**
 * trophy_cabinet: the listing's trophy cabinet page (`/trophies/{slug}`) and its embeddable widget
 * are turned on with the line's options (theme, runner-up places, headline). A second purchase
 * replaces the options and keeps the date the cabinet was first turned on.
 */
import type { TrophyCabinet } from "../../../kv/types.ts";
import type { LineContext, LineOutcome } from "../fulfilment.ts";

const THEMES: readonly TrophyCabinet["theme"][] = ["classic", "minimal", "dark"];

/** The cabinet the line's options ask for (checked at checkout; anything else: the default). */
export function cabinetOptions(
  options: Record<string, unknown> | undefined,
): Omit<TrophyCabinet, "since"> {
  const theme = THEMES.find((t) => t === options?.theme) ?? "classic";
  const headline = typeof options?.headline === "string" ? options.headline.trim() : "";
  return {
    theme,
    show_runner_up: options?.show_runner_up === true,
    headline: headline === "" ? null : headline,
  };
}

/** Turns the line's listing's trophy cabinet on, or updates its options. */
export function fulfilTrophyCabinet(ctx: LineContext): Promise<LineOutcome> {
  const state = ctx.state!;
  const listing = state.listing;
  const now = ctx.deps.now().toISOString();
  const cabinet: TrophyCabinet = {
    ...cabinetOptions(ctx.line.options),
    since: listing.trophy_cabinet?.since ?? now,
  };
  const places = cabinet.show_runner_up ? "places #1-#3" : "#1 places";
  return Promise.resolve({
    state: { ...state, listing: { ...listing, trophy_cabinet: cabinet, updated_at: now } },
    result: `Trophy cabinet on at /trophies/${listing.slug} (${cabinet.theme} theme, ${places})`,
  });
}
