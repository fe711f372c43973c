/**
 * `/listings/:slug`: a listing's full public profile, its alternatives and the badge builder.
 * Views are counted; `?ref=badge` (the badge embed's link) also counts a badge click, and the
 * canonical URL stays without it. The badge builder shows only to the listing's team; a listing
 * not public yet is a 404, except to its team, who see a preview.
 */
import {
  categoryNames,
  countBadgeClick,
  countListingView,
  DEFAULT_BADGE_STYLE,
  getAlternatives,
  getBadges,
  getListingPreview,
  getPublicListing,
} from "../../services/directory/mod.ts";
import type { BadgeSet } from "../../services/directory/mod.ts";
import { safeUrl } from "../../components/format.ts";
import Breadcrumbs from "../../components/Breadcrumbs.tsx";
import Faqs from "../../components/Faqs.tsx";
import About from "../../components/listing/About.tsx";
import Alternatives from "../../components/listing/Alternatives.tsx";
import Awards from "../../components/listing/Awards.tsx";
import Badges from "../../components/listing/Badges.tsx";
import Details from "../../components/listing/Details.tsx";
import Features from "../../components/listing/Features.tsx";
import Founders from "../../components/listing/Founders.tsx";
import Header from "../../components/listing/Header.tsx";
import Links from "../../components/listing/Links.tsx";
import Media from "../../components/listing/Media.tsx";
import Milestones from "../../components/listing/Milestones.tsx";
import NotStated from "../../components/listing/NotStated.tsx";
import Pricing from "../../components/listing/Pricing.tsx";
import type { Alternatives as AlternativeList, Profile } from "../../components/listing/profile.ts";
import Stats from "../../components/listing/Stats.tsx";
import StatusBanner from "../../components/listing/StatusBanner.tsx";
import Story from "../../components/listing/Story.tsx";
import Updates from "../../components/listing/Updates.tsx";
import { visitorOf } from "../go.ts";
import { pageVoting } from "../community/votes.tsx";
import { listingFollowing } from "../community/follows.tsx";
import FollowBox from "../../components/FollowBox.tsx";
import type { Following } from "../../components/FollowBox.tsx";
import type { Voting } from "../../components/Vote.tsx";
import { listingReviews } from "../community/reviews.tsx";
import { type ListingReviews, ReviewsSection } from "../community/_review_parts.tsx";
import { type PageContext, type PageHandler, renderPage } from "./_page.tsx";
import { listingSeo } from "../seo/page_meta.ts";
import { currentSession } from "../session.ts";
import ShareButtons from "../../components/ShareButtons.tsx";
import { ApiError } from "../../services/platform/mod.ts";
import ClaimLink from "../../components/listing/ClaimLink.tsx";
import { claimOffer } from "../dashboard/_claim_offer.ts";

export const handler: PageHandler = async (ctx) => {
  const { c, deps } = ctx;
  const slug = c.req.param("slug") ?? "";
  const listing = await getPublicListing(deps, slug).catch((err) => ownerPreview(ctx, slug, err));
  if (listing instanceof Response) return listing;
  const visitor = visitorOf(deps, c);
  const claim = await claimOffer(deps, c, listing);
  // claimOffer answers null exactly when the signed-in person runs the listing: only they get
  // the badge builder (the code to paste into their own website).
  const owner = claim === null;
  const [alternatives, badges, names, voting, following, reviews] = await Promise.all([
    getAlternatives(deps, slug),
    owner ? getBadges(deps, slug, DEFAULT_BADGE_STYLE) : null,
    categoryNames(deps),
    pageVoting(deps, c, [listing.id]),
    listingFollowing(deps, c, listing),
    listingReviews(deps, c, listing),
    countListingView(deps, listing.id, visitor),
    c.req.query("ref") === "badge" && countBadgeClick(deps, listing.id, visitor),
  ]);
  return renderPage(
    ctx,
    {
      title: `${listing.seo.title || listing.name}: ${listing.tagline}`,
      fullTitle: false,
      description: listing.seo.description || listing.short_description || listing.tagline,
      path: `/listings/${listing.slug}`,
      imageUrl: safeUrl(listing.logo_url),
      ogType: "website",
      seo: (site) => listingSeo(deps.config.publicUrl, site, listing),
    },
    <ListingPage
      listing={listing}
      alternatives={alternatives}
      badges={badges}
      names={names}
      voting={voting}
      following={following}
      reviews={reviews}
      claim={claim}
    />,
  );
};

/**
 * A listing that is not public: its team (signed in) sees a preview marked as such, never cached
 * and kept out of search engines; everyone else gets the error (the 404).
 */
async function ownerPreview(ctx: PageContext, slug: string, err: unknown): Promise<Response> {
  const who = currentSession(ctx.c);
  const status = err instanceof ApiError ? err.status : 0;
  const listing = who && status === 404
    ? await getListingPreview(ctx.deps, slug, who.user.id)
    : null;
  if (!listing) throw err;
  ctx.c.header("Cache-Control", "private, no-store");
  return renderPage(
    ctx,
    {
      title: `Preview: ${listing.name}`,
      description: `A preview of ${listing.name}'s page, not public yet.`,
      path: `/listings/${listing.slug}`,
      noindex: true,
    },
    <ListingPage
      listing={listing}
      names={{}}
      preview
    />,
  );
}

interface ListingPageProps {
  listing: Profile;
  /** Left out of a preview. */
  alternatives?: AlternativeList;
  /** The badge builder's badges: only for the listing's own team. */
  badges?: BadgeSet | null;
  /** Category slug → name, for the alternatives' category chips. */
  names: Record<string, string>;
  /** The person's vote button (their own state, never cached). */
  voting?: Voting;
  /** The person's follow button (their own state, never cached). */
  following?: Following;
  /** The reviews, with the person's own review and forms (never cached). */
  reviews?: ListingReviews;
  /** The claim form's path, for people who do not run the listing. */
  claim?: string | null;
  /** Shown to its team before it is public: marked as a preview, without share links. */
  preview?: boolean;
}

/** The listing page: the profile in the main column, its numbers and facts beside it. */
export default function ListingPage(
  { listing, alternatives, badges, names, voting, following, reviews, claim, preview }:
    ListingPageProps,
) {
  return (
    <article class="profile" itemscope itemtype="https://schema.org/SoftwareApplication">
      {preview && (
        <p class="banner banner-preview" role="status">
          <strong>Preview: not public yet.</strong>{" "}
          Only you and your co-founders can see this page until the listing is published.{" "}
          <a href="/dashboard">Go to your dashboard</a>
        </p>
      )}
      <Breadcrumbs
        trail={[{
          label: listing.categories.primary.name,
          href: `/categories/${listing.categories.primary.slug}`,
        }, { label: listing.name }]}
      />
      <StatusBanner listing={listing} />
      <Header listing={listing} voting={voting} />
      {!preview && (
        <ShareButtons url={listing.page_url} text={`${listing.name}: ${listing.tagline}`} />
      )}
      <Awards awards={listing.awards} />
      <div class="profile-grid">
        <div class="profile-main">
          <About listing={listing} />
          <Features listing={listing} />
          <Pricing pricing={listing.pricing} />
          <Story listing={listing} />
          <Milestones listing={listing} />
          <Media listing={listing} />
          <Updates updates={listing.latest_updates} />
          {reviews && <ReviewsSection listing={listing} {...reviews} />}
          <Faqs
            faqs={listing.faqs}
            title="Questions and answers"
            class="card profile-section"
            id="faqs"
          />
          {alternatives && (
            <Alternatives listing={listing} alternatives={alternatives} names={names} />
          )}
          {badges && <Badges name={listing.name} badges={badges} />}
        </div>
        <aside class="profile-side" aria-label={`${listing.name} at a glance`}>
          {following && <FollowBox following={following} />}
          <Stats listing={listing} />
          <Founders founders={listing.founders} />
          <Details listing={listing} />
          <Links listing={listing} />
          <NotStated fields={listing.not_found_on_website} />
          <ClaimLink href={claim} />
          {listing.status === "live" && (
            <p class="side-note">
              <a href={`/compare?a=${encodeURIComponent(listing.slug)}`}>
                Compare {listing.name} with another product →
              </a>
            </p>
          )}
        </aside>
      </div>
    </article>
  );
}
