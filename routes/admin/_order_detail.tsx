/** The console's order page: lines with results and tasks, VAT, billing, payment, and actions. */
import { formatMoney } from "../../components/format.ts";
import type { OrderTeamAction } from "../../kv/types.ts";
import type { TeamOrder } from "../../services/commerce/mod.ts";
import { CsrfField, DateTime } from "../account/_ui.tsx";
import { ListingLink } from "./_team.tsx";
import { ReasonField, RefusalNotice, type Refused } from "./_console_parts.tsx";

/** What a cancel or refund reversed and kept (on the order page and the refund's confirm page). */
export function Account(
  { reversed, kept, title }: { reversed: string[]; kept: string[]; title: string },
) {
  return (
    <div class="card order-account" data-account>
      <h2>{title}</h2>
      <h3>Reversed</h3>
      <ul data-reversed>{reversed.map((r) => <li key={r}>{r}</li>)}</ul>
      <h3>Not reversed</h3>
      {kept.length === 0
        ? <p class="muted">Nothing had been delivered.</p>
        : <ul data-kept>{kept.map((k) => <li key={k}>{k}</li>)}</ul>}
    </div>
  );
}

function TeamAction({ action }: { action: OrderTeamAction }) {
  const verb = action.action === "refund" ? "Refunded" : "Canceled";
  return (
    <>
      <p class="notice">
        {verb} by {action.by} <DateTime iso={action.at} />: “{action.reason}”
      </p>
      <Account
        reversed={action.reversed}
        kept={action.kept}
        title={`What the ${action.action} did`}
      />
    </>
  );
}

function Lines({ team }: { team: TeamOrder }) {
  return (
    <ol>
      {team.order.lines.map((line, i) => (
        <li key={i}>
          <strong>{line.name}</strong> ({line.product})
          {line.listing_id !== undefined && (
            <>
              {" "}for <ListingLink id={line.listing_id} listings={team.listings} />
            </>
          )}
          {line.week && <>· week {line.week}</>} · {formatMoney(line.total_cents)} · {line.fulfilled
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
                    : <a href={`/admin/tasks#task-${t.id}`}>open</a>}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

/** An order's page for the site team, with the cancel form or the refund link. */
export function OrderDetail(
  { team, csrf, refused }: { team: TeamOrder; csrf: string; refused: Refused | null },
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
      <RefusalNotice refused={refused} />
      {order.team_action && <TeamAction action={order.team_action} />}
      <h2>Lines</h2>
      <Lines team={team} />
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
      <p class="order-ids">
        Provider {payment.provider} · session {payment.session_id ?? "—"} · payment{" "}
        {payment.payment_intent ?? "—"} · refund {payment.refund_id ?? "—"}
      </p>
      <p>
        Created <DateTime iso={order.created_at} /> · paid <DateTime iso={order.paid_at} />{" "}
        · fulfilled <DateTime iso={order.fulfilled_at} /> · canceled{" "}
        <DateTime iso={order.canceled_at} /> · refunded <DateTime iso={order.refunded_at} />
      </p>
      {order.status === "pending" && (
        <form method="post" action={`/admin/orders/${order.number}/cancel`} class="form-stack card">
          <h2>Cancel this order</h2>
          <p class="muted small">Its held weeks are released; it can no longer be paid.</p>
          <CsrfField token={csrf} />
          <ReasonField id="cancel-reason" label="Reason for canceling" refused={refused} />
          <button type="submit" class="button button-ghost">Cancel order</button>
        </form>
      )}
      {order.status === "paid" && (
        <a class="button" href={`/admin/orders/${order.number}/refund`}>Refund</a>
      )}
    </section>
  );
}
