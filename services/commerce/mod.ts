/** Commerce: products and prices, quotes and VAT, orders, checkout, payments and fulfilment. */
export {
  decideVat,
  OUTSIDE_EU_NOTE,
  REVERSE_CHARGE_NOTE,
  vatCents,
  type VatDecision,
  type VatInput,
} from "./vat.ts";
export {
  createViesClient,
  type ViesAnswer,
  type ViesClient,
  viesClientFromConfig,
} from "./vies.ts";
export type { PricedLine } from "./order_items.ts";
export { listProducts } from "./products.ts";
export { quoteOrder } from "./quote.ts";
