/**
 * The site team's orders console (ADMIN_EMAILS signed in; a 404 for another account, sign-in for
 * a visitor):
 * - `GET /admin/orders`: search, newest first, 50 a page: `q` an order number or its prefix
 *   (`LD-20261118`), an account email, or a listing's slug or id; `status` one status; `cursor`
 *   the next page's (from the page's "Next" link);
 * - `GET /admin/orders/{number}`: lines with results and tasks, billing, VAT, payment, and what a
 *   cancel or refund reversed and kept;
 * - `POST /admin/orders/{number}/cancel` (`reason`): cancels a pending order, its weeks released;
 * - `GET` then `POST /admin/orders/{number}/refund` (`reason`): shows what the refund will reverse
 *   and what stays, then refunds a paid order through its payment provider.
 * Posts carry the session's CSRF token; a missing reason re-renders the form (400), a refused
 * action (409) is shown on the order's page. Each action records one audit entry.
 */
import { type Context, Hono } from "hono";
import { formatMoney } from "../../components/format.ts";
import { cancelOrderAsTeam, refundOrderAsTeam } from "../../services/admin/mod.ts";
import {
  getTeamOrder,
  type OrderSearchPage,
  refundAccount,
  searchTeamOrders,
} from "../../services/commerce/mod.ts";
import type { Deps } from "../../services/platform/mod.ts";
import { CsrfField } from "../account/_ui.tsx";
import type { SessionEnv } from "../session.ts";
import { teamForm, teamMember, teamPage, tryAction } from "./_team.tsx";
import { cursorOf, ReasonField, type Refused } from "./_console_parts.tsx";
import { Account, OrderDetail } from "./_order_detail.tsx";
import { OrderSearch, type SearchForm } from "./_order_list.tsx";

/** The orders console's routes. */
export function adminOrderRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/admin/orders", async (c) => {
    if (!teamMember(deps, c)) return c.notFound();
    const form: SearchForm = { q: c.req.query("q") ?? "", status: c.req.query("status") ?? "" };
    let page: OrderSearchPage | null = null;
    const error = await tryAction(async () => {
      page = await searchTeamOrders(deps, { ...form, cursor: cursorOf(c) });
    });
    const body = <OrderSearch form={form} page={page} error={error} />;
    return teamPage(deps, c, "Orders", body, error?.status ?? 200);
  });
  /** GET pages of one order for a team member (`render` gets the session's CSRF token). */
  const orderPage = (render: typeof detail) => async (c: Context<SessionEnv>) => {
    const who = teamMember(deps, c);
    if (!who) return c.notFound();
    return await render(deps, c, who.session.csrf_token, null);
  };
  /**
   * A posted order action with its reason: 303 to the order when done; a reason to fix stays on
   * `reasonPage`, any other refusal (409) is shown on the order's page.
   */
  const orderAction = (
    run: (deps: Deps, by: string, number: string, reason: string) => Promise<unknown>,
    reasonPage: typeof detail,
  ) =>
  async (c: Context<SessionEnv>) => {
    const posted = await teamForm(deps, c);
    if (!posted) return c.notFound();
    const number = c.req.param("number") ?? "";
    const reason = posted.form.get("reason") ?? "";
    const error = await tryAction(() => run(deps, posted.who.user.email, number, reason));
    if (!error) return c.redirect(`/admin/orders/${number}`, 303);
    const page = error.details.some((d) => d.path === "reason") ? reasonPage : detail;
    return await page(deps, c, posted.who.session.csrf_token, { item: number, error, reason });
  };
  app.get("/admin/orders/:number", orderPage(detail));
  app.get("/admin/orders/:number/refund", orderPage(confirmRefund));
  app.post("/admin/orders/:number/cancel", orderAction(cancelOrderAsTeam, detail));
  app.post("/admin/orders/:number/refund", orderAction(refundOrderAsTeam, confirmRefund));
  return app;
}

async function detail(deps: Deps, c: Context, csrf: string, refused: Refused | null) {
  const team = await getTeamOrder(deps, c.req.param("number") ?? "");
  const body = <OrderDetail team={team} csrf={csrf} refused={refused} />;
  return teamPage(deps, c, `Order ${team.order.number}`, body, refused?.error.status ?? 200);
}

/** The refund's confirm page: what it reverses and keeps, and the reason field. */
async function confirmRefund(deps: Deps, c: Context, csrf: string, refused: Refused | null) {
  const { order } = await getTeamOrder(deps, c.req.param("number") ?? "");
  if (order.status !== "paid") return await detail(deps, c, csrf, refused);
  const stripe = order.payment.provider === "stripe";
  const total = formatMoney(order.total_cents);
  const payment = stripe
    ? `Payment of ${total} goes back to the buyer through Stripe`
    : `Payment of ${total} marked refunded (test payments: no money moves)`;
  const account = refundAccount(order, payment);
  return teamPage(
    deps,
    c,
    `Refund ${order.number}`,
    <section>
      <header class="page-header">
        <h1>Refund order {order.number}?</h1>
        <p class="lead">
          The whole order is refunded. Nothing already delivered is undone automatically: the site
          team undoes by hand what it must.
        </p>
      </header>
      <Account {...account} title="What the refund will do" />
      <form method="post" action={`/admin/orders/${order.number}/refund`} class="form-stack card">
        <CsrfField token={csrf} />
        <ReasonField id="refund-reason" label="Reason for the refund" refused={refused} />
        <p>
          <button type="submit" class="button">Refund {total}</button>{" "}
          <a href={`/admin/orders/${order.number}`}>Back to the order</a>
        </p>
      </form>
    </section>,
    refused?.error.status ?? 200,
  );
}
