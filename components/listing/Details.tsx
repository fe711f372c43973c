/** A listing's facts: launch date, location (country by name), founding year, contact and tags. */
import { tagPath, tagSlug } from "../../services/directory/mod.ts";
import { countryName } from "../country.ts";
import { formatDate } from "../format.ts";
import Fact from "./Fact.tsx";
import type { Profile } from "./profile.ts";

/** The details card (each fact only when known). */
export default function Details({ listing }: { listing: Profile }) {
  return (
    <section class="card" aria-labelledby="details-title">
      <h2 id="details-title">Details</h2>
      <dl class="facts">
        {listing.launched_at && (
          <Fact term="Launched">
            {listing.launch_week
              ? (
                <a href={`/launches/${listing.launch_week}`}>
                  {formatDate(listing.launched_at)}
                </a>
              )
              : formatDate(listing.launched_at)}
          </Fact>
        )}
        {(listing.city || listing.country) && (
          <Fact term="Based in">
            {[listing.city, listing.country && countryName(listing.country)].filter(Boolean).join(
              ", ",
            )}
          </Fact>
        )}
        {listing.founded_year && <Fact term="Founded">{listing.founded_year}</Fact>}
        {listing.contact_email && (
          <Fact term="Contact">
            <a href={`mailto:${listing.contact_email}`}>{listing.contact_email}</a>
          </Fact>
        )}
      </dl>
      {listing.tags.length > 0 && (
        <p class="chips">
          {listing.tags.map((t) =>
            tagSlug(t)
              ? <a key={t} class="chip chip-muted" href={tagPath(t)} rel="tag">#{t}</a>
              : <span key={t} class="chip chip-muted">#{t}</span>
          )}
        </p>
      )}
    </section>
  );
}
