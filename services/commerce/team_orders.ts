/**
 * The site team's order search: by number (exact, or a prefix such as `LD-20261118`), by the
 * buyer's account email, or by listing (slug or id), optionally of one status, newest first and
 * paged. Reads the order indexes of kv/orders.ts; orders stored before those indexes get them on
 * the first search (`ensureOrderIndexes`, also safe to call at start).
 */
import {
  backfillOrderIndexes,
  countOrdersByStatus,
  getOrder,
  type OrderIndex,
  orderIndexesReady,
  pageOrders,
} from "../../kv/orders.ts";
import { getListingBySlug, getListings } from "../../kv/listings.ts";
import type { Order, OrderStatus } from "../../kv/types.ts";
import { getUser, getUserByEmail } from "../../kv/users.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest, notFound } from "../platform/errors.ts";
import { currentOrder } from "./orders.ts";

export const ORDER_STATUSES: OrderStatus[] = ["pending", "paid", "expired", "canceled", "refunded"];
/** Orders per page of the search. */
export const ORDERS_PAGE = 50;
const QUERY_MAX = 200;

/** Reads an optional filter; anything else than `allowed` is a 400 naming `path`. */
export function oneOf<T extends string>(
  raw: string | undefined,
  allowed: readonly T[],
  path: string,
) {
  if (raw === undefined || raw === "") return undefined;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw badRequest(`Invalid ${path} "${raw}": use one of ${allowed.join(", ")}`, [
      { path, message: `One of ${allowed.join(", ")}` },
    ]);
  }
  return raw as T;
}

/** A listing a task or an order line is for: its name and the slug of its public page. */
export interface ListingRef {
  id: number;
  name: string;
  slug: string;
}

/** The listings of `ids` by id (deleted ones left out). */
export async function listingRefs(deps: Deps, ids: (number | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === "number"))];
  const found = await getListings(deps.kv, wanted);
  return new Map<number, ListingRef>(
    found.map((l) => [l.id, { id: l.id, name: l.name, slug: l.slug }]),
  );
}

/** An order as the site team sees it: the order, its buyer's email and its lines' listings. */
export interface TeamOrder {
  order: Order;
  buyer_email: string | null;
  listings: Map<number, ListingRef>;
}

async function withBuyer(deps: Deps, order: Order): Promise<TeamOrder> {
  return {
    order,
    buyer_email: (await getUser(deps.kv, order.user_id))?.email ?? null,
    listings: await listingRefs(deps, order.lines.map((l) => l.listing_id)),
  };
}

/** Gives orders stored before the site team's indexes their indexes, once. */
export async function ensureOrderIndexes(deps: Deps): Promise<void> {
  if (!(await orderIndexesReady(deps.kv))) await backfillOrderIndexes(deps.kv);
}

/** How many orders have `status` (pending: those waiting for payment, overdue ones included). */
export async function countTeamOrders(deps: Deps, status: OrderStatus): Promise<number> {
  await ensureOrderIndexes(deps);
  return await countOrdersByStatus(deps.kv, status);
}

/** What the search looked by: the kind of `q`, read from its form. */
export type SearchKind = "all" | "number" | "email" | "listing";

/** The index a query reads: an email, an order number (prefix), a listing id, else a slug. */
async function indexOf(
  deps: Deps,
  q: string,
  status: OrderStatus | undefined,
): Promise<{ kind: SearchKind; index: OrderIndex | null }> {
  if (q === "") {
    return { kind: "all", index: status ? { by: "status", status } : { by: "all" } };
  }
  if (q.includes("@")) {
    const user = await getUserByEmail(deps.kv, q);
    return { kind: "email", index: user ? { by: "user", userId: user.id } : null };
  }
  if (/^LD-/i.test(q)) return { kind: "number", index: { by: "number", prefix: q.toUpperCase() } };
  if (/^\d{1,15}$/.test(q)) return { kind: "listing", index: { by: "listing", listingId: +q } };
  const listing = await getListingBySlug(deps.kv, q.toLowerCase());
  return { kind: "listing", index: listing ? { by: "listing", listingId: listing.id } : null };
}

/** The search's answer: a page of orders newest first, and how `q` was read. */
export interface OrderSearchPage {
  kind: SearchKind;
  orders: TeamOrder[];
  next_cursor: string | null;
}

/**
 * Searches orders for the site team. `q`: an order number or its prefix (`LD-…`), an account
 * email (with `@`), a listing id (digits) or slug; empty for every order. A pending order past its
 * 24 hours shows expired. 400 naming `q`, `status` or `cursor` for a malformed one.
 */
export async function searchTeamOrders(
  deps: Deps,
  query: { q?: string; status?: string; cursor?: string; limit?: number },
): Promise<OrderSearchPage> {
  const status = oneOf(query.status, ORDER_STATUSES, "status");
  const q = (query.q ?? "").trim();
  if (q.length > QUERY_MAX) {
    throw badRequest(`Search for at most ${QUERY_MAX} characters`, [
      { path: "q", message: `At most ${QUERY_MAX} characters` },
    ]);
  }
  await ensureOrderIndexes(deps);
  const { kind, index } = await indexOf(deps, q, status);
  const exact = kind === "number" ? await getOrder(deps.kv, q.toUpperCase()) : null;
  if (!index) return { kind, orders: [], next_cursor: null };
  const keep = status && index.by !== "status" ? (o: Order) => o.status === status : undefined;
  const page = exact && !query.cursor
    ? { orders: keep && !keep(exact) ? [] : [exact], next_cursor: null }
    : await readPage(deps, index, {
      limit: query.limit ?? ORDERS_PAGE,
      cursor: query.cursor,
      keep,
    });
  const current = await Promise.all(
    page.orders.map(async (o) =>
      o.status === "pending" ? (await currentOrder(deps, o.number)) ?? o : o
    ),
  );
  const shown = current.filter((o) => !status || o.status === status);
  return {
    kind,
    orders: await Promise.all(shown.map((o) => withBuyer(deps, o))),
    next_cursor: page.next_cursor,
  };
}

/** A page of an index; a cursor that is not one of this list's is a 400 naming `cursor`. */
async function readPage(
  deps: Deps,
  index: OrderIndex,
  options: Parameters<typeof pageOrders>[2],
) {
  try {
    return await pageOrders(deps.kv, index, options);
  } catch (err) {
    if (!options.cursor || !(err instanceof Error)) throw err;
    throw badRequest("Invalid cursor: start the list again", [
      { path: "cursor", message: "Not a cursor of this list" },
    ]);
  }
}

/** One order for the site team, any buyer's; 404 when there is none. */
export async function getTeamOrder(deps: Deps, number: string): Promise<TeamOrder> {
  const order = /^[A-Za-z0-9-]{1,32}$/.test(number) ? await currentOrder(deps, number) : null;
  if (!order) throw notFound("order", number);
  return await withBuyer(deps, order);
}
