/** Questions and answers as disclosures: on listing, category and blog post pages. */
import Paragraphs from "./Paragraphs.tsx";

interface FaqsProps {
  faqs: { question: string; answer: string }[];
  title: string;
  /** The section's class: `card profile-section` on listings, `card` on categories, `post-faqs` on posts. */
  class: string;
  /** The section's own id, where the page links to its sections. */
  id?: string;
}

/** The questions under a heading; nothing when there are none. */
export default function Faqs({ faqs, title, class: className, id }: FaqsProps) {
  if (faqs.length === 0) return null;
  return (
    <section class={className} aria-labelledby="faqs-title" id={id}>
      <h2 id="faqs-title">{title}</h2>
      <div class="faqs">
        {faqs.map((f, i) => (
          <details key={i}>
            <summary>{f.question}</summary>
            <Paragraphs text={f.answer} />
          </details>
        ))}
      </div>
    </section>
  );
}
