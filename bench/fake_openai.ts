/**
 * A local OpenAI-compatible server for tests and the drafting benchmark: POST
 * /v1/chat/completions answers with the chat.completion shape, its message content being what
 * `respond` returns (an object is sent as JSON; a string is sent as is, to play a malformed
 * answer; a Response is returned untouched, to play an HTTP error).
 */

/** One request the fake received. */
export interface FakeChatRequest {
  /** Request headers, lower-case names. */
  headers: Record<string, string>;
  /** The parsed JSON body (model, messages, response_format, ...). */
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: {
      type: string;
      json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> };
    };
    [key: string]: unknown;
  };
}

/** What `respond` may answer. */
export type FakeAnswer = object | string | Response;

/** A running fake. */
export interface FakeOpenAI {
  /** Base URL for the SDK (`…/v1`). */
  baseUrl: string;
  /** Every chat request received, in order. */
  requests: FakeChatRequest[];
  close(): Promise<void>;
}

/** Starts the fake on 127.0.0.1 on a free port. */
export function startFakeOpenAI(
  respond: (request: FakeChatRequest) => FakeAnswer | Promise<FakeAnswer>,
): Promise<FakeOpenAI> {
  const requests: FakeChatRequest[] = [];
  let counter = 0;
  return new Promise((resolve) => {
    const server = Deno.serve({
      hostname: "127.0.0.1",
      port: 0,
      onListen({ port }) {
        resolve({
          baseUrl: `http://127.0.0.1:${port}/v1`,
          requests,
          close: () => server.shutdown(),
        });
      },
    }, async (req) => {
      const url = new URL(req.url);
      if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") {
        return Response.json({ error: { message: "Not found", type: "invalid_request_error" } }, {
          status: 404,
        });
      }
      let body: FakeChatRequest["body"];
      try {
        body = await req.json();
      } catch {
        return Response.json(
          { error: { message: "Invalid JSON", type: "invalid_request_error" } },
          {
            status: 400,
          },
        );
      }
      const request: FakeChatRequest = { headers: Object.fromEntries(req.headers), body };
      requests.push(request);
      let answer: FakeAnswer;
      try {
        answer = await respond(request);
      } catch (err) {
        return Response.json({ error: { message: String(err), type: "server_error" } }, {
          status: 500,
        });
      }
      if (answer instanceof Response) return answer;
      const content = typeof answer === "string" ? answer : JSON.stringify(answer);
      return Response.json({
        id: `chatcmpl-fake-${++counter}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: body.model ?? "fake",
        choices: [{
          index: 0,
          message: { role: "assistant", content, refusal: null },
          finish_reason: "stop",
          logprobs: null,
        }],
        usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      });
    });
  });
}
