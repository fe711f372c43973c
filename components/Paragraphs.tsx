/** Plain text shown as paragraphs (always escaped: the text is never parsed as HTML). */
import { Fragment } from "preact";

/** Blank lines split paragraphs; single newlines become line breaks. */
export default function Paragraphs({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return (
    <>
      {paragraphs.map((p, i) => (
        <p key={i}>
          {p.split("\n").map((line, j) => (
            <Fragment key={j}>
              {j > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </>
  );
}
