/** The receipt's Print button: opens the browser's print dialog (the page has a print stylesheet). */
import { useEffect, useState } from "preact/hooks";

/** What the button says. */
export interface PrintButtonProps {
  label: string;
}

/** A button that prints the page; disabled until hydrated (without JavaScript, print from the browser). */
export default function PrintButton({ label }: PrintButtonProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <button
      type="button"
      class="button no-print"
      disabled={!ready}
      title={ready ? undefined : "Use your browser's Print command"}
      onClick={() => globalThis.print()}
    >
      {label}
    </button>
  );
}
