/** A listing's milestones as a timeline, when the listing has unlocked them. */
import ExternalLink from "../ExternalLink.tsx";
import { formatDate, safeUrl } from "../format.ts";
import { outboundRel, type Profile } from "./profile.ts";
import Section from "./Section.tsx";

/** The timeline, oldest first as stored; nothing without milestones. */
export default function Milestones({ listing }: { listing: Profile }) {
  const milestones = "milestones" in listing ? listing.milestones : undefined;
  if (!milestones || milestones.length === 0) return null;
  const rel = outboundRel(listing);
  return (
    <Section id="milestones" title="Milestones">
      <ol class="timeline">
        {milestones.map((m) => (
          <li key={m.id}>
            <time datetime={m.date}>{formatDate(m.date)}</time>
            <strong>
              {m.url && safeUrl(m.url)
                ? <ExternalLink href={m.url} rel={rel}>{m.title}</ExternalLink>
                : m.title}
            </strong>
            {m.description && <p>{m.description}</p>}
          </li>
        ))}
      </ol>
    </Section>
  );
}
