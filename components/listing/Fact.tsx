/** One term and its value in a listing's list of facts (`<dl class="facts">`). */
import type { ComponentChildren } from "preact";

/** The `<dt>` and `<dd>` pair. */
export default function Fact({ term, children }: { term: string; children: ComponentChildren }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}
