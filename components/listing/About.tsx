/** A listing's headline, description and demo video link. */
import ExternalLink from "../ExternalLink.tsx";
import Paragraphs from "../Paragraphs.tsx";
import { safeUrl } from "../format.ts";
import { outboundRel, type Profile } from "./profile.ts";
import Section from "./Section.tsx";

/** The "About" section. */
export default function About({ listing }: { listing: Profile }) {
  return (
    <Section id="about" title={`About ${listing.name}`}>
      {listing.headline && <p class="lead">{listing.headline}</p>}
      {listing.description
        ? <Paragraphs text={listing.description} />
        : <Paragraphs text={listing.short_description} />}
      {listing.demo_video_url && safeUrl(listing.demo_video_url) && (
        <p>
          <ExternalLink href={listing.demo_video_url} rel={outboundRel(listing)}>
            Watch the demo video ↗
          </ExternalLink>
        </p>
      )}
    </Section>
  );
}
