/** A listing's logo, or a coloured placeholder with its initials. */
import { hueOf, initials, safeUrl } from "./format.ts";

interface ListingLogoProps {
  name: string;
  logoUrl: string | null | undefined;
  size?: "s" | "m" | "l";
  /** A person's avatar: a circle, and the image's alt text is the name alone. */
  round?: boolean;
}

/** The logo image (alt text names the product) or initials on a tinted square. */
export default function ListingLogo({ name, logoUrl, size = "m", round }: ListingLogoProps) {
  const src = safeUrl(logoUrl);
  const shape = round ? " avatar" : "";
  if (src) {
    return (
      <img
        class={`logo logo-${size}${shape}`}
        src={src}
        alt={round ? name : `${name} logo`}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span
      class={`logo logo-${size} logo-placeholder${shape}`}
      style={{ "--hue": String(hueOf(name)) }}
      aria-hidden="true"
    >
      {initials(name)}
    </span>
  );
}
