/** The badge builder on a listing page: every badge the listing earned, in every style. */
import {
  BADGE_MODES,
  BADGE_SHAPES,
  BADGE_SIZES,
  badgeDimensions,
  type BadgeSet,
  type BadgeShape,
  type BadgeSize,
} from "../../services/directory/mod.ts";
import BadgeBuilderIsland, {
  type BadgeBuilderProps,
  type BuilderBadge,
} from "../../islands/BadgeBuilder.tsx";
import { island } from "../island.tsx";
import Section from "./Section.tsx";

const BadgeBuilder = island("BadgeBuilder", BadgeBuilderIsland);

/** The badge builder's props: every earned badge with its URLs and sizes for each style. */
export function badgeBuilderProps(set: BadgeSet): BadgeBuilderProps {
  const badges: BuilderBadge[] = set.badges.map((b) => {
    const dimensions = {} as BuilderBadge["dimensions"];
    for (const shape of BADGE_SHAPES) {
      dimensions[shape] = {} as Record<BadgeSize, [number, number]>;
      for (const size of BADGE_SIZES) {
        const { width, height } = badgeDimensions(b, { shape, mode: "light", size });
        dimensions[shape as BadgeShape][size] = [width, height];
      }
    }
    return {
      kind: b.kind,
      label: b.label,
      title: b.title,
      detail: b.detail,
      alt: b.alt,
      images: b.images,
      dimensions,
    };
  });
  return {
    listingName: set.listing.name,
    linkUrl: `${set.listing.url}?ref=badge`,
    badges,
    style: set.style,
    shapes: BADGE_SHAPES,
    modes: BADGE_MODES,
    sizes: BADGE_SIZES,
  };
}

/** The "Badges for your website" section with the builder island. */
export default function Badges({ name, badges }: { name: string; badges: BadgeSet }) {
  return (
    <Section id="badges" title="Badges for your website">
      <p class="muted">
        Show visitors where {name}{" "}
        was listed. Pick a badge and a style, then paste the code into the website.
      </p>
      <BadgeBuilder {...badgeBuilderProps(badges)} />
    </Section>
  );
}
