/**
 * The MCP server's instructions name only operations that answer: each operation id they name is
 * implemented, and the publishing routes say which steps are not available yet.
 */
import assert from "node:assert/strict";
import { buildFixture } from "./fixtures.ts";
import { OPERATIONS } from "../routes/api/v1/mod.ts";
import { MCP_POST_HEADERS, readRpcAnswer } from "./mcp_rpc.ts";

Deno.test("MCP instructions name only implemented operations", async () => {
  const f = await buildFixture({
    rateLimit: { perMinute: 1_000, anonymousPerMinute: 1_000, trustProxy: false },
  });
  try {
    const res = await f.app.request("http://localhost:8000/mcp", {
      method: "POST",
      headers: MCP_POST_HEADERS,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-11-25",
          capabilities: {},
          clientInfo: { name: "test", version: "1.0.0" },
        },
      }),
    });
    assert.equal(res.status, 200);
    const instructions: string = (await readRpcAnswer(res)).result.instructions;
    const named = OPERATIONS.filter((op) =>
      new RegExp(`(?<![A-Za-z0-9_])${op.operationId}(?![A-Za-z0-9_])`).test(instructions)
    );
    assert.ok(named.some((op) => op.operationId === "submit_listing"), instructions);
    const missing = named.filter((op) => !op.implemented).map((op) => op.operationId);
    assert.deepEqual(missing, [], "named in the instructions but answering 501");
    // Each publishing route is described, with what is not available yet said in words.
    const notYet = OPERATIONS.filter((op) =>
      !op.implemented && ["choose_free_listing", "create_checkout"].includes(op.operationId)
    );
    if (notYet.length > 0) assert.match(instructions, /[Nn]ot available yet/);
    // The free queue window of the site settings is quoted.
    assert.match(instructions, /6 to 8 weeks ahead/);
  } finally {
    f.deps.kv.close();
  }
});
