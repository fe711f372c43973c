/** A link to another site; URLs that are not http(s) are shown as text, never as links. */
import type { ComponentChildren } from "preact";
import { safeUrl } from "./format.ts";

interface ExternalLinkProps {
  href: string | null | undefined;
  /** e.g. `noopener ugc nofollow` for links that people submitted. */
  rel: string;
  children: ComponentChildren;
  class?: string;
}

/** Opens in a new tab with the given rel. */
export default function ExternalLink({ href, rel, children, class: className }: ExternalLinkProps) {
  const url = safeUrl(href);
  if (!url) return <span class={className}>{children}</span>;
  return <a class={className} href={url} rel={rel} target="_blank">{children}</a>;
}
