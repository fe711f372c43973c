/**
 * Share links for a page: copy link (a small island), X, LinkedIn and e-mail. X, LinkedIn and
 * e-mail are plain links to their share addresses, so they work without JavaScript.
 */
import CopyLinkIsland from "../islands/CopyLink.tsx";
import { island } from "./island.tsx";

const CopyLink = island("CopyLink", CopyLinkIsland);

/** What is shared: the page's public address and a line of text about it. */
export interface ShareProps {
  /** The absolute canonical URL of the page. */
  url: string;
  /** The text that goes with the link (post text, mail subject). */
  text: string;
}

/** The share services' addresses for a URL and its text. */
export function shareLinks({ url, text }: ShareProps) {
  const u = encodeURIComponent(url);
  return {
    x: `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${u}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    email: `mailto:?subject=${encodeURIComponent(text)}&body=${
      encodeURIComponent(`${text}\n\n${url}`)
    }`,
  };
}

/** The share row: "Share" and the four ways. */
export default function ShareButtons(props: ShareProps) {
  const links = shareLinks(props);
  return (
    <div class="share" role="group" aria-label="Share this page">
      <span class="share-label small muted">Share</span>
      <CopyLink url={props.url} />
      <a
        class="button button-ghost button-small share-button"
        href={links.x}
        target="_blank"
        rel="noopener nofollow"
      >
        X
      </a>
      <a
        class="button button-ghost button-small share-button"
        href={links.linkedin}
        target="_blank"
        rel="noopener nofollow"
      >
        LinkedIn
      </a>
      <a class="button button-ghost button-small share-button" href={links.email}>E-mail</a>
    </div>
  );
}
