/**
 * What the MCP server tells agents: its instructions (in `initialize` and `server/discover`) and
 * the note create_checkout adds. The publishing routes come from get_site_info's texts, so they
 * name an operation only once it is implemented.
 */
import { type FreeQueueWindow, publishingRoutes } from "../services/platform/mod.ts";
import { IMPLEMENTED_OPERATION_IDS } from "./api/v1/mod.ts";

/** What the server tells agents, before and after the publishing routes. */
const INSTRUCTIONS_BEFORE =
  `Launch Directory is a public directory of product listings with a weekly launch calendar, ranked boards, founder profiles, a blog, Launch of the Week awards and embeddable badges. Every tool is also a REST operation of the same name under /api/v1 and returns the same JSON.

Access: public tools (search and read listings, categories, launches, boards, founders, blog, awards, badges, products) need no sign-in. The other tools need sign-in: the server answers HTTP 401 and your client starts the OAuth sign-in, where the person chooses what to allow (scopes account:read, listings:write, orders:write). An API key sent as "Authorization: Bearer ld_..." works too. A tool can only see and change the caller's own drafts, listings, claims and orders.

Listing a product: submit_listing with the product's website URL answers at once with a draft in status "crawling". Poll get_draft with the draft id every few seconds until its status is "ready" (about a minute); while it is "crawling" or "drafting", wait and poll again. Every drafted value quotes the product's website; facts the site does not state are left blank, never invented. Review and edit it with update_draft, then save it with submit_draft, which returns the listing_id.

Claiming a listed product: when the product is already listed (its website is taken), the person who runs its website claims that listing instead. claim_listing with the listing's slug and a method (dns: a TXT record; meta: a tag in the homepage's head; file: a file under /.well-known/; email: a link mailed to an address at the product's domain, which the person opens and confirms) returns exactly what to publish and where; once it is published, verify_claim checks it (list_my_claims shows each claim's status and last check). A listing without an owner passes to the claimant; one with an owner goes to the site team's review. Verified does not mean paid.`;
const INSTRUCTIONS_AFTER =
  `Payment is always made by a person on the service's own checkout page: give them the checkout_url link. Never ask for card or other payment details; no tool accepts them. The free plan's badge embed code comes from get_badges.

There is no voting through MCP or the API: votes come only from people on the site, and awards follow those votes. The billboard is a separate PAID ranking and is always presented as paid.

Errors come back as tool results with isError: true and the body {"error": {"code", "message", "details"}}, where details name each invalid argument. Tools that take idempotency_key replay their first result when retried with the same key and arguments. Tool calls are rate limited per credential or address (HTTP 429 with Retry-After and a JSON-RPC error); other protocol requests (initialize, tools/list, ping) count far less.`;

/**
 * What the server tells agents about the service, in `initialize` and `server/discover`. The
 * publishing routes are get_site_info's: a step names its operation only once it is implemented.
 */
export function mcpInstructions(window: FreeQueueWindow): string {
  const routes = publishingRoutes(window, IMPLEMENTED_OPERATION_IDS);
  return [
    INSTRUCTIONS_BEFORE,
    `Publishing has two routes (get_site_info states them too). ${routes.free} ${routes.paid}`,
    INSTRUCTIONS_AFTER,
  ].join("\n\n");
}

/** What create_checkout adds for the agent, in its description and in every result. */
export const CHECKOUT_NOTE =
  "Give the checkout_url link to the person: they review the order, enter billing details and pay on that secure page of the service. Never ask the person for card numbers or any other payment details, and never try to pay yourself. After payment, get_order shows the status.";
