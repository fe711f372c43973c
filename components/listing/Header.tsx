/**
 * The head of a listing page: logo, name, tagline, categories, the website link and the votes.
 * The website link goes through `/go/:slug`, which counts the click and redirects; its rel and the
 * line under it say which kind of link it is (sponsored, earned or nofollow).
 */
import ListingLogo from "../ListingLogo.tsx";
import { displayHost, formatNumber, humanize, safeUrl } from "../format.ts";
import { outboundRel, type Profile } from "./profile.ts";
import LinkKind from "./LinkKind.tsx";
import { buttonState, VoteButton, type Voting } from "../Vote.tsx";

/** The header. */
export default function Header({ listing, voting }: { listing: Profile; voting?: Voting }) {
  const website = safeUrl(listing.url);
  const categories = [listing.categories.primary, ...listing.categories.extra];
  const vote = listing.status === "live" ? buttonState(voting, listing.id) : null;
  return (
    <header class="profile-header">
      <ListingLogo name={listing.name} logoUrl={listing.logo_url} size="l" />
      <div class="profile-title">
        <h1 itemprop="name">
          {listing.name}
          {listing.verified && (
            <span class="pill pill-verified" title="Ownership verified">Verified</span>
          )}
          {listing.featured && <span class="pill pill-featured">Featured</span>}
        </h1>
        <p class="profile-tagline" itemprop="description">{listing.tagline}</p>
        <p class="chips">
          {categories.map((cat) => (
            <a key={cat.slug} class="chip" href={`/categories/${encodeURIComponent(cat.slug)}`}>
              {cat.name}
            </a>
          ))}
          {listing.stage && <span class="chip chip-muted">{humanize(listing.stage)}</span>}
          {listing.pricing.model && <span class="chip chip-muted">{listing.pricing.model}</span>}
        </p>
      </div>
      <div class="profile-actions">
        {website && <link itemprop="url" href={website} />}
        {website && (
          <a
            class="button"
            href={`/go/${encodeURIComponent(listing.slug)}`}
            rel={outboundRel(listing)}
            target="_blank"
          >
            Visit {displayHost(website)} ↗
          </a>
        )}
        {website && <LinkKind link={listing.outbound_link} />}
        <div class="vote-box">
          {vote && voting
            ? <VoteButton voting={voting} listing={listing} layout="box" />
            : (
              <span class="vote-count">
                <strong>{formatNumber(listing.votes)}</strong>{" "}
                {listing.votes === 1 ? "vote" : "votes"}
              </span>
            )}
        </div>
      </div>
    </header>
  );
}
