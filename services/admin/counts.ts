/** What waits for the site team, per console section: the home page's counts. */
import { countUndecidedEdits } from "../../kv/console.ts";
import { listReviewClaims } from "../claims/mod.ts";
import { listTasks, searchTeamOrders } from "../commerce/mod.ts";
import { flaggedReviewQueue, openVoteClusters } from "../community/mod.ts";
import type { Deps } from "../platform/deps.ts";

/** The number of things waiting in each section. */
export interface WaitingCounts {
  edits: number;
  claims: number;
  votes: number;
  reviews: number;
  tasks: number;
  orders: number;
}

/** Counts what waits: undecided edits, claims, flagged clusters and reviews, tasks, orders. */
export async function waitingCounts(deps: Deps): Promise<WaitingCounts> {
  const [edits, claims, votes, reviews, tasks, orders] = await Promise.all([
    countUndecidedEdits(deps.kv),
    listReviewClaims(deps).then((l) => l.length),
    openVoteClusters(deps).then((l) => l.length),
    flaggedReviewQueue(deps).then((l) => l.length),
    listTasks(deps, { status: "open" }).then((l) => l.length),
    countPendingOrders(deps),
  ]);
  return { edits, claims, votes, reviews, tasks, orders };
}

/** Pending orders (still payable: past its 24 hours one shows expired), page by page. */
async function countPendingOrders(deps: Deps): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await searchTeamOrders(deps, { status: "pending", cursor, limit: 100 });
    count += page.orders.length;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return count;
}
