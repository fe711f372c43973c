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
export {
  createCheckout,
  getMyOrder,
  listMyOrders,
  openCheckout,
  orderView,
  receiptUrl,
  setBillingDetails,
} from "./orders.ts";
export { cancelOrder, markOrderPaid } from "./order_changes.ts";
export { type PaymentProvider, paymentProvider, payTestOrder, refundOrder } from "./payments.ts";
export { fulfilOrder, runOrderFulfilmentJob } from "./fulfilment.ts";
export { handleStripeWebhook, type WebhookOutcome } from "./stripe_webhook.ts";
export {
  BILLING_LIMITS,
  type BillingForm,
  checkBillingForm,
  countryOptions,
  listingNamesOf,
  type PaymentStart,
  startPayment,
} from "./checkout.ts";
export { type OrderSweep, runOrderExpiryJob, sweepOrders } from "./order_jobs.ts";
export {
  completeSiteTask,
  getTeamOrder,
  type ListingRef,
  listingRefs,
  listTasks,
  listTeamOrders,
  type TeamOrder,
} from "./tasks.ts";
