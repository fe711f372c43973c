import { z } from "zod";
import { defineOperation, pageQuery } from "./operation.ts";
import { httpUrl, updateDraftBody } from "./schemas.ts";
import {
  getDraft,
  inviteCofounder,
  listMyDrafts,
  submitDraft,
  submitListing,
  updateDraft,
} from "../../../services/drafting/mod.ts";

const draftId = z.object({ id: z.uuid().describe("Draft id (uuid)") }).strict();

export const draftOperations = [
  defineOperation({
    operationId: "submit_listing",
    method: "post",
    path: "/drafts",
    access: "listings:write",
    tag: "Drafts",
    summary: "Submit a product by its website URL",
    description:
      "Starts an AI-drafted profile of the product at `url` (at most 2048 characters). Answers 201 at once with a draft in status `crawling`; poll get_draft every few seconds until status is `ready` (about a minute). The site is read respecting robots.txt; every drafted value quotes the site, and facts the site does not state are left blank. Nothing is published or charged.",
    body: z.object({
      url: httpUrl(2048, { bareDomain: true }).describe(
        "The product's website: an absolute http or https URL, or its domain alone (read as https)",
      ),
    })
      .strict(),
    status: 201,
    idempotencyKey: true,
    hints: { openWorld: true },
    handler: ({ body }, { deps, caller, idempotency }) =>
      submitListing(deps, caller!, body.url, idempotency),
  }),
  defineOperation({
    operationId: "list_my_drafts",
    method: "get",
    path: "/drafts",
    access: "account:read",
    tag: "Drafts",
    summary: "List my drafts",
    description: "Drafts of the caller, newest first, with status and completeness.",
    query: pageQuery,
    status: 200,
    paginated: true,
    handler: ({ query }, { deps, caller }) => listMyDrafts(deps, caller!, query),
  }),
  defineOperation({
    operationId: "get_draft",
    method: "get",
    path: "/drafts/{id}",
    access: "account:read",
    tag: "Drafts",
    summary: "Get a draft",
    description:
      "A draft with every field record (value, state, evidence quotes), FAQs, founders (each with their own links found next to their name, `socials`, and the quotes behind them, `social_evidence`), socials (`founder_socials` are the primary founder's, with `founder_social_evidence`), story, milestones, completeness and what is still missing. Poll again while status is `crawling` or `drafting`.",
    params: draftId,
    status: 200,
    handler: ({ params }, { deps, caller }) => getDraft(deps, caller!, params.id),
  }),
  defineOperation({
    operationId: "update_draft",
    method: "patch",
    path: "/drafts/{id}",
    access: "listings:write",
    tag: "Drafts",
    summary: "Edit a draft",
    description:
      "Send only what changes. `fields` sets values (null removes one); `lock_fields` (at most 20) protects fields from AI redrafts; `restore` (at most 20) returns fields to the AI's value; `regenerate` (at most 5) redrafts fields from the website evidence; `faqs` (at most 10), `founders` (at most 6), `milestones` (at most 50) replace their lists; `competitor_url` is read and compared (empty string clears). Categories are names from list_categories, the first is primary. After submit_draft, edits also update the saved listing.",
    params: draftId,
    body: updateDraftBody,
    status: 200,
    errors: {
      409:
        "The draft is not ready for regenerate, or changed under concurrent writes (retry), or the Idempotency-Key is still in use",
    },
    idempotencyKey: true,
    hints: { idempotent: true, openWorld: true },
    handler: ({ params, body }, { deps, caller, idempotency }) =>
      updateDraft(deps, caller!, params.id, body, idempotency),
  }),
  defineOperation({
    operationId: "invite_cofounder",
    method: "post",
    path: "/drafts/{id}/invites",
    access: "listings:write",
    tag: "Drafts",
    summary: "Invite a co-founder",
    description:
      "Emails `email` an invite to sign in and add their own founder profile to the draft. Up to 10 invites per draft.",
    params: draftId,
    body: z.object({ email: z.email().max(254) }).strict(),
    status: 201,
    errors: {
      409:
        "The address is already invited, or the draft changed while inviting (retry), or the Idempotency-Key is still in use",
    },
    idempotencyKey: true,
    handler: ({ params, body }, { deps, caller, idempotency }) =>
      inviteCofounder(deps, caller!, params.id, body.email, idempotency),
  }),
  defineOperation({
    operationId: "submit_draft",
    method: "post",
    path: "/drafts/{id}/submit",
    access: "listings:write",
    tag: "Drafts",
    summary: "Save a ready draft as a listing",
    description:
      "Saves the draft as a listing (status `draft`, not published) and returns its `listing_id`. Running it again after edits updates the same listing. The answer's `next_steps` says how to publish it with the routes available now.",
    params: draftId,
    status: 200,
    errors: {
      409:
        "The draft is not ready yet, or its website is already listed (claim that listing instead), or the Idempotency-Key is still in use",
    },
    idempotencyKey: true,
    hints: { idempotent: true },
    handler: ({ params }, { deps, caller, idempotency, implementedOperations }) =>
      submitDraft(deps, caller!, params.id, implementedOperations, idempotency),
  }),
];
