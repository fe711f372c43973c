/** The console's order search: the form, the results newest first, and the next page's link. */
import { formatMoney } from "../../components/format.ts";
import { ORDER_STATUSES, type OrderSearchPage } from "../../services/commerce/mod.ts";
import type { ApiError } from "../../services/platform/mod.ts";
import { DateTime, Errors } from "../account/_ui.tsx";
import { ErrorNotice } from "./_team.tsx";

/** What the search form holds. */
export interface SearchForm {
  q: string;
  status: string;
}

const SEARCHED_BY: Record<OrderSearchPage["kind"], string> = {
  all: "Every order",
  number: "Orders by number",
  email: "Orders of the account",
  listing: "Orders for the listing",
};

function nextHref(form: SearchForm, cursor: string): string {
  const query = new URLSearchParams({ ...form, cursor });
  for (const k of ["q", "status"]) if (!query.get(k)) query.delete(k);
  return `/admin/orders?${query}`;
}

function Form({ form, error }: { form: SearchForm; error: ApiError | null }) {
  const details = error?.details ?? [];
  return (
    <form method="get" action="/admin/orders" class="card order-search" role="search">
      <div class="field">
        <label for="q">Order number, account email, or listing slug or id</label>
        <input id="q" name="q" type="search" value={form.q} maxLength={200} />
        <Errors errors={details} path="q" />
      </div>
      <div class="field">
        <label for="status">Status</label>
        <select id="status" name="status">
          <option value="">Any status</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s} selected={s === form.status}>{s}</option>
          ))}
        </select>
        <Errors errors={details} path="status" />
      </div>
      <button type="submit" class="button">Search</button>
    </form>
  );
}

function Results({ page, form }: { page: OrderSearchPage; form: SearchForm }) {
  if (page.orders.length === 0) return <p class="muted" data-results="0">No orders found.</p>;
  return (
    <>
      <div class="table-wrap card">
        <table class="keys-table">
          <thead>
            <tr>
              {["Order", "Status", "Buyer", "Total", "Created", "Paid"].map((h) => (
                <th key={h} scope="col">{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {page.orders.map(({ order, buyer_email }) => (
              <tr key={order.number} data-order={order.number}>
                <td>
                  <a href={`/admin/orders/${order.number}`}>{order.number}</a>
                </td>
                <td>{order.status}</td>
                <td>{buyer_email ?? <span class="muted">deleted account</span>}</td>
                <td>{formatMoney(order.total_cents)}</td>
                <td>
                  <DateTime iso={order.created_at} />
                </td>
                <td>{order.paid_at ? <DateTime iso={order.paid_at} /> : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {page.next_cursor && (
        <p>
          <a class="button button-ghost" rel="next" href={nextHref(form, page.next_cursor)}>
            Next {page.orders.length > 1 ? "orders" : "order"}
          </a>
        </p>
      )}
    </>
  );
}

/** The orders page: the search form, then its results or the error of a malformed search. */
export function OrderSearch(
  { form, page, error }: { form: SearchForm; page: OrderSearchPage | null; error: ApiError | null },
) {
  return (
    <section>
      <header class="page-header">
        <h1>Orders</h1>
        <p class="lead">
          Newest first. <a href="/admin/tasks">Site-team tasks</a>
        </p>
      </header>
      <Form form={form} error={error} />
      {error && error.details.length === 0 && <ErrorNotice error={error} />}
      {page && (
        <>
          <h2 data-kind={page.kind}>
            {SEARCHED_BY[page.kind]}
            {form.status && <>, {form.status}</>}
          </h2>
          <Results page={page} form={form} />
        </>
      )}
    </section>
  );
}
