/**
 * The share row's "Copy link" button. It needs the clipboard, so it shows only once hydrated:
 * without JavaScript the other share links (plain links) still work and this button stays hidden.
 */
import { useEffect, useState } from "preact/hooks";

/** The address to copy. */
export interface CopyLinkProps {
  url: string;
}

/** A button that copies `url`, saying so in a polite live region. */
export default function CopyLink({ url }: CopyLinkProps) {
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<"" | "copied" | "failed">("");
  useEffect(() => setReady(true), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      // No clipboard permission (or an insecure origin): the address is in the status instead.
      setState("failed");
    }
    setTimeout(() => setState(""), 4000);
  }

  return (
    <span class="copy-link" hidden={!ready}>
      <button type="button" class="button button-ghost button-small share-button" onClick={copy}>
        Copy link
      </button>
      <span class="copy-link-status small" role="status" aria-live="polite">
        {state === "copied" ? "Link copied" : state === "failed" ? `Copy this address: ${url}` : ""}
      </span>
    </span>
  );
}
