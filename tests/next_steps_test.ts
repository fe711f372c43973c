/**
 * submit_draft's `next_steps` names only operations that are implemented; steps whose operation is
 * not implemented yet are said to be not available yet.
 */
import assert from "node:assert/strict";
import { bearer, buildFixture, sendJson } from "./fixtures.ts";
import { runDraftJob } from "../services/drafting/draft_jobs.ts";
import { IMPLEMENTED_OPERATION_IDS, OPERATIONS } from "../routes/api/v1/mod.ts";

/** A one-page product website on 127.0.0.1. */
function serveSite() {
  const html =
    `<!DOCTYPE html><html><head><title>Acmeflow | Invoices that pay themselves</title></head><body><h1>Invoices that pay themselves</h1><p>Acmeflow turns invoices into payments in one click.</p></body></html>`;
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    if (path === "/robots.txt") return new Response("User-agent: *\nAllow: /\n");
    if (path !== "/") return new Response("Not found", { status: 404 });
    return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
  });
  return { origin: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

Deno.test("submit_draft's next_steps names only implemented operations", async () => {
  const site = serveSite();
  try {
    const f = await buildFixture({ allowPrivateFetch: true });
    const auth = bearer(f.keys.owner);
    const created = await sendJson(f.app, "POST", "/api/v1/drafts", { url: site.origin }, auth);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id;
    await runDraftJob(f.deps, id);
    const edited = await sendJson(f.app, "PATCH", `/api/v1/drafts/${id}`, {
      fields: { name: "Acmeflow", categories: ["Invoicing"] },
    }, auth);
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    const saved = await sendJson(f.app, "POST", `/api/v1/drafts/${id}/submit`, {}, auth);
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const text: string = saved.body.next_steps;
    assert.match(text, /saved, not published/);
    for (const op of OPERATIONS) {
      if (!new RegExp(`(?<![A-Za-z0-9_])${op.operationId}(?![A-Za-z0-9_])`).test(text)) continue;
      assert.ok(
        IMPLEMENTED_OPERATION_IDS.has(op.operationId),
        `next_steps names "${op.operationId}", which answers 501: ${text}`,
      );
    }
    const pending = ["choose_free_listing", "create_checkout"].filter((id) =>
      !IMPLEMENTED_OPERATION_IDS.has(id)
    );
    if (pending.length > 0) assert.match(text, /not available yet/i);
  } finally {
    await site.close();
  }
});
