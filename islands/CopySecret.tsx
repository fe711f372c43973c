/** A secret shown once (a new API key) with a button that copies it to the clipboard. */
import { useRef, useState } from "preact/hooks";

/** The secret and how screen readers name it. */
export interface CopySecretProps {
  value: string;
  label: string;
}

/** Read-only field with the secret and a copy button. */
export default function CopySecret({ value, label }: CopySecretProps) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<"" | "copied" | "failed">("");

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("copied");
    } catch {
      // Clipboard API refused (no permission or insecure origin): select the text instead.
      field.current?.select();
      setCopied(document.execCommand?.("copy") ? "copied" : "failed");
    }
    setTimeout(() => setCopied(""), 2500);
  }

  return (
    <div class="secret-box">
      <input
        ref={field}
        class="secret-value"
        type="text"
        readOnly
        value={value}
        aria-label={label}
        spellcheck={false}
        autocomplete="off"
        onFocus={(e) => e.currentTarget.select()}
      />
      <button type="button" class="button" onClick={copy}>Copy</button>
      <span class="secret-copied" role="status" aria-live="polite">
        {copied === "copied"
          ? "Copied to the clipboard"
          : copied === "failed"
          ? "Select the key and copy it"
          : ""}
      </span>
    </div>
  );
}
