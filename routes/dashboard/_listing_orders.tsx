/**
 * A founder's orders as the dashboard shows them (from list_my_orders): number, date, status,
 * total, what was bought, and the way on: the checkout page while the order awaits payment, the
 * receipt once paid.
 */
import { formatDate, formatMoney } from "../../components/format.ts";
import type { OrderStatus } from "../../kv/types.ts";
import type { SignedIn } from "../../services/access/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import { StatusPill } from "../checkout/_parts.tsx";
import { callOperation } from "./_operation.ts";

/** One order of list_my_orders, as far as these pages read it. */
export interface MyOrder {
  number: string;
  status: OrderStatus;
  total_cents: number;
  created_at: string;
  lines: { product: string; name: string; listing_id?: number | null; week?: string | null }[];
  checkout_url?: string;
  receipt_url?: string;
}

/** The most orders read for one page (list_my_orders pages of 100). */
const MAX_PAGES = 10;

/** Every order of the signed-in person, newest first (list_my_orders, page by page). */
export async function allMyOrders(deps: Deps, who: SignedIn): Promise<MyOrder[]> {
  const orders: MyOrder[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await callOperation<{ items: MyOrder[]; has_more: boolean }>(
      deps,
      who,
      "list_my_orders",
      { query: { page, per_page: 100 } },
    );
    orders.push(...answer.items);
    if (!answer.has_more) break;
  }
  return orders;
}

/** The orders with a line for listing `id`. */
export function ordersOfListing(orders: MyOrder[], id: number): MyOrder[] {
  return orders.filter((o) => o.lines.some((l) => l.listing_id === id));
}

/** A link's path on this site (the API answers absolute URLs; the pages link within the site). */
function sitePath(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** Where an order leads: pay while pending, the receipt once paid, nothing otherwise. */
function OrderLink({ order }: { order: MyOrder }) {
  if (order.checkout_url) {
    return (
      <a
        class="button button-small"
        href={sitePath(order.checkout_url)}
        aria-label={`Pay order ${order.number}`}
      >
        Pay
      </a>
    );
  }
  if (order.receipt_url) {
    return (
      <a href={sitePath(order.receipt_url)} aria-label={`Receipt of ${order.number}`}>Receipt</a>
    );
  }
  return <span class="muted">—</span>;
}

/** The orders as a table that scrolls inside its own box on a phone. */
export function OrdersTable({ orders, empty }: { orders: MyOrder[]; empty: string }) {
  if (orders.length === 0) return <p class="empty">{empty}</p>;
  return (
    <div class="table-wrap">
      <table class="keys-table orders-table">
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Items</th>
            <th scope="col">Status</th>
            <th scope="col" class="num">Total</th>
            <th scope="col">
              <span class="sr-only">Checkout or receipt</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.number} data-order={order.number}>
              <td>
                <code>{order.number}</code>
              </td>
              <td>{formatDate(order.created_at)}</td>
              <td>{[...new Set(order.lines.map((l) => l.name))].join(", ")}</td>
              <td>
                <StatusPill status={order.status} />
              </td>
              <td class="num">{formatMoney(order.total_cents)}</td>
              <td>
                <OrderLink order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
