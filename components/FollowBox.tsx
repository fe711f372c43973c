/**
 * The follow box of a listing or founder page: the FollowButton island with the person's own
 * follow state (read per request by routes/community/follows.tsx; never cached or shared).
 */
import { island } from "./island.tsx";
import FollowButtonIsland, { type FollowButtonProps } from "../islands/FollowButton.tsx";

const FollowButtonHydrated = island("FollowButton", FollowButtonIsland);

/** One person's view of one follow button. */
export type Following = FollowButtonProps;

/** The box with its heading, the count and the button. */
export default function FollowBox({ following }: { following: Following }) {
  const title = following.mode === "notify" ? "Launch notice" : "Followers";
  return (
    <section class="card follow-box" aria-labelledby="follow-title">
      <h2 id="follow-title" class="sr-only">{title}</h2>
      <FollowButtonHydrated {...following} />
    </section>
  );
}
