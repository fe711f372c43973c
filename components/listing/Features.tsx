/** A listing's features and what sets it apart. */
import type { Profile } from "./profile.ts";
import Section from "./Section.tsx";

/** The "Features" section; nothing when neither list has items. */
export default function Features({ listing }: { listing: Profile }) {
  if (listing.features.length === 0 && listing.usps.length === 0) return null;
  return (
    <Section id="features" title="Features">
      {listing.features.length > 0 && (
        <ul class="checklist">
          {listing.features.map((f) => <li key={f}>{f}</li>)}
        </ul>
      )}
      {listing.usps.length > 0 && (
        <>
          <h3>What sets it apart</h3>
          <ul class="checklist checklist-star">
            {listing.usps.map((u) => <li key={u}>{u}</li>)}
          </ul>
        </>
      )}
    </Section>
  );
}
