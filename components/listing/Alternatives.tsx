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

/** The alternatives section, with a note when there are none. */
export default function Alternatives({ listing, alternatives, names }: AlternativesProps) {
  return (
    <Section id="alternatives" title={`Alternatives to ${listing.name}`}>
      {alternatives.items.length === 0
        ? <p class="muted">No alternatives are listed yet.</p>
        : (
          <ul class="rows">
            {alternatives.items.map(({ approved, listing: alt }) => (
              <ListingRow
                key={alt.slug}
                listing={alt}
                categoryNames={names}
                note={approved ? "Suggested by the team" : undefined}
                extra={listing.status === "live" && (
                  <a
                    href={`/compare?a=${encodeURIComponent(listing.slug)}&b=${
                      encodeURIComponent(alt.slug)
                    }`}
                  >
                    Compare with {listing.name}
                  </a>
                )}
              />
            ))}
          </ul>
        )}
    </Section>
  );
}
