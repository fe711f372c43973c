/** The operation table: all 41 operations, in the order of the interface specification. */
import type { Access, Operation } from "./operation.ts";
import { siteOperations } from "./site.ts";
import { listingOperations } from "./listings.ts";
import { categoryOperations } from "./categories.ts";
import { launchOperations } from "./launches.ts";
import { leaderboardOperations } from "./leaderboards.ts";
import { founderOperations } from "./founders.ts";
import { blogOperations } from "./blog.ts";
import { awardOperations } from "./awards.ts";
import { badgeOperations } from "./badges.ts";
import { catalogOperations } from "./catalog.ts";
import { accountOperations } from "./account.ts";
import { draftOperations } from "./drafts.ts";
import { myListingOperations } from "./my_listings.ts";
import { claimOperations } from "./claims.ts";
import { orderOperations } from "./orders.ts";

export const OPERATIONS: readonly Operation[] = [
  ...siteOperations,
  ...listingOperations,
  ...categoryOperations,
  ...launchOperations,
  ...leaderboardOperations,
  ...founderOperations,
  ...blogOperations,
  ...awardOperations,
  ...badgeOperations,
  ...catalogOperations,
  ...accountOperations,
  ...draftOperations,
  ...myListingOperations,
  ...claimOperations,
  ...orderOperations,
];

/** Ids of the operations that are implemented; the others answer 501 not_implemented. */
export const IMPLEMENTED_OPERATION_IDS: ReadonlySet<string> = new Set(
  OPERATIONS.filter((op) => op.implemented).map((op) => op.operationId),
);

/** The operations a scope unlocks (or the public ones), in table order. */
export function operationsWithAccess(access: Access): Operation[] {
  return OPERATIONS.filter((op) => op.access === access);
}

/** Finds an operation by its operationId. */
export function findOperation(operationId: string): Operation | undefined {
  return OPERATIONS.find((op) => op.operationId === operationId);
}
