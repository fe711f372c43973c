import assert from "node:assert/strict";
import {
  joinSlices,
  type LoadFigures,
  parseWrkOutput,
  percentile,
  WRK_SCRIPT,
} from "../bench/load.ts";

const WRK_STDOUT = `Running 5s test @ http://127.0.0.1:4000
  1 threads and 16 connections
  Latency Distribution
     50%  210.00us
Requests/sec:  70012.34
WRK_JSON {"requests":350000,"duration_us":5000000,"p50_us":210.0,"p95_us":480.5,"p99_us":1200.0,"status":3,"connect":0,"read":2,"write":1,"timeout":4}
`;

Deno.test("parseWrkOutput: reads the script's JSON line into req/s and ms", () => {
  assert.deepEqual(parseWrkOutput(WRK_STDOUT), {
    tool: "wrk",
    rps: 70_000,
    p50: 0.21,
    p95: 0.4805,
    p99: 1.2,
    non_ok: 3,
    socket_errors: 7,
  });
});

Deno.test("parseWrkOutput: no figures line, a missing field or no duration is an error", () => {
  assert.throws(() => parseWrkOutput("Requests/sec: 100\n"), /printed no figures/);
  assert.throws(
    () => parseWrkOutput(WRK_STDOUT.replace(`"timeout":4`, `"timeout":null`)),
    /lack "timeout"/,
  );
  assert.throws(
    () => parseWrkOutput(WRK_STDOUT.replace(`"duration_us":5000000`, `"duration_us":0`)),
    /no time/,
  );
});

Deno.test("WRK_SCRIPT: prints every field parseWrkOutput needs, rotating the visitor", () => {
  for (const field of ["requests", "duration_us", "p50_us", "p95_us", "p99_us", "status"]) {
    assert.ok(WRK_SCRIPT.includes(`"${field}":`), field);
  }
  assert.match(WRK_SCRIPT, /X-Forwarded-For/);
  assert.match(WRK_SCRIPT, /latency:percentile\(99\)/);
});

Deno.test("percentile: nearest rank below, NaN when empty", () => {
  const sorted = Array.from({ length: 101 }, (_, k) => k);
  assert.equal(percentile(sorted, 0.5), 50);
  assert.equal(percentile(sorted, 0.95), 95);
  assert.ok(Number.isNaN(percentile([], 0.5)));
});

Deno.test("joinSlices: mean throughput, median percentiles, all errors; none is an error", () => {
  const slice = (rps: number, p95: number, errors: number): LoadFigures => ({
    tool: "wrk",
    rps,
    p50: p95 / 2,
    p95,
    p99: p95 * 2,
    non_ok: errors,
    socket_errors: 1,
  });
  assert.deepEqual(joinSlices([slice(30_000, 1, 0), slice(10_000, 9, 2), slice(20_000, 3, 1)]), {
    tool: "wrk",
    rps: 20_000,
    p50: 1.5,
    p95: 3,
    p99: 6,
    non_ok: 3,
    socket_errors: 3,
  });
  assert.throws(() => joinSlices([]), /No load slices/);
});
