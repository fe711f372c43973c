/**
 * The site team's orders console (ADMIN_EMAILS signed in; a 404 for anyone else):
 * - `GET /admin/orders`: every order newest first, `?status=` to show one status;
 * - `GET /admin/orders/{number}`: lines with results and tasks, billing, VAT, payment;
 * - `POST /admin/orders/{number}/cancel`: cancels a pending order (its weeks are released);
 * - `GET` then `POST /admin/orders/{number}/refund`: confirms, then refunds a paid order.
 * Posts carry the session's CSRF token; a refused action (409) is shown on the order's page.
 */
import { type Context, Hono } from "hono";
import { formatMoney } from "../../components/format.ts";
import {
  cancelOrder,
  getTeamOrder,
  listTeamOrders,
  refundOrder,
  type TeamOrder,
} from "../../services/commerce/mod.ts";
import type { ApiError, Deps } from "../../services/platform/mod.ts";
import { readForm } from "../pages/_forms.ts";
import { CsrfField, DateTime } from "../account/_ui.tsx";
import { CSRF_FIELD, type SessionEnv, verifyCsrf } from "../session.ts";
import { ErrorNotice, ListingLink, teamMember, teamPage, tryAction } from "./_team.tsx";

const STATUSES = ["pending", "paid", "expired", "canceled", "refunded"];

/** The orders console's routes. */
export function adminOrderRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/admin/orders", async (c) => {
    if (!teamMember(deps, c)) return c.notFound();
    const status = c.req.query("status") ?? "";
    const orders = await listTeamOrders(deps, { status });
    return teamPage(deps, c, "Orders", <OrderList orders={orders} status={status} />);
  });
  app.get("/admin/orders/:number", async (c) => {
    const who = teamMember(deps, c);
    if (!who) return c.notFound();
    return await detail(deps, c, who.session.csrf_token, null);
  });
  app.get("/admin/orders/:number/refund", async (c) => {
    const who = teamMember(deps, c);
    if (!who) return c.notFound();
    const { order } = await getTeamOrder(deps, c.req.param("number"));
    return teamPage(
      deps,
      c,
      `Refund ${order.number}`,
      <section>
        <h1>Refund order {order.number}?</h1>
        <p>
          {formatMoney(order.total_cents)} go back to the buyer through{" "}
          {order.payment.provider === "stripe" ? "Stripe" : "test mode (no money moves)"}. Weeks of
          lines not yet applied are released; what was already delivered stays.
        </p>
        <form method="post" action={`/admin/orders/${order.number}/refund`}>
          <CsrfField token={who.session.csrf_token} />
          <button type="submit" class="button">Refund {formatMoney(order.total_cents)}</button>{" "}
          <a href={`/admin/orders/${order.number}`}>Back to the order</a>
        </form>
      </section>,
    );
  });
  const action = (run: (number: string) => Promise<unknown>) => async (c: Context<SessionEnv>) => {
    const who = teamMember(deps, c);
    if (!who) return c.notFound();
    verifyCsrf(deps, c, who.session, (await readForm(c)).get(CSRF_FIELD));
    const number = c.req.param("number") ?? "";
    const error = await tryAction(() => run(number));
    if (error) return await detail(deps, c, who.session.csrf_token, error);
    return c.redirect(`/admin/orders/${number}`, 303);
  };
  app.post("/admin/orders/:number/cancel", action((n) => cancelOrder(deps, n)));
  app.post("/admin/orders/:number/refund", action((n) => refundOrder(deps, n)));
  return app;
}

async function detail(deps: Deps, c: Context, csrf: string, error: ApiError | null) {
  const team = await getTeamOrder(deps, c.req.param("number") ?? "");
  return teamPage(
    deps,
    c,
    `Order ${team.order.number}`,
    <OrderDetail team={team} csrf={csrf} error={error} />,
    error?.status ?? 200,
  );
}

function OrderList({ orders, status }: { orders: TeamOrder[]; status: string }) {
  return (
    <section>
      <header class="page-header">
        <h1>Orders</h1>
        <p class="lead">
          Every order, newest first. <a href="/admin/tasks">Site-team tasks</a>
        </p>
      </header>
      <nav aria-label="Filter by status">
        <a href="/admin/orders">{status ? "All" : <strong>All</strong>}</a>
        {STATUSES.map((s) => (
          <span key={s}>
            {" · "}
            <a href={`/admin/orders?status=${s}`}>{s === status ? <strong>{s}</strong> : s}</a>
          </span>
        ))}
      </nav>
      {orders.length === 0 ? <p class="muted">No orders.</p> : (
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
              {orders.map(({ order, buyer_email }) => (
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
      )}
    </section>
  );
}

function OrderDetail(
  { team, csrf, error }: { team: TeamOrder; csrf: string; error: ApiError | null },
) {
  const { order } = team;
  const payment = order.payment;
  return (
    <section>
      <header class="page-header">
        <h1>Order {order.number}</h1>
        <p class="lead">
          <strong data-status={order.status}>{order.status}</strong> · {team.buyer_email ??
            "deleted account"} · <a href="/admin/orders">All orders</a>
        </p>
      </header>
      <ErrorNotice error={error} />
      <h2>Lines</h2>
      <ol>
        {order.lines.map((line, i) => (
          <li key={i}>
            <strong>{line.name}</strong> ({line.product})
            {line.listing_id !== undefined && (
              <>
                {" "}for <ListingLink id={line.listing_id} listings={team.listings} />
              </>
            )}
            {line.week && <>· week {line.week}</>} · {formatMoney(line.total_cents)} ·{" "}
            {line.fulfilled
              ? (
                <>
                  fulfilled <DateTime iso={line.fulfilled_at} />
                </>
              )
              : "not fulfilled"}
            {line.result && <div>{line.result}</div>}
            {line.tasks.length > 0 && (
              <ul>
                {line.tasks.map((t) => (
                  <li key={t.id}>
                    {t.title}: {t.status === "done"
                      ? (
                        <>
                          done <DateTime iso={t.done_at} />
                        </>
                      )
                      : <a href="/admin/tasks">open</a>}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <h2>Totals and VAT</h2>
      <p>
        Subtotal {formatMoney(order.subtotal_cents)} · VAT {order.vat.rate_percent} %{" "}
        {formatMoney(order.vat_cents)} · Total {formatMoney(order.total_cents)}
      </p>
      <p>
        VAT country {order.vat.country ?? "none"}
        {order.vat.vat_number && <>· VAT number {order.vat.vat_number}</>}
        {order.vat.reverse_charge && <>· reverse charge</>}. {order.vat.note}
      </p>
      <h2>Billing</h2>
      {order.billing
        ? (
          <p>
            {order.billing.name}, {order.billing.address}, {order.billing.country}
            {order.billing.vat_number && <>, VAT {order.billing.vat_number}</>}
          </p>
        )
        : <p class="muted">No billing details given.</p>}
      <h2>Payment</h2>
      <p>
        Provider {payment.provider} · session {payment.session_id ?? "—"} · payment{" "}
        {payment.payment_intent ?? "—"} · refund {payment.refund_id ?? "—"}
      </p>
      <p>
        Created <DateTime iso={order.created_at} /> · paid <DateTime iso={order.paid_at} />{" "}
        · fulfilled <DateTime iso={order.fulfilled_at} /> · canceled{" "}
        <DateTime iso={order.canceled_at} /> · refunded <DateTime iso={order.refunded_at} />
      </p>
      {order.status === "pending" && (
        <form method="post" action={`/admin/orders/${order.number}/cancel`}>
          <CsrfField token={csrf} />
          <button type="submit" class="button button-ghost">Cancel order</button>
        </form>
      )}
      {order.status === "paid" && (
        <a class="button" href={`/admin/orders/${order.number}/refund`}>Refund</a>
      )}
    </section>
  );
}
