/**
 * The modules a start loads: what main.ts reaches through static imports (`deno info --json`,
 * dynamic imports and type-only imports left out). The parts no first answer needs (the site
 * team's console, the founders' pages, MCP, the crawler, extractors, drafters and verifier, and
 * the large npm packages) are loaded on first use and must stay out of it.
 */
import assert from "node:assert/strict";

interface InfoDependency {
  code?: { specifier: string };
  isDynamic?: boolean;
}
interface InfoModule {
  specifier: string;
  dependencies?: InfoDependency[];
}

const ROOT = new URL("../", import.meta.url);

/** The specifiers main.ts reaches through static code imports. */
async function staticGraph(): Promise<Set<string>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "main.ts"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "null",
  }).output();
  assert(out.success, "deno info --json main.ts failed");
  const { modules } = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    modules: InfoModule[];
  };
  const bySpecifier = new Map(modules.map((m) => [m.specifier, m]));
  const reached = new Set<string>();
  const next = [new URL("main.ts", ROOT).href];
  while (next.length > 0) {
    const specifier = next.pop()!;
    if (reached.has(specifier)) continue;
    reached.add(specifier);
    for (const dep of bySpecifier.get(specifier)?.dependencies ?? []) {
      if (!dep.isDynamic && dep.code) next.push(dep.code.specifier);
    }
  }
  return reached;
}

Deno.test("a start loads neither the console, the founders' pages, MCP, drafting's heavy half nor the large packages", async () => {
  const graph = await staticGraph();
  const local = (path: string) => new URL(path, ROOT).href;
  assert(graph.has(local("routes/app.ts")), "the walk reached the app");
  assert(graph.has(local("services/drafting/mod.ts")), "the walk reached drafting's entry");
  const lazy = [
    "routes/admin/mod.ts",
    "routes/dashboard/mod.ts",
    "routes/mcp.ts",
    "services/drafting/crawler.ts",
    "services/drafting/draft_jobs.ts",
    "services/drafting/draft_edits.ts",
    "services/drafting/verifier.ts",
    "services/drafting/drafter_extractive.ts",
    "demo/mod.ts",
  ].map(local);
  assert.deepEqual(lazy.filter((m) => graph.has(m)), []);
  const packages = ["linkedom", "@modelcontextprotocol/server", "stripe", "openai", "nodemailer"];
  const loaded = [...graph].filter((m) =>
    packages.some((p) => m.startsWith(`npm:/${p}@`) || m.startsWith(`npm:${p}@`))
  );
  assert.deepEqual(loaded, []);
});
