/**
 * `/dashboard/listings/:id/badges`: every badge the listing has earned (get_badges), each with its
 * embed code, and the badge builder (shape, mode and size pickers with a live preview and the
 * code to copy), as on the public listing page. A listing that is not published has no badges.
 */
import { Hono } from "hono";
import { island } from "../../components/island.tsx";
import { badgeBuilderProps } from "../../components/listing/Badges.tsx";
import BadgeBuilderIsland from "../../islands/BadgeBuilder.tsx";
import type { BadgeSet } from "../../services/directory/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import type { SessionEnv } from "../session.ts";
import { listingPage, openMyListing } from "./_listing_parts.tsx";
import { callOperation } from "./_operation.ts";
import { dashboardPaths } from "./_ui.tsx";

const BadgeBuilder = island("BadgeBuilder", BadgeBuilderIsland);

/** The badges page. */
export function listingBadgesRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/dashboard/listings/:id/badges", async (c) => {
    const { who, listing } = await openMyListing(deps, c);
    const set = listing.status === "draft"
      ? null
      : await callOperation<BadgeSet>(deps, who, "get_badges", { params: { slug: listing.slug } });
    return listingPage(deps, c, {
      listing,
      tab: "badges",
      title: "Badges",
      lead: "Show visitors where your product was listed: pick a badge and a style, then paste " +
        "the code into your website.",
    }, <BadgesBody set={set} publish={dashboardPaths.listingTab(listing.listing_id, "publish")} />);
  });
  return app;
}

function BadgesBody({ set, publish }: { set: BadgeSet | null; publish: string }) {
  if (!set || set.badges.length === 0) {
    return (
      <section class="card">
        <p class="empty">
          No badges yet: the listing earns its first badge when it is published.{" "}
          <a href={publish}>Publish it</a>.
        </p>
      </section>
    );
  }
  return (
    <>
      <section class="card" aria-labelledby="builder">
        <h2 id="builder">Badge builder</h2>
        <BadgeBuilder {...badgeBuilderProps(set)} />
      </section>
      <section class="card" aria-labelledby="earned">
        <h2 id="earned">Every badge earned</h2>
        <ul class="earned-badges">
          {set.badges.map((badge) => (
            <li key={badge.kind} data-badge={badge.kind}>
              <img
                src={badge.image_url}
                alt={badge.alt}
                width={badge.width}
                height={badge.height}
              />
              <label class="field">
                <span class="field-label">Embed code: {badge.label} {badge.title}</span>
                <textarea class="code" readOnly rows={3} spellcheck={false}>
                  {badge.embed_html}
                </textarea>
              </label>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
