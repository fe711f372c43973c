/** The quiet "Claim this listing" line of a listing page (for people who do not run it). */

/** The link to the claim form, or nothing. */
export default function ClaimLink({ href }: { href?: string | null }) {
  if (!href) return null;
  return (
    <p class="side-note claim-offer">
      Is this your product? <a href={href}>Claim this listing</a>
    </p>
  );
}
