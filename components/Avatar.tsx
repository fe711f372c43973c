/** A person's avatar: their image when one is given, else their initials in a tinted circle. */
import ListingLogo from "./ListingLogo.tsx";

interface AvatarProps {
  name: string;
  /** The image's address; without an http(s) one, the initials show. */
  imageUrl: string | null | undefined;
  size?: "s" | "m" | "l";
}

/** The round avatar (the image's alt text names the person; initials are hidden from readers). */
export default function Avatar({ name, imageUrl, size = "m" }: AvatarProps) {
  return <ListingLogo name={name} logoUrl={imageUrl} size={size} round />;
}
