/**
 * The checkout page's body: the order, its status, the billing form and the Pay button while it
 * is pending; what each line did once paid.
 */
import type { ComponentChildren } from "preact";
import type { Order, OrderLine } from "../../kv/types.ts";
import type { ErrorDetail } from "../../services/platform/mod.ts";
import { BILLING_LIMITS, countryOptions } from "../../services/commerce/mod.ts";
import { CsrfField, DateTime, Errors } from "../account/_ui.tsx";
import { OrderLines, orderPath, OrderTotals, StatusPill } from "./_parts.tsx";

/** The billing form as last posted, and what was wrong with it. */
export interface BillingState {
  input?: Record<string, string>;
  errors?: ErrorDetail[];
  /** A message about the whole page (a refused payment, a changed order). */
  message?: string;
}

/** Everything the checkout page shows. */
export interface CheckoutViewProps extends BillingState {
  order: Order;
  listingNames: Map<number, string>;
  /** The link's secret when the page was opened with it (carried by the forms and links). */
  accessKey: string | null;
  csrf: string;
  testMode: boolean;
  /** Back from the payment page: "done" or "canceled". */
  returned: string | null;
}

const CLOSED_TEXT: Record<string, string> = {
  expired: "This order expired: it was not paid within 24 hours, and its weeks were released. " +
    "Nothing was charged. Create a new order to buy again.",
  canceled: "This order was canceled. Nothing was charged, and it can no longer be paid.",
  refunded: "This order was paid and then refunded in full.",
};

/** The checkout page. */
export function CheckoutView(props: CheckoutViewProps) {
  const { order, accessKey } = props;
  return (
    <section class="checkout">
      <header class="page-header">
        <p class="eyebrow">Order</p>
        <h1 class="checkout-number">
          {order.number} <StatusPill status={order.status} />
        </h1>
        {order.status === "pending" && (
          <p class="lead">
            Awaiting payment until <DateTime iso={order.expires_at} />.
          </p>
        )}
      </header>
      {props.message && <p class="notice notice-error" role="alert">{props.message}</p>}
      {props.returned === "done" && order.status === "pending" && (
        <p class="notice notice-ok" role="status">
          Thank you: the payment is being confirmed. Reload this page in a moment.
        </p>
      )}
      {props.returned === "canceled" && order.status === "pending" && (
        <p class="notice notice-warn" role="status">The payment was canceled: you can pay again.</p>
      )}
      {CLOSED_TEXT[order.status] && <p class="notice notice-warn">{CLOSED_TEXT[order.status]}</p>}
      {order.status === "paid" && (
        <p class="notice notice-ok" role="status">
          Paid on <DateTime iso={order.paid_at} />. Thank you!{" "}
          <a href={orderPath(order.number, accessKey, "/receipt")}>See the receipt</a>
        </p>
      )}
      <div class="checkout-grid">
        <section class="card" aria-labelledby="order-lines">
          <h2 id="order-lines">What you are buying</h2>
          <OrderLines
            order={order}
            listingNames={props.listingNames}
            extra={order.paid_at
              ? { heading: "Status", cell: (l) => <LineStatus line={l} /> }
              : undefined}
          />
          <OrderTotals order={order} />
        </section>
        {order.status === "pending" && (
          <div class="checkout-side">
            <BillingForm {...props} />
            <PayForm {...props} />
          </div>
        )}
        {order.status !== "pending" && order.billing && (
          <section class="card" aria-labelledby="billed-to">
            <h2 id="billed-to">Billed to</h2>
            <BilledTo order={order} />
          </section>
        )}
      </div>
    </section>
  );
}

/** What fulfilment did for a paid line. */
function LineStatus({ line }: { line: OrderLine }) {
  if (!line.applied_at) {
    return <span class="line-status line-status-pending">Being applied…</span>;
  }
  const open = line.tasks.filter((t) => t.status === "open");
  return (
    <div class="line-status">
      <span class={line.fulfilled ? "line-status-done" : "line-status-pending"}>
        {line.fulfilled ? "Done" : "In progress"}
      </span>
      {line.result && <span class="line-result">{line.result}</span>}
      {open.length > 0 && (
        <ul class="line-tasks">
          {open.map((t) => <li key={t.id}>The site team: {t.title}</li>)}
        </ul>
      )}
    </div>
  );
}

/** The billing details on record. */
export function BilledTo({ order }: { order: Order }) {
  const b = order.billing;
  if (!b) return null;
  const country = countryOptions().find((c) => c.code === b.country)?.name ?? b.country;
  return (
    <address class="billed-to">
      <strong>{b.name}</strong>
      <span class="pre-line">{b.address}</span>
      <span>{country}</span>
      {b.vat_number && <span>VAT number {b.vat_number}</span>}
    </address>
  );
}

function Hidden({ accessKey, csrf }: { accessKey: string | null; csrf: string }) {
  return (
    <>
      <CsrfField token={csrf} />
      {accessKey && <input type="hidden" name="key" value={accessKey} />}
    </>
  );
}

/** A labelled form control and the errors about it. */
function Field(
  { label, path, errors, children }: {
    label: string;
    path: string;
    errors?: ErrorDetail[];
    children: ComponentChildren;
  },
) {
  return (
    <>
      <label class="field">
        <span class="field-label">{label}</span>
        {children}
      </label>
      <Errors errors={errors} path={path} />
    </>
  );
}

function BillingForm({ order, accessKey, csrf, input, errors }: CheckoutViewProps) {
  const value = (field: string, saved: string | null | undefined) => input?.[field] ?? saved ?? "";
  const invalid = (path: string) =>
    errors?.some((e) => e.path === path)
      ? { "aria-invalid": "true" as const, "aria-describedby": `${path}-error` }
      : {};
  const country = value("billing_country", order.billing?.country);
  return (
    <form
      class="card form-stack billing-form"
      method="post"
      action={`/checkout/${encodeURIComponent(order.number)}/billing`}
      aria-labelledby="billing"
    >
      <h2 id="billing">Billing details</h2>
      <Hidden accessKey={accessKey} csrf={csrf} />
      <Field label="Name or company" path="billing_name" errors={errors}>
        <input
          name="billing_name"
          required
          maxLength={BILLING_LIMITS.name}
          autoComplete="name"
          value={value("billing_name", order.billing?.name)}
          {...invalid("billing_name")}
        />
      </Field>
      <Field label="Address" path="billing_address" errors={errors}>
        <textarea
          name="billing_address"
          required
          rows={3}
          maxLength={BILLING_LIMITS.address}
          autoComplete="street-address"
          {...invalid("billing_address")}
        >
          {value("billing_address", order.billing?.address)}
        </textarea>
      </Field>
      <Field label="Country" path="billing_country" errors={errors}>
        <select
          name="billing_country"
          required
          autoComplete="country"
          {...invalid("billing_country")}
        >
          <option value="" selected={country === ""}>Choose a country</option>
          {countryOptions().map((c) => (
            <option key={c.code} value={c.code} selected={c.code === country}>{c.name}</option>
          ))}
        </select>
      </Field>
      <Field label="VAT number (optional, EU businesses)" path="vat_number" errors={errors}>
        <input
          name="vat_number"
          maxLength={BILLING_LIMITS.vat_number}
          value={value("vat_number", order.billing?.vat_number)}
          {...invalid("vat_number")}
        />
      </Field>
      <button type="submit" class="button button-ghost">
        {order.billing ? "Update billing details" : "Save billing details"}
      </button>
    </form>
  );
}

function PayForm({ order, accessKey, csrf, testMode }: CheckoutViewProps) {
  if (!order.billing) {
    return (
      <p class="card muted pay-hint">
        Give your billing details to see the VAT that applies and to pay.
      </p>
    );
  }
  return (
    <form
      class="card form-stack pay-form"
      method="post"
      action={`/checkout/${encodeURIComponent(order.number)}/pay`}
    >
      <Hidden accessKey={accessKey} csrf={csrf} />
      {testMode && (
        <p class="notice notice-warn">
          Test mode: no payment service is set up, so paying moves no money.
        </p>
      )}
      <button type="submit" class="button pay-button">{testMode ? "Pay (test)" : "Pay"}</button>
    </form>
  );
}
