/**
 * The browser entry, bundled to static/islands.js by `deno task build`: hydrates every
 * `[data-island]` element that the server rendered with components/island.tsx.
 */
import { type ComponentType, h, hydrate } from "preact";
import BadgeBuilder from "./BadgeBuilder.tsx";
import CopyLink from "./CopyLink.tsx";
import CopySecret from "./CopySecret.tsx";
import DraftProgress from "./DraftProgress.tsx";
import FollowButton from "./FollowButton.tsx";
import LaunchPricer from "./LaunchPricer.tsx";
import LaunchTabs from "./LaunchTabs.tsx";
import LimitedField from "./LimitedField.tsx";
import PrintButton from "./PrintButton.tsx";
import SearchBox from "./SearchBox.tsx";
import VoteButton from "./VoteButton.tsx";

// deno-lint-ignore no-explicit-any
const ISLANDS: Record<string, ComponentType<any>> = {
  BadgeBuilder,
  CopyLink,
  CopySecret,
  DraftProgress,
  FollowButton,
  LaunchPricer,
  LaunchTabs,
  LimitedField,
  PrintButton,
  SearchBox,
  VoteButton,
};

/** Hydrates the islands under `root` with the props the server serialized. */
export function hydrateIslands(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = el.dataset.island ?? "";
    const component = ISLANDS[name];
    if (!component) {
      console.error(`Cannot hydrate island "${name}": it is not in islands/client.ts`);
      continue;
    }
    try {
      hydrate(h(component, JSON.parse(el.dataset.props ?? "{}")), el);
      el.dataset.hydrated = "true";
    } catch (err) {
      console.error(`Cannot hydrate island "${name}":`, err);
    }
  }
}

hydrateIslands();
