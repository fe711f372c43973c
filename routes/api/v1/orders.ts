import { z } from "zod";
import { defineOperation, pageQuery } from "./operation.ts";
import { orderBody } from "./schemas.ts";
import {
  createCheckout,
  getMyOrder,
  listMyOrders,
  quoteOrder,
} from "../../../services/commerce/mod.ts";

export const orderOperations = [
  defineOperation({
    operationId: "quote_order",
    method: "post",
    path: "/orders/quote",
    access: "orders:write",
    tag: "Orders",
    summary: "Price an order",
    description:
      "Prices 1 to 20 items at the site's current prices with a VAT preview for `billing_country` (and `vat_number` for EU reverse charge). Validates every option: weeks, categories, the billboard minimum. Nothing is saved or charged.",
    body: orderBody,
    status: 200,
    hints: { readOnly: true, idempotent: true },
    handler: ({ body }, { deps, caller }) => quoteOrder(deps, caller!, body),
  }),
  defineOperation({
    operationId: "create_checkout",
    method: "post",
    path: "/orders/checkout",
    access: "orders:write",
    tag: "Orders",
    summary: "Create an order and its checkout link",
    description:
      "Creates a pending order and returns `checkout_url`, a secure page of the service where the person reviews the order, enters billing details and pays. Give the link to the person; never ask for card details. Read the result with get_order.",
    body: orderBody,
    status: 201,
    idempotencyKey: true,
    handler: ({ body }, { deps, caller, idempotency }) =>
      createCheckout(deps, caller!, body, idempotency),
  }),
  defineOperation({
    operationId: "list_my_orders",
    method: "get",
    path: "/orders",
    access: "account:read",
    tag: "Orders",
    summary: "List my orders",
    description: "The caller's orders, newest first, with status.",
    query: pageQuery,
    status: 200,
    paginated: true,
    handler: ({ query }, { deps, caller }) => listMyOrders(deps, caller!, query),
  }),
  defineOperation({
    operationId: "get_order",
    method: "get",
    path: "/orders/{number}",
    access: "account:read",
    tag: "Orders",
    summary: "Get an order",
    description: "Status, totals with VAT, lines, and whether each line was fulfilled.",
    params: z.object({
      number: z.string().min(1).max(32).regex(/^[A-Za-z0-9-]+$/, "Expected an order number"),
    })
      .strict(),
    status: 200,
    handler: ({ params }, { deps, caller }) => getMyOrder(deps, caller!, params.number),
  }),
];
