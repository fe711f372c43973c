/**
 * Orders through MCP tools with an API key: quote_order and create_checkout refuse an invalid item
 * as a tool error naming it; create_checkout's result carries the checkout link and the note to give
 * it to the person; idempotency_key replays the order; get_order and list_my_orders; another
 * account's order is not found.
 */
import assert from "node:assert/strict";
import { bearer, type Fixture } from "./fixtures.ts";
import { MCP_POST_HEADERS, readRpcAnswer } from "./mcp_rpc.ts";
import { myOrderNumbers, slotsLeftIn, weekAhead, withOrderBed } from "./orders_fixture.ts";
import { AGENT_NOTE_META, CHECKOUT_NOTE, REPLAYED_META } from "../routes/mcp.ts";

/** Calls one tool over JSON-RPC with an API key; answers the tool result. */
async function tool(f: Fixture, key: string, name: string, args: Record<string, unknown>) {
  const res = await f.app.request("/mcp", {
    method: "POST",
    headers: { ...MCP_POST_HEADERS, ...bearer(key), "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name, arguments: args },
    }),
  });
  assert.equal(res.status, 200);
  const answer = await readRpcAnswer(res);
  assert.ok(answer.result, JSON.stringify(answer));
  return answer.result;
}

Deno.test("MCP quote_order and create_checkout refuse an invalid week as a tool error naming it", async () => {
  await withOrderBed(async ({ f, fresh }) => {
    const items = [{ product: "launch", listing_id: fresh.id, week: "2026-11-25" }];
    for (const name of ["quote_order", "create_checkout"]) {
      const result = await tool(f, f.keys.owner, name, { items });
      assert.equal(result.isError, true, name);
      const error = result.structuredContent.error;
      assert.equal(error.code, "invalid_request");
      assert.deepEqual(error.details.map((d: { path: string }) => d.path), ["items.0.week"]);
      assert.match(result.content[0].text, /items\.0\.week/);
    }
    assert.deepEqual(await myOrderNumbers(f, f.keys.owner), []);
  });
});

Deno.test("MCP create_checkout gives the checkout link with the note for the person; a replay is the same order", async () => {
  await withOrderBed(async ({ f, fresh }) => {
    const week = weekAhead(2);
    const before = await slotsLeftIn(f, "launch", week);
    const args = {
      items: [{ product: "launch", listing_id: fresh.id, week }],
      billing_country: "US",
      idempotency_key: "mcp-order-1",
    };
    const first = await tool(f, f.keys.owner, "create_checkout", args);
    assert.equal(first.isError, undefined, JSON.stringify(first));
    const order = first.structuredContent;
    assert.equal(order.status, "pending");
    assert.match(order.checkout_url, new RegExp(`/checkout/${order.number}\\?key=`));
    const texts: string[] = first.content.map((c: { text: string }) => c.text);
    assert.ok(texts.some((t) => t.includes(order.checkout_url) && t.includes(CHECKOUT_NOTE)));
    assert.equal(first._meta[AGENT_NOTE_META], CHECKOUT_NOTE);
    assert.equal(order.vat_cents, 0);

    const replay = await tool(f, f.keys.owner, "create_checkout", args);
    assert.equal(replay.structuredContent.number, order.number);
    assert.equal(replay._meta[REPLAYED_META], true);
    assert.deepEqual(await myOrderNumbers(f, f.keys.owner), [order.number]);
    assert.equal(await slotsLeftIn(f, "launch", week), before - 1, "one week held");

    const other = await tool(f, f.keys.owner, "create_checkout", {
      ...args,
      idempotency_key: "mcp-order-2",
      items: [{ product: "launch", listing_id: fresh.id }],
    });
    assert.notEqual(other.structuredContent.number, order.number);
  });
});

Deno.test("MCP get_order and list_my_orders show the caller's orders; another account's is not found", async () => {
  await withOrderBed(async ({ f, fresh, theirs }) => {
    const mine = (await tool(f, f.keys.owner, "create_checkout", {
      items: [{ product: "launch", listing_id: fresh.id }],
      billing_country: "DE",
    })).structuredContent;
    const their = (await tool(f, f.keys.stranger, "create_checkout", {
      items: [{ product: "launch", listing_id: theirs.id }],
    })).structuredContent;

    const got = await tool(f, f.keys.owner, "get_order", { number: mine.number });
    assert.equal(got.isError, undefined);
    assert.equal(got.structuredContent.number, mine.number);
    assert.equal(got.structuredContent.vat.rate_percent, 19);
    assert.equal(got.structuredContent.lines[0].fulfilled, false);
    assert.doesNotMatch(got.structuredContent.checkout_url, /key=/, "no secret after creation");

    const list = await tool(f, f.keys.owner, "list_my_orders", {});
    assert.deepEqual(
      list.structuredContent.items.map((o: { number: string }) => o.number),
      [mine.number],
    );
    assert.equal(list.structuredContent.items[0].status, "pending");

    const stolen = await tool(f, f.keys.owner, "get_order", { number: their.number });
    assert.equal(stolen.isError, true);
    assert.equal(stolen.structuredContent.error.code, "not_found");
    const missing = await tool(f, f.keys.owner, "get_order", { number: "LD-20261118-NOSUCH" });
    assert.equal(
      stolen.structuredContent.error.message.replace(their.number, "LD-20261118-NOSUCH"),
      missing.structuredContent.error.message,
      "another account's order is refused like a missing one",
    );
  });
});
