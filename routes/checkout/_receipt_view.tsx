/** The printable receipt of a paid (or refunded) order: seller, buyer, lines, VAT and total. */
import { island } from "../../components/island.tsx";
import PrintButtonIsland from "../../islands/PrintButton.tsx";
import type { Order, SiteSettings } from "../../kv/types.ts";
import { DateTime } from "../account/_ui.tsx";
import { BilledTo } from "./_checkout_view.tsx";
import { OrderLines, orderPath, OrderTotals, StatusPill } from "./_parts.tsx";

const PrintButton = island("PrintButton", PrintButtonIsland);

/** The seller as the site settings give it: only what is set. */
type Seller = Pick<
  SiteSettings,
  "seller_name" | "seller_address" | "seller_vat_number" | "seller_country"
>;

/** Everything the receipt shows. */
export interface ReceiptViewProps {
  order: Order;
  listingNames: Map<number, string>;
  seller: Seller;
  sellerCountryName: string | null;
  accessKey: string | null;
}

/** The receipt page. */
export function ReceiptView(
  { order, listingNames, seller, sellerCountryName, accessKey }: ReceiptViewProps,
) {
  return (
    <article class="receipt card">
      <header class="receipt-header">
        <div>
          <p class="eyebrow">Receipt</p>
          <h1 class="receipt-number">
            {order.number} <StatusPill status={order.status} />
          </h1>
          <p>
            Paid on <DateTime iso={order.paid_at} />
            {order.refunded_at && (
              <>
                {" "}· refunded on <DateTime iso={order.refunded_at} />
              </>
            )}
          </p>
        </div>
        <div class="receipt-actions no-print">
          <PrintButton label="Print" />
          <a class="button button-ghost" href={orderPath(order.number, accessKey)}>
            Back to the order
          </a>
        </div>
      </header>
      <div class="receipt-parties">
        <section aria-labelledby="receipt-seller">
          <h2 id="receipt-seller">From</h2>
          <address class="billed-to">
            {seller.seller_name && <strong>{seller.seller_name}</strong>}
            {seller.seller_address && <span class="pre-line">{seller.seller_address}</span>}
            {sellerCountryName && <span>{sellerCountryName}</span>}
            {seller.seller_vat_number && <span>VAT number {seller.seller_vat_number}</span>}
          </address>
        </section>
        <section aria-labelledby="receipt-buyer">
          <h2 id="receipt-buyer">Billed to</h2>
          {order.billing
            ? <BilledTo order={order} />
            : <p class="muted">No billing details given.</p>}
        </section>
      </div>
      <OrderLines order={order} listingNames={listingNames} />
      <OrderTotals order={order} />
      <p class="muted small">
        Prices in US dollars. VAT rates as of {order.vat.rates_as_of}.
      </p>
    </article>
  );
}
