/** The short line near a listing's website button that says which kind its link is, and why. */
import type { Profile } from "./profile.ts";

/** The link policy page, which states the rule. */
export const LINK_POLICY_PATH = "/link-policy";

type Link = Profile["outbound_link"];

/** What each reason says after the kind. */
const REASONS: Record<Link["reason"], string> = {
  paid_launch: "this listing paid for its launch here",
  featured: "this listing pays for a Featured placement",
  billboard: "this listing paid for a place on the billboard",
  award: "earned with a Launch of the Week award",
  badge_found: "earned by showing our badge on its website",
  not_paid_or_earned: "not paid for and not earned yet",
};

/** The kind's name as the line starts with it. */
export const KIND_NAMES: Record<Link["kind"], string> = {
  sponsored: "Sponsored link",
  earned: "Followed link",
  plain: "Nofollow link",
};

/** `Sponsored link: this listing paid for its launch here. How we link` */
export default function LinkKind({ link }: { link: Link }) {
  return (
    <p class="link-kind small muted" data-link-kind={link.kind}>
      <strong>{KIND_NAMES[link.kind]}</strong>: {REASONS[link.reason]}.{" "}
      <a href={`${LINK_POLICY_PATH}#${link.kind}`}>How we link</a>
    </p>
  );
}
