#!/usr/bin/env bash
# The official MCP conformance suite against a fresh instance of the service: the server scenarios
# that need none of the suite's fixture tools, plus the authorization-server scenarios (metadata,
# and the authorization code grant driven end to end by .ci/conformance_oauth.ts: dynamic
# registration, sign-in through the development mailbox, the consent page answered by form posts).
# Checks listed in .ci/conformance-expected-failures.yml may fail; any other failure or warning,
# or a listed check that passes, makes this script exit non-zero. Run: deno task conformance.
set -uo pipefail
cd "$(dirname "$0")/.."

PORT="${CONFORMANCE_PORT:-8123}"
CALLBACK_PORT="${CONFORMANCE_CALLBACK_PORT:-8124}"
ORIGIN="http://localhost:$PORT"
SUITE="npm:@modelcontextprotocol/conformance@0.2.0-alpha.12" # needs Node >= 22: run through Deno
BASELINE=".ci/conformance-expected-failures.yml"
SCENARIOS=(
  server-initialize
  ping
  tools-list
  resources-list
  prompts-list
  server-stateless
  dns-rebinding-protection
  http-header-validation
  caching
  sep-2164-resource-not-found
  server-sse-multiple-streams
  input-required-result-unsupported-methods
  input-required-result-validate-input
  input-required-result-ignore-extra-params
  input-required-result-missing-input-response
)

SERVER_LOG="$(mktemp)"
# The suite makes hundreds of anonymous calls a minute from one address: lift the rate limit.
PORT="$PORT" PUBLIC_URL="$ORIGIN" KV_PATH=:memory: RATE_LIMIT_ANONYMOUS_PER_MINUTE=100000 \
  deno run -A main.ts >"$SERVER_LOG" 2>&1 &
server=$!
stop_server() {
  kill "$server" 2>/dev/null
  wait "$server" 2>/dev/null
  rm -f "$SERVER_LOG"
}
trap stop_server EXIT

if ! deno eval --no-config "
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch('$ORIGIN/api/v1/site');
      await res.body?.cancel();
      if (res.ok) Deno.exit(0);
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  Deno.exit(1);
"; then
  echo "conformance: the service did not answer on $ORIGIN within 60 s" >&2
  cat "$SERVER_LOG" >&2
  exit 1
fi

passed=0
failed=()
for scenario in "${SCENARIOS[@]}"; do
  echo "=== conformance server --scenario $scenario"
  if deno run -A --no-config "$SUITE" server --url "$ORIGIN/mcp" --scenario "$scenario" \
    --expected-failures "$BASELINE"; then
    passed=$((passed + 1))
  else
    failed+=("$scenario")
  fi
done
echo "=== conformance authorization: authorization-server-metadata-endpoint, authorization-code-grant"
if deno run -A --no-config .ci/conformance_oauth.ts "$ORIGIN" "$SUITE" "$CALLBACK_PORT"; then
  passed=$((passed + 2))
else
  failed+=("authorization-server-metadata-endpoint/authorization-code-grant")
fi

echo "conformance: ${passed} scenarios passed, ${#failed[@]} failed${failed:+ (${failed[*]})}"
[ "${#failed[@]}" -eq 0 ]
