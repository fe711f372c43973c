import { z } from "zod";
import { defineOperation, pageQuery, positiveId } from "./operation.ts";
import { founderStoryBody, httpUrl, updateMyListingBody } from "./schemas.ts";
import {
  addMilestone,
  answerInterview,
  deleteMilestone,
  getMyListing,
  listMyListings,
  postListingUpdate,
  setFounderStory,
  updateMyListing,
} from "../../../services/directory/mod.ts";
import { chooseFreeListing } from "../../../services/publishing/mod.ts";

const listingParams = z.object({ listing_id: positiveId("Listing id") }).strict();

export const myListingOperations = [
  defineOperation({
    operationId: "list_my_listings",
    method: "get",
    path: "/me/listings",
    access: "account:read",
    tag: "My listings",
    summary: "List my listings",
    description: "Every listing the caller owns, in any status.",
    query: pageQuery,
    status: 200,
    paginated: true,
    handler: ({ query }, { deps, caller }) => listMyListings(deps, caller!, query),
  }),
  defineOperation({
    operationId: "get_my_listing",
    method: "get",
    path: "/me/listings/{listing_id}",
    access: "account:read",
    tag: "My listings",
    summary: "Get one of my listings",
    description:
      "The listing with status, plan, launch week, unlocked paid sections and its public data.",
    params: listingParams,
    status: 200,
    handler: ({ params }, { deps, caller }) => getMyListing(deps, caller!, params.listing_id),
  }),
  defineOperation({
    operationId: "update_my_listing",
    method: "patch",
    path: "/me/listings/{listing_id}",
    access: "listings:write",
    tag: "My listings",
    summary: "Edit my listing",
    description:
      "Edits publish at once and are kept in a version history; the site team sees a before/after copy. Send only what changes: `fields` (an empty string removes an optional value), `socials` (replaces all) and `faqs` (replaces all, at most 10). Co-founders may edit too. Answers the listing as get_my_listing does, with `edit`: the version made and the fields changed (none when nothing differed).",
    params: listingParams,
    body: updateMyListingBody,
    status: 200,
    idempotencyKey: true,
    hints: { idempotent: true },
    handler: ({ params, body }, { deps, caller, idempotency }) =>
      updateMyListing(deps, caller!, params.listing_id, body, idempotency),
  }),
  defineOperation({
    operationId: "post_listing_update",
    method: "post",
    path: "/me/listings/{listing_id}/updates",
    access: "listings:write",
    tag: "My listings",
    summary: "Post an update",
    description:
      "Posts an update (title at most 200, plain-text body at most 5000) to the listing's latest-updates feed; followers are told.",
    params: listingParams,
    body: z.object({ title: z.string().min(1).max(200), body: z.string().min(1).max(5000) })
      .strict(),
    status: 201,
    idempotencyKey: true,
    handler: ({ params, body }, { deps, caller, idempotency }) =>
      postListingUpdate(deps, caller!, params.listing_id, body, idempotency),
  }),
  defineOperation({
    operationId: "add_milestone",
    method: "post",
    path: "/me/listings/{listing_id}/milestones",
    access: "listings:write",
    tag: "My listings",
    summary: "Add a milestone",
    description:
      "Adds a milestone (date, title, optional description and https link). Shown publicly on paid listings or when the milestones section is unlocked.",
    params: listingParams,
    body: z.object({
      date: z.iso.date().describe("YYYY-MM-DD"),
      title: z.string().min(1).max(200),
      description: z.string().max(2000).optional(),
      url: httpUrl(500, { httpsOnly: true }).optional(),
    }).strict(),
    status: 201,
    idempotencyKey: true,
    handler: ({ params, body }, { deps, caller, idempotency }) =>
      addMilestone(deps, caller!, params.listing_id, body, idempotency),
  }),
  defineOperation({
    operationId: "delete_milestone",
    method: "delete",
    path: "/me/listings/{listing_id}/milestones/{milestone_id}",
    access: "listings:write",
    tag: "My listings",
    summary: "Delete a milestone",
    description: "Removes one milestone from the listing.",
    params: z.object({
      listing_id: positiveId("Listing id"),
      milestone_id: positiveId("Milestone id"),
    }).strict(),
    status: 200,
    idempotencyKey: true,
    hints: { destructive: true, idempotent: true },
    handler: ({ params }, { deps, caller, idempotency }) =>
      deleteMilestone(deps, caller!, params.listing_id, params.milestone_id, idempotency),
  }),
  defineOperation({
    operationId: "set_founder_story",
    method: "put",
    path: "/me/listings/{listing_id}/story",
    access: "listings:write",
    tag: "My listings",
    summary: "Set the founder story",
    description:
      "Sets the founder story published with the listing: title (at most 200) and story, why_started, problem, journey, challenges, achievements, lessons, whats_next (each at most 8000).",
    params: listingParams,
    body: founderStoryBody,
    status: 200,
    idempotencyKey: true,
    hints: { idempotent: true },
    handler: ({ params, body }, { deps, caller, idempotency }) =>
      setFounderStory(deps, caller!, params.listing_id, body, idempotency),
  }),
  defineOperation({
    operationId: "answer_interview",
    method: "put",
    path: "/me/interview",
    access: "listings:write",
    tag: "My listings",
    summary: "Answer interview questions",
    description:
      "Saves answers (at most 30 per call, each at most 4000 characters) to questions from list_interview_questions. An answer replaces an earlier answer to the same question (an empty answer removes it); answers to other questions stay. The answers are published on every founder profile linked to the caller's account (get_founder). Answers every answer the caller has published, in the questions' order.",
    body: z.object({
      answers: z.array(
        z.object({ question_id: positiveId("Question id"), answer: z.string().max(4000) }).strict(),
      ).max(30),
    }).strict(),
    status: 200,
    idempotencyKey: true,
    hints: { idempotent: true },
    handler: ({ body }, { deps, caller, idempotency }) =>
      answerInterview(deps, caller!, body, idempotency),
  }),
  defineOperation({
    operationId: "choose_free_listing",
    method: "post",
    path: "/me/listings/{listing_id}/free",
    access: "listings:write",
    tag: "My listings",
    summary: "Choose the free plan",
    description:
      "Queues a saved, unpublished listing (status draft) for a free launch week: the earliest week of the free queue window (a site setting, stated by get_site_info) with a free slot; status becomes awaiting_badge. The badge is then looked for on the listing's homepage at once, and every hour after: once found, the listing is scheduled for its week (status scheduled) and goes live when the week begins. The answer's `free_plan` gives the week, the place in its queue, the badge's embed code, exactly what the check looks for and the last check's result. Calling again keeps the week and checks again. 409 when every week of the window is full, or when the listing is paid, scheduled by payment or live.",
    params: listingParams,
    status: 200,
    idempotencyKey: true,
    hints: { idempotent: true, openWorld: true },
    errors: {
      409:
        "Every week of the free queue window is full, or the listing is paid, scheduled by payment or live.",
    },
    handler: ({ params }, { deps, caller, idempotency, implementedOperations }) =>
      chooseFreeListing(deps, caller!, params.listing_id, implementedOperations, idempotency),
  }),
];
