import assert from "node:assert/strict";
import { parseOptions, savedSince } from "../bench/bench.ts";
import { SNAPSHOT_FORMAT } from "../services/directory/search/snapshot.ts";
import { checkTargets, sizeReport, type SizeResult } from "../bench/report.ts";
import { bareApp, loadAnswers, pathOf } from "../bench/bare.ts";
import { ensureDataSet } from "../bench/generate.ts";
import { categorySlugs, collectAnswers, scenarios } from "../bench/scenarios.ts";
import type { LoadFigures } from "../bench/load.ts";
import { startTaskEnv } from "../bench/server.ts";

Deno.test("parseOptions: defaults, --large, --sizes, and a clear error for a bad option", () => {
  assert.deepEqual(parseOptions([]), {
    sizes: [100_000],
    duration: 5,
    kvDir: "data/bench",
    inProcess: true,
  });
  assert.deepEqual(parseOptions(["--large"]).sizes, [100_000, 1_000_000]);
  assert.deepEqual(parseOptions(["--sizes", "1_000_000", "--large"]).sizes, [1_000_000]);
  assert.equal(parseOptions(["--kv-dir", "/work/benchdata"]).kvDir, "/work/benchdata");
  assert.throws(() => parseOptions(["--sizes", "10,x"]), /Invalid --sizes/);
  assert.throws(() => parseOptions(["--duration", "0"]), /Invalid --duration/);
  assert.throws(() => parseOptions(["--duration"]), /needs a value/);
  assert.throws(() => parseOptions(["--fast"]), /Unknown option "--fast"/);
});

const load = (rps: number, p95 = 1): LoadFigures => ({
  tool: "wrk",
  rps,
  p50: p95 / 2,
  p95,
  p99: p95 * 2,
  non_ok: 0,
  socket_errors: 0,
});

function result(size: number, serviceRps: number, searchP95: number): SizeResult {
  return {
    size,
    tool: "wrk",
    index: null,
    first: { first_200_ms: 400, search_ready_ms: 5000 },
    second: { first_200_ms: 300, search_ready_ms: 1200 },
    rss_mb: 2100,
    typo: { rates: { heldout: { hits: 18, total: 20 }, dev: { hits: 17, total: 20 } }, misses: [] },
    agreement: { profile_ms: 120, search_ms: null, failed_writes: [] },
    loadavg: [0.5, 0.4, 0.3],
    runs: [
      { scenario: "get_listing", connections: 16, service: load(serviceRps), bare: load(10_000) },
      { scenario: "search ?domain=", connections: 16, service: load(6_000), bare: load(10_000) },
      { scenario: "typo search", connections: 16, service: load(2_500), bare: load(10_000) },
      { scenario: "typo search", connections: 1, service: load(900, searchP95), bare: load(3_000) },
    ],
  };
}

Deno.test("checkTargets: 100,000 listings: ratio, domain, ready on the second start, search", () => {
  const checks = new Map(checkTargets(result(100_000, 7_000, 4.9)).map((c) => [c.target, c]));
  assert.equal(checks.get("get_listing >= 0.70x bare (16 conn)")?.ok, true);
  assert.equal(checks.get("get_listing >= 0.70x bare (16 conn)")?.value, "0.70");
  assert.equal(checks.get("?domain= as fast as get_listing (>= 0.9x, 16 conn)")?.ok, false);
  assert.equal(checks.get("search ready <= 1500 ms (second start)")?.ok, true);
  assert.equal(checks.get("search p95 < 5 ms (1 conn)")?.ok, true);
  assert.equal(checks.get("typo set heldout: >= 18/20 ranked first")?.ok, true);
  assert.equal(checks.get("typo set dev: >= 18/20 ranked first")?.ok, false);
  assert.equal(checks.has("RSS < 2048 MB (start from the snapshot)"), false);
  assert.equal(checks.get("instances agree within 1000 ms")?.ok, false);
  assert.equal(checks.get("instances agree within 1000 ms")?.value, "-");
  const slow = new Map(checkTargets(result(100_000, 6_999, 5)).map((c) => [c.target, c.ok]));
  assert.equal(slow.get("get_listing >= 0.70x bare (16 conn)"), false);
  assert.equal(slow.get("search p95 < 5 ms (1 conn)"), false);
});

Deno.test("checkTargets: 1,000,000 listings: p95 under 20 ms, RSS, first answer", () => {
  const checks = new Map(checkTargets(result(1_000_000, 7_000, 19)).map((c) => [c.target, c.ok]));
  assert.equal(checks.get("search p95 < 20 ms (1 conn)"), true);
  assert.equal(checks.get("RSS < 2048 MB (start from the snapshot)"), false);
  assert.equal(checks.get("start to first answer < 1000 ms"), true);
  // Judged on the start from the snapshot when it was measured.
  const fromSnapshot = { ...result(1_000_000, 7_000, 19), rss_second_mb: 1_300 };
  const rss = checkTargets(fromSnapshot).find((c) => c.target.startsWith("RSS"));
  assert.equal(rss?.ok, true);
  assert.equal(rss?.value, "1300");
  assert.equal(checks.has("search ready <= 1500 ms (second start)"), false);
});

Deno.test("bare handler: answers each path with its query from the map, 404 otherwise", async () => {
  const app = bareApp(loadAnswers(JSON.stringify({
    "/api/v1/listings/kanbanza": `{"slug":"kanbanza"}`,
    "/api/v1/listings?domain=a.example": `{"items":[]}`,
  })));
  assert.equal(pathOf("http://127.0.0.1:80/x?y=1"), "/x?y=1");
  const one = await app.request("http://h/api/v1/listings/kanbanza");
  assert.equal(one.status, 200);
  assert.equal(one.headers.get("content-type"), "application/json");
  assert.equal(await one.text(), `{"slug":"kanbanza"}`);
  assert.equal(
    await (await app.request("http://h/api/v1/listings?domain=a.example")).text(),
    `{"items":[]}`,
  );
  assert.equal((await app.request("http://h/api/v1/listings?domain=b.example")).status, 404);
});

Deno.test("ensureDataSet: generates with the typo products, reuses only a complete set", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const { path, corpus } = await ensureDataSet(dir, 60);
    assert.equal(corpus.typoProbes.length, 40);
    assert.equal(new Set(corpus.typoProbes.map((p) => p.id)).size, 40);
    assert.equal(corpus.slugs.length, 2_000);
    assert.ok(corpus.domains.every((d) => d.endsWith(".example")));
    const kv = await Deno.openKv(path);
    const { getListing } = await import("../kv/listings.ts");
    const product = await getListing(kv, corpus.typoProbes[0].id);
    kv.close();
    assert.equal(product?.slug, corpus.typoProbes[0].slug);
    const list = scenarios(corpus, ["invoicing", "billing"]);
    assert.deepEqual(list.map((s) => s.name), [
      "get_listing",
      "search ?domain=",
      "typo search",
      "categories",
      "get_category",
    ]);
    assert.deepEqual(list[4].paths, ["/api/v1/categories/invoicing", "/api/v1/categories/billing"]);

    const written = (await Deno.stat(path)).mtime?.getTime();
    assert.deepEqual((await ensureDataSet(dir, 60)).corpus, corpus);
    assert.equal((await Deno.stat(path)).mtime?.getTime(), written);
    // No corpus file: the KV file is incomplete and is generated again.
    await Deno.remove(`${dir}/corpus_60.json`);
    assert.deepEqual((await ensureDataSet(dir, 60)).corpus.typoProbes, corpus.typoProbes);
    assert.ok(await Deno.stat(`${dir}/corpus_60.json`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the report names the development sets' typo misses, never the held-out set's", () => {
  const r = result(100_000, 7_000, 1);
  r.typo.misses = ["heldout:Secretname", "dev:Kuro"];
  const text = sizeReport(r);
  assert.match(text, /dev missed: dev:Kuro/);
  assert.doesNotMatch(text, /Secretname/);
  assert.match(text, /heldout 18\/20/);
});

Deno.test("startTaskEnv: the service's runtime settings come from deno.json's start task", () => {
  const config = (start: string) => JSON.stringify({ tasks: { start } });
  assert.deepEqual(startTaskEnv(config("deno task build && A=1 B=x:y=2 deno run -A main.ts")), {
    A: "1",
    B: "x:y=2",
  });
  assert.deepEqual(startTaskEnv(config("deno run -A main.ts")), {});
  assert.throws(() => startTaskEnv(config("nice deno run -A main.ts")), /"nice" is not NAME=value/);
  assert.throws(() => startTaskEnv(JSON.stringify({ tasks: {} })), /no start task/);
  // The project's own start task: the malloc settings that halve a start's first touches of memory.
  assert.match(startTaskEnv().GLIBC_TUNABLES, /glibc\.malloc\.hugetlb=1/);
});

Deno.test("categorySlugs: every category of the tree the service serves, parents first", async () => {
  const { buildFixture } = await import("./fixtures.ts");
  const { listCategoryRecords } = await import("../kv/categories.ts");
  const fixture = await buildFixture();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    fixture.app.fetch,
  );
  try {
    const base = `http://127.0.0.1:${server.addr.port}`;
    const slugs = await categorySlugs(base);
    const records = await listCategoryRecords(fixture.deps.kv);
    assert.deepEqual([...slugs].sort(), records.map((c) => c.slug).sort());
    const parents = new Map(records.map((c) => [c.slug, c.parent]));
    slugs.forEach((slug, k) => {
      const parent = parents.get(slug);
      if (parent) assert.ok(slugs.indexOf(parent) < k, `${parent} before ${slug}`);
    });
    const list = scenarios({
      slugs: [],
      domains: [],
      queries: [],
      nameQueries: [],
      typoProbes: [],
      size: 0,
    }, slugs);
    const answers = await collectAnswers(base, list.filter((s) => s.name === "get_category"));
    assert.equal(Object.keys(answers).length, slugs.length);
    assert.equal(JSON.parse(answers["/api/v1/categories/invoicing"]).slug, "invoicing");
  } finally {
    await server.shutdown();
  }
});

Deno.test("savedSince: only a snapshot of this format made after the start counts", () => {
  const since = new Date("2026-11-25T16:32:00Z");
  const head = {
    id: "s",
    format: SNAPSHOT_FORMAT,
    created_at: "2026-11-25T16:32:09Z",
    cursor_ms: 0,
    chunks: 1,
    bytes: 1,
    listings: 1,
  };
  assert.equal(savedSince(head, since), true);
  assert.equal(savedSince(null, since), false);
  // A data set's old snapshot: another format, or made before this start.
  assert.equal(savedSince({ ...head, format: SNAPSHOT_FORMAT - 2 }, since), false);
  assert.equal(savedSince({ ...head, created_at: "2026-11-25T02:30:37Z" }, since), false);
});
