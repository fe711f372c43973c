/** A listing's logo, or a coloured placeholder with its initials. */
import { hueOf, initials, safeUrl } from "./format.ts";

interface ListingLogoProps {
  name: string;
  logoUrl: string | null | undefined;
  size?: "s" | "m" | "l";
}

/** The logo image (alt text names the product) or initials on a tinted square. */
export default function ListingLogo({ name, logoUrl, size = "m" }: ListingLogoProps) {
  const src = safeUrl(logoUrl);
  if (src) {
    return (
      <img
        class={`logo logo-${size}`}
        src={src}
        alt={`${name} logo`}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span
      class={`logo logo-${size} logo-placeholder`}
      style={{ "--hue": String(hueOf(name)) }}
      aria-hidden="true"
    >
      {initials(name)}
    </span>
  );
}
