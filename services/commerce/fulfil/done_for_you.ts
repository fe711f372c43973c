/**
 * done_for_you (and its part of launch_bundle): the site team writes and polishes the listing, its
 * FAQs and founder story with the founder. One site-team task; the line stays unfulfilled until it
 * is marked done.
 */
import { getUser } from "../../../kv/users.ts";
import type { LineContext, LineOutcome } from "../fulfilment.ts";

/** The task for the site team, naming the listing and the founder's email. */
export async function fulfilDoneForYou(ctx: LineContext): Promise<LineOutcome> {
  const { deps, order } = ctx;
  const listing = ctx.state!.listing;
  const founder = (listing.owner_id ? await getUser(deps.kv, listing.owner_id) : null) ??
    await getUser(deps.kv, order.user_id);
  const email = founder?.email ?? listing.contact_email ?? "(no email on record)";
  const page = `${deps.config.publicUrl}/listings/${listing.slug}`;
  return {
    result: "Our team will write and polish the listing with you: we will be in touch by email",
    tasks: [{
      title: "Write and polish the listing, FAQs and founder story with the founder",
      details: `Listing "${listing.name}" (id ${listing.id}, ${page}); founder: ${email}; ` +
        `order ${order.number}, line ${ctx.index + 1}.`,
    }],
  };
}
