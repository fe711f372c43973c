/**
 * The founder's orders (list_my_orders): one listing's orders on its Orders tab
 * (`/dashboard/listings/:id/orders`), and every order at `/dashboard/orders`; each with its
 * status, total and a link to pay it (while pending) or to its receipt (once paid).
 */
import { Hono } from "hono";
import type { Deps } from "../../services/platform/mod.ts";
import { assertSignedIn, type SessionEnv } from "../session.ts";
import { allMyOrders, ordersOfListing, OrdersTable } from "./_listing_orders.tsx";
import { listingPage, openMyListing } from "./_listing_parts.tsx";
import { dashboardPage, dashboardPaths, DashboardShell } from "./_ui.tsx";

/** The two orders pages. */
export function ordersRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/dashboard/listings/:id/orders", async (c) => {
    const { who, listing } = await openMyListing(deps, c);
    const orders = ordersOfListing(await allMyOrders(deps, who), listing.listing_id);
    return listingPage(
      deps,
      c,
      {
        listing,
        tab: "orders",
        title: "Orders",
        lead: "What you bought for this listing.",
      },
      (
        <section class="card">
          <OrdersTable orders={orders} empty="No orders for this listing yet." />
          <p class="small">
            <a href={dashboardPaths.orders}>All your orders</a>
          </p>
        </section>
      ),
    );
  });
  app.get(dashboardPaths.orders, async (c) => {
    const who = assertSignedIn(c);
    const orders = await allMyOrders(deps, who);
    return dashboardPage(
      deps,
      c,
      { title: "Your orders" },
      <DashboardShell
        trail={[["Orders"]]}
        header={
          <>
            <h1>Your orders</h1>
            <p class="lead">
              Every order you placed, newest first: pay one that awaits payment, or open the receipt
              of a paid one.
            </p>
          </>
        }
      >
        <section class="card">
          <OrdersTable orders={orders} empty="No orders yet." />
        </section>
      </DashboardShell>,
    );
  });
  return app;
}
