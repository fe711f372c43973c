/** The note above a listing that is not live yet: scheduled, or waiting for its badge. */
import { formatDate } from "../format.ts";
import type { Profile } from "./profile.ts";

/** The banner; nothing for a live listing. */
export default function StatusBanner({ listing }: { listing: Profile }) {
  if (listing.status === "scheduled" && listing.launch_week) {
    return (
      <p class="banner">
        Launching in the week of{" "}
        <a href={`/launches/${listing.launch_week}`}>{formatDate(listing.launch_week)}</a>. Votes
        open when it goes live.
      </p>
    );
  }
  if (listing.status === "awaiting_badge") {
    return (
      <p class="banner">
        Listed. The launch follows once the badge is found on the product's website.
      </p>
    );
  }
  return null;
}
