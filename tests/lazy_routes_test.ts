/** Route groups loaded on first request (routes/lazy_routes.ts) answer as `app.route` would. */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { lazyRoutes } from "../routes/lazy_routes.ts";
import type { Deps } from "../services/platform/mod.ts";

type GroupEnv = { Variables: { who: string } };

/** An outer app like routes/app.ts, with a lazily loaded group on /g and /g/*, then a page route. */
function outerApp(mount: "lazy" | "route" = "lazy") {
  const loads: string[] = [];
  const groupMiddleware: string[] = [];
  const group = (deps: Deps) => {
    loads.push(String(deps.config));
    const g = new Hono<GroupEnv>();
    g.use("/g/*", async (c, next) => {
      groupMiddleware.push(c.req.path);
      await next();
      c.header("Cache-Control", "no-store");
    });
    g.get("/g/who", (c) => c.text(`hello ${c.get("who")}`));
    g.post("/g/form", async (c) => c.json(await c.req.parseBody()));
    g.get("/g/boom", () => {
      throw new Error("boom");
    });
    g.get("/g/hidden", (c) => c.notFound());
    g.get("/g/env", (c) => c.text(String((c.env as { remote?: string } | undefined)?.remote)));
    return g;
  };
  const app = new Hono<GroupEnv>();
  app.use("*", async (c, next) => {
    c.set("who", "ada");
    await next();
  });
  app.use("*", bodyLimit({ maxSize: 1000 }));
  const lazy = lazyRoutes({ config: "deps" } as unknown as Deps, () => {
    loads.push("import");
    return Promise.resolve(group);
  });
  if (mount === "route") app.route("/", group({ config: "deps" } as unknown as Deps));
  else {
    app.use("/g", lazy);
    app.use("/g/*", lazy);
  }
  app.get("/g/:page", (c) => c.text(`page ${c.req.param("page")}`));
  app.notFound((c) => c.text("outer not found", 404));
  app.onError((err, c) => c.text(`outer error: ${err.message}`, 500));
  return { app, loads, groupMiddleware };
}

Deno.test("lazy route groups", async (t) => {
  await t.step("the group is loaded on its first request, once", async () => {
    const { app, loads } = outerApp();
    assert.deepEqual(loads, []);
    assert.equal(await (await app.request("/elsewhere")).text(), "outer not found");
    assert.deepEqual(loads, [], "another path does not load it");
    const res = await app.request("/g/who");
    assert.equal(await res.text(), "hello ada", "the outer context's variables reach the group");
    await app.request("/g/who");
    assert.deepEqual(loads, ["import", "deps"], "imported and built once");
  });

  await t.step("a request matching two mounted paths is handed over once", async () => {
    const { app, groupMiddleware } = outerApp();
    await app.request("/g/who");
    assert.deepEqual(groupMiddleware, ["/g/who"]);
  });

  await t.step(
    "a path without a route of the group goes on, with the group's headers",
    async () => {
      const { app } = outerApp();
      const res = await app.request("/g/other");
      assert.equal(await res.text(), "page other");
      assert.equal(res.headers.get("Cache-Control"), "no-store");
      const post = await app.request("/g/who", { method: "POST" });
      assert.equal(post.status, 404);
      assert.equal(await post.text(), "outer not found");
    },
  );

  await t.step("c.notFound() in the group is the outer app's not-found answer", async () => {
    const { app } = outerApp();
    const res = await app.request("/g/hidden");
    assert.equal(res.status, 404);
    assert.equal(await res.text(), "outer not found", "not the later /g/:page route");
  });

  await t.step("errors reach the outer onError", async () => {
    const { app } = outerApp();
    const res = await app.request("/g/boom");
    assert.equal(res.status, 500);
    assert.equal(await res.text(), "outer error: boom");
  });

  await t.step("the body, limited outside, is read inside; env is handed on", async () => {
    const { app } = outerApp();
    const form = await app.request("/g/form", { method: "POST", body: new URLSearchParams("a=1") });
    assert.deepEqual(await form.json(), { a: "1" });
    // An oversized body fails inside the group exactly as it does in a group mounted at start.
    const oversized = async (mount: "lazy" | "route") => {
      const res = await outerApp(mount).app.request("/g/form", {
        method: "POST",
        body: new URLSearchParams(`a=${"x".repeat(2000)}`),
      });
      return `${res.status} ${await res.text()}`;
    };
    assert.equal(await oversized("lazy"), await oversized("route"));
    const env = await app.request("/g/env", {}, { remote: "127.0.0.1" });
    assert.equal(await env.text(), "127.0.0.1");
  });

  await t.step("a failed load is tried again by the next request", async () => {
    let attempts = 0;
    const app = new Hono();
    app.use(
      "/x",
      lazyRoutes({} as Deps, async () => {
        await Promise.resolve();
        attempts++;
        if (attempts === 1) throw new Error("not yet");
        return (_deps: Deps) => {
          const group = new Hono();
          group.get("/x", (c) => c.text("x"));
          return group;
        };
      }),
    );
    app.onError((err, c) => c.text(err.message, 500));
    assert.equal(await (await app.request("/x")).text(), "not yet");
    assert.equal(await (await app.request("/x")).text(), "x");
    assert.equal(attempts, 2);
  });
});
