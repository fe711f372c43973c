/** A listing's screenshots and videos, when the listing has unlocked them. */
import ExternalLink from "../ExternalLink.tsx";
import { safeUrl } from "../format.ts";
import { outboundRel, type Profile } from "./profile.ts";
import Section from "./Section.tsx";

/** The media grid (http(s) URLs only); nothing without media to show. */
export default function Media({ listing }: { listing: Profile }) {
  const media = ("media" in listing ? listing.media : undefined)?.filter((m) => safeUrl(m.url));
  if (!media || media.length === 0) return null;
  const rel = outboundRel(listing);
  return (
    <Section id="media" title="Media">
      <div class="media-grid">
        {media.map((m, i) => (
          <figure key={i}>
            {m.type === "image"
              ? (
                <img
                  src={safeUrl(m.url)}
                  alt={m.caption || `${listing.name} screenshot ${i + 1}`}
                  loading="lazy"
                />
              )
              : <ExternalLink href={m.url} rel={rel}>▶ Watch video</ExternalLink>}
            {m.caption && <figcaption>{m.caption}</figcaption>}
          </figure>
        ))}
      </div>
    </Section>
  );
}
