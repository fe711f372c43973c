/** A listing's social profiles and other links. */
import ExternalLink from "../ExternalLink.tsx";
import SocialLinks, { linkableSocials } from "../SocialLinks.tsx";
import { safeUrl } from "../format.ts";
import { outboundRel, type Profile } from "./profile.ts";

/** The links card (http(s) URLs only); nothing without links. */
export default function Links({ listing }: { listing: Profile }) {
  const socials = linkableSocials(listing.socials);
  if (socials.length === 0 && listing.links.length === 0) return null;
  const rel = outboundRel(listing);
  return (
    <section class="card" aria-labelledby="links-title">
      <h2 id="links-title">Links</h2>
      <ul class="link-list">
        <SocialLinks socials={socials} rel={rel} />
        {listing.links.filter((l) => safeUrl(l.url)).map((l) => (
          <li key={l.url}>
            <ExternalLink href={l.url} rel={rel}>{l.label}</ExternalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
