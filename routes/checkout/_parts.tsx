/** What the checkout and receipt pages both show: the order's lines and its totals with VAT. */
import type { JSX } from "preact";
import { formatMoney, humanize } from "../../components/format.ts";
import type { Order, OrderLine, OrderStatus } from "../../kv/types.ts";

/** How each order status reads on the pages. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  expired: "Expired",
  canceled: "Canceled",
  refunded: "Refunded",
};

/** The order's status as a pill. */
export function StatusPill({ status }: { status: OrderStatus }) {
  return <span class={`pill order-status order-status-${status}`}>{STATUS_LABELS[status]}</span>;
}

/** A path of the order's pages, carrying the link's secret when the page was opened with it. */
export function orderPath(number: string, key: string | null, suffix = ""): string {
  const path = `/checkout/${encodeURIComponent(number)}${suffix}`;
  return key ? `${path}?key=${encodeURIComponent(key)}` : path;
}

function LineDetails({ line, listingName }: { line: OrderLine; listingName?: string }) {
  const parts = [
    listingName ?? (line.listing_id ? `Listing #${line.listing_id}` : null),
    line.week ? `Week of ${line.week}` : null,
    line.categories?.length ? `Categories: ${line.categories.map(humanize).join(", ")}` : null,
    line.amount_cents !== undefined ? `Amount: ${formatMoney(line.amount_cents)}` : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  return (
    <ul class="order-line-details">
      {parts.map((p) => <li key={p}>{p}</li>)}
    </ul>
  );
}

/** The lines as a table (stacked on a phone); `extra` adds a column per line (e.g. fulfilment). */
export function OrderLines(
  { order, listingNames, extra }: {
    order: Order;
    listingNames: Map<number, string>;
    extra?: { heading: string; cell: (line: OrderLine, index: number) => JSX.Element };
  },
) {
  return (
    <div class="table-wrap">
      <table class="order-lines">
        <thead>
          <tr>
            <th scope="col">Item</th>
            {extra && <th scope="col">{extra.heading}</th>}
            <th scope="col" class="num">Price</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, i) => (
            <tr key={i} data-line={i}>
              <td data-label="Item">
                <strong>{line.name}</strong>
                <LineDetails
                  line={line}
                  listingName={line.listing_id ? listingNames.get(line.listing_id) : undefined}
                />
              </td>
              {extra && <td data-label={extra.heading}>{extra.cell(line, i)}</td>}
              <td data-label="Price" class="num">{formatMoney(line.total_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Subtotal, the VAT line (rate, note: reverse charge wording when reverse charged) and total. */
export function OrderTotals({ order }: { order: Order }) {
  const { vat } = order;
  return (
    <dl class="order-totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatMoney(order.subtotal_cents)}</dd>
      </div>
      <div class="order-vat">
        <dt>
          VAT {vat.rate_percent} %{vat.reverse_charge && " (reverse charge)"}
          <span class="order-vat-note">{vat.note}</span>
          {vat.vat_number && <span class="order-vat-note">VAT number {vat.vat_number}</span>}
        </dt>
        <dd>{formatMoney(order.vat_cents)}</dd>
      </div>
      <div class="order-total">
        <dt>Total (USD)</dt>
        <dd>{formatMoney(order.total_cents)}</dd>
      </div>
    </dl>
  );
}
