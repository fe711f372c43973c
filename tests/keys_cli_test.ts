/** `deno task keys`: run as a subprocess on a store in a temporary folder. */
import assert from "node:assert/strict";
import { listApiKeys, verifyApiKey } from "../services/access/api_keys.ts";
import { getUserByEmail } from "../kv/users.ts";

const ROOT = new URL("..", import.meta.url);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function keys(kvPath: string, ...args: string[]): Promise<Run> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "keys", ...args],
    cwd: ROOT,
    env: { KV_PATH: kvPath, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
}

/** Opens the store, runs `fn`, closes it again (so that the next subprocess has it alone). */
async function withStore<T>(path: string, fn: (kv: Deno.Kv) => Promise<T>): Promise<T> {
  const kv = await Deno.openKv(path);
  try {
    return await fn(kv);
  } finally {
    kv.close();
  }
}

Deno.test("deno task keys", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "keys_cli_" });
  // A folder that does not exist yet: the task creates it.
  const kvPath = `${dir}/store/kv.sqlite3`;
  let secret = "";

  await t.step("create makes the account and prints only the key", async () => {
    const run = await keys(
      kvPath,
      "create",
      "--email",
      "Ops@Example.com",
      "--scopes",
      "account:read,listings:write",
      "--name",
      "Deploy bot",
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^ld_[A-Za-z0-9_-]{40}\n$/);
    secret = run.stdout.trim();
    assert.match(run.stderr, /Created API key "Deploy bot"/);
    assert.ok(!run.stderr.includes(secret), "the key is echoed on stderr");
    await withStore(kvPath, async (kv) => {
      const key = await verifyApiKey(kv, secret, new Date());
      assert.ok(key, "the printed key does not verify");
      assert.deepEqual(key.scopes, ["account:read", "listings:write"]);
      assert.equal(key.name, "Deploy bot");
      const user = await getUserByEmail(kv, "ops@example.com");
      assert.equal(user?.id, key.user_id);
    });
  });

  await t.step("defaults: all three scopes, named CLI key, same account", async () => {
    const run = await keys(kvPath, "create", "--email", "ops@example.com");
    assert.equal(run.code, 0, run.stderr);
    await withStore(kvPath, async (kv) => {
      const key = await verifyApiKey(kv, run.stdout.trim(), new Date());
      assert.deepEqual(key?.scopes, ["account:read", "listings:write", "orders:write"]);
      assert.equal(key?.name, "CLI key");
      const user = await getUserByEmail(kv, "ops@example.com");
      assert.equal((await listApiKeys(kv, user!.id)).length, 2);
    });
  });

  await t.step("list and revoke", async () => {
    const list = await keys(kvPath, "list", "--email", "ops@example.com");
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /Deploy bot/);
    assert.ok(list.stdout.includes(secret.slice(0, 9)));
    assert.ok(!list.stdout.includes(secret));
    const id = await withStore(
      kvPath,
      async (kv) => (await verifyApiKey(kv, secret, new Date()))!.id,
    );
    const revoke = await keys(kvPath, "revoke", "--email", "ops@example.com", "--id", id);
    assert.equal(revoke.code, 0, revoke.stderr);
    await withStore(kvPath, async (kv) => {
      assert.equal(await verifyApiKey(kv, secret, new Date()), null);
    });
    const again = await keys(kvPath, "revoke", "--email", "someone@example.com", "--id", id);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /No account for "someone@example.com"/);
  });

  await t.step("bad arguments: a message and exit code 2", async () => {
    const cases: [string[], RegExp][] = [
      [[], /Missing command/],
      [["frobnicate"], /Unknown command "frobnicate"/],
      [["create"], /Missing --email/],
      [["create", "--email", "not-an-email"], /Invalid email/],
      [["create", "--email", "a@example.com", "--scopes", "admin"], /Unknown scope "admin"/],
      [["create", "--email", "a@example.com", "--scopes", ","], /Choose at least one/],
      [["create", "--email", "a@example.com", "--name", ""], /Give the key a name/],
      [["create", "--email", "a@example.com", "--bogus"], /bogus/],
      [["revoke", "--email", "a@example.com"], /Missing --id/],
      [["list", "--email", "a@example.com", "--id", "x"], /--id does not apply to "list"/],
    ];
    for (const [args, message] of cases) {
      const run = await keys(kvPath, ...args);
      assert.equal(run.code, 2, `${args.join(" ")}: ${run.stderr}`);
      assert.match(run.stderr, message);
      assert.match(run.stderr, /Usage:/);
      assert.equal(run.stdout, "");
    }
    // Nothing was created by the refused commands.
    await withStore(kvPath, async (kv) => {
      assert.equal(await getUserByEmail(kv, "a@example.com"), null);
    });
  });

  await Deno.remove(dir, { recursive: true });
});
