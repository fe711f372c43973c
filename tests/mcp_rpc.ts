/** Raw JSON-RPC over HTTP for the MCP tests: the request headers and reading one answer. */

/** Headers of a JSON-RPC POST to /mcp (the client takes JSON or an SSE stream). */
export const MCP_POST_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

/** The JSON-RPC message of an answer (the last `data:` line of an SSE stream); null when empty. */
export async function readRpcAnswer(res: Response) {
  const text = await res.text();
  const data = (res.headers.get("content-type") ?? "").includes("event-stream")
    ? text.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).at(-1)
    : text;
  return data ? JSON.parse(data) : null;
}
