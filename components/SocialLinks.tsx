/** Links to social profiles, labelled by platform: on listing pages and founder profiles. */
import ExternalLink from "./ExternalLink.tsx";
import { humanize, safeUrl } from "./format.ts";

/** Display names of the social platform keys. */
export const SOCIAL_LABELS: Record<string, string> = {
  x: "X",
  linkedin: "LinkedIn",
  github: "GitHub",
  youtube: "YouTube",
  facebook: "Facebook",
  instagram: "Instagram",
  tiktok: "TikTok",
  discord: "Discord",
  reddit: "Reddit",
  threads: "Threads",
  bluesky: "Bluesky",
  mastodon: "Mastodon",
  website: "Website",
  custom: "Link",
};

/** The socials worth linking: platform key and URL, for http(s) URLs only. */
export function linkableSocials(
  socials: Record<string, string | null | undefined>,
): [string, string][] {
  return Object.entries(socials).filter((e): e is [string, string] => Boolean(safeUrl(e[1])));
}

/** One list item per social link (the caller owns the list). */
export default function SocialLinks(
  { socials, rel }: { socials: [string, string][]; rel: string },
) {
  return (
    <>
      {socials.map(([key, url]) => (
        <li key={key}>
          <ExternalLink href={url} rel={rel}>{SOCIAL_LABELS[key] ?? humanize(key)}</ExternalLink>
        </li>
      ))}
    </>
  );
}
