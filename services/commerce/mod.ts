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
export { isEuCountry, isKnownCountry } from "./vat_countries.ts";
export { parseVatNumber } from "./vat_numbers.ts";
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
export { cancelAccount, refundAccount } from "./team_account.ts";
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
  assignSiteTask,
  completeSiteTask,
  listTasks,
  TASK_STATUSES,
  type TaskStage,
  type TeamTask,
  withOrders,
} from "./tasks.ts";
export {
  countTeamOrders,
  ensureOrderIndexes,
  getTeamOrder,
  type ListingRef,
  listingRefs,
  ORDER_STATUSES,
  type OrderSearchPage,
  type SearchKind,
  searchTeamOrders,
  type TeamOrder,
} from "./team_orders.ts";
export type { TeamActor } from "./order_changes.ts";
