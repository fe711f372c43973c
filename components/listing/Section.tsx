/** A titled card in the main column of a listing page, linkable by its id. */
import type { ComponentChildren } from "preact";

interface SectionProps {
  id: string;
  title: string;
  children: ComponentChildren;
}

/** The card with its heading. */
export default function Section({ id, title, children }: SectionProps) {
  return (
    <section class="card profile-section" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
