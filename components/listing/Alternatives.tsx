/** A listing's alternatives, each with a link to compare it with the listing. */
import ListingRow from "../ListingRow.tsx";
import type { Alternatives as AlternativeList, Profile } from "./profile.ts";
import Section from "./Section.tsx";

interface AlternativesProps {
  listing: Profile;
  alternatives: AlternativeList;
  /** Category slug → name, for the rows' category chips. */
  names: Record<string, string>;
}

/** A link to compare a live listing with another (compare takes live listings only). */
export function CompareLink({ listing, other }: { listing: Profile; other: { slug: string } }) {
  if (listing.status !== "live") return null;
  return (
    <a href={`/compare?a=${encodeURIComponent(listing.slug)}&b=${encodeURIComponent(other.slug)}`}>
      Compare with {listing.name}
    </a>
  );
}

/** The alternatives' rows, each with its compare link. */
export function AlternativeRows({ listing, alternatives, names }: AlternativesProps) {
  return (
    <ul class="rows">
      {alternatives.items.map(({ approved, listing: alt }) => (
        <ListingRow
          key={alt.slug}
          listing={alt}
          categoryNames={names}
          note={approved ? "Suggested by the team" : undefined}
          extra={<CompareLink listing={listing} other={alt} />}
        />
      ))}
    </ul>
  );
}

/** The alternatives section, with a note when there are none. */
export default function Alternatives({ listing, alternatives, names }: AlternativesProps) {
  return (
    <Section id="alternatives" title={`Alternatives to ${listing.name}`}>
      {alternatives.items.length === 0
        ? <p class="muted">No alternatives are listed yet.</p>
        : <AlternativeRows listing={listing} alternatives={alternatives} names={names} />}
      <p class="card-links">
        <a class="card-link" href={`/listings/${encodeURIComponent(listing.slug)}/alternatives`}>
          All alternatives to {listing.name} →
        </a>
      </p>
    </Section>
  );
}
