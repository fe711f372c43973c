/** A listing's numbers at a glance: votes, views, followers, rating, Domain Rating and revenue. */
import { formatMoney, formatNumber, plural } from "../format.ts";
import DomainRating from "./DomainRating.tsx";
import type { Profile } from "./profile.ts";

function Stars({ average }: { average: number }) {
  const full = Math.round(average);
  return (
    <span class="stars" aria-hidden="true">
      {"★".repeat(full)}
      <span class="stars-empty">{"★".repeat(5 - full)}</span>
    </span>
  );
}

function Revenue({ revenue }: { revenue: NonNullable<Profile["revenue"]> }) {
  return (
    <div class="side-block">
      <h3>Revenue</h3>
      <p>
        <strong class="big">{formatMoney(revenue.mrr_cents)}</strong> MRR
      </p>
      <p class="muted small">
        {revenue.source === "verified" ? "Verified" : "Self-reported"} for {revenue.month}.
      </p>
    </div>
  );
}

/** The numbers card at the top of the side column. */
export default function Stats({ listing }: { listing: Profile }) {
  const rating = listing.community_rating;
  return (
    <section class="card" aria-labelledby="stats-title">
      <h2 id="stats-title" class="sr-only">Numbers</h2>
      <dl class="stats">
        <div>
          <dt>Votes</dt>
          <dd>{formatNumber(listing.votes)}</dd>
        </div>
        <div>
          <dt>Views</dt>
          <dd>{formatNumber(listing.views)}</dd>
        </div>
        <div>
          <dt>Followers</dt>
          <dd>{formatNumber(listing.follows)}</dd>
        </div>
      </dl>
      <div class="side-block">
        <h3>Community rating</h3>
        {rating.average === null ? <p class="muted">No reviews yet.</p> : (
          <p>
            <Stars average={rating.average} /> <strong>{rating.average.toFixed(1)}</strong> / 5 from
            {" "}
            {plural(rating.count, "review")}
          </p>
        )}
      </div>
      <DomainRating dr={listing.domain_rating} />
      {listing.revenue && <Revenue revenue={listing.revenue} />}
    </section>
  );
}
