/**
 * API keys from the command line, for scripts and operations:
 *
 *   deno task keys create --email E [--scopes account:read,listings:write] [--name N]
 *   deno task keys list --email E
 *   deno task keys revoke --email E --id ID
 *
 * Opens the configured store (KV_PATH, default ./data/kv.sqlite3). `create` makes the account if
 * there is none and prints only the new key on stdout; messages go to stderr. Exit codes: 0 done,
 * 1 nothing to act on (no such account or key), 2 bad arguments.
 */
import { parseArgs } from "node:util";
import { openStore } from "../main.ts";
import { SCOPES } from "../kv/types.ts";
import {
  createApiKey,
  findAccount,
  getOrCreateAccount,
  listApiKeys,
  normalizeEmail,
  revokeApiKey,
  validateApiKeyInput,
} from "../services/access/mod.ts";
import { ApiError, loadConfig } from "../services/platform/mod.ts";

const USAGE = `Usage:
  deno task keys create --email EMAIL [--scopes ${SCOPES.join(",")}] [--name NAME]
  deno task keys list --email EMAIL
  deno task keys revoke --email EMAIL --id KEY_ID

create makes the account if needed and prints the new key (shown only once).
Default scopes: all of ${SCOPES.join(", ")}. Default name: "CLI key".`;

/** A mistake in the command line: exit code 2. */
class UsageError extends Error {}

/** Runs the command line `args`; returns the exit code. */
export async function main(args: string[]): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(args);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.name === "help") {
    console.error(USAGE);
    return 0;
  }
  const config = loadConfig();
  const kv = await openStore(config.kvPath);
  try {
    return await run(kv, command);
  } finally {
    kv.close();
  }
}

type Command =
  | { name: "help" }
  | { name: "create"; email: string; keyName: string; scopes: string[] }
  | { name: "list"; email: string }
  | { name: "revoke"; email: string; id: string };

/** Parses and checks the arguments; throws UsageError. */
function parseCommand(args: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        email: { type: "string" },
        scopes: { type: "string" },
        name: { type: "string" },
        id: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const { values, positionals } = parsed;
  if (values.help || positionals[0] === "help") return { name: "help" };
  if (positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0
        ? "Missing command: expected create, list or revoke"
        : `Unexpected arguments "${positionals.slice(1).join(" ")}"`,
    );
  }
  const command = positionals[0];
  if (!["create", "list", "revoke"].includes(command)) {
    throw new UsageError(`Unknown command "${command}": expected create, list or revoke`);
  }
  const allowed: Record<string, string[]> = {
    create: ["email", "scopes", "name"],
    list: ["email"],
    revoke: ["email", "id"],
  };
  for (const option of Object.keys(values)) {
    if (!allowed[command].includes(option)) {
      throw new UsageError(`Option --${option} does not apply to "${command}"`);
    }
  }
  if (!values.email) {
    throw new UsageError(`Missing --email: "${command}" needs the account's email`);
  }
  const email = checked(() => normalizeEmail(values.email));
  if (command === "list") return { name: "list", email };
  if (command === "revoke") {
    if (!values.id) throw new UsageError('Missing --id: the id of the key to revoke (see "list")');
    return { name: "revoke", email, id: values.id };
  }
  const scopes = values.scopes === undefined
    ? [...SCOPES]
    : values.scopes.split(",").map((s) => s.trim()).filter(Boolean);
  const key = checked(() => validateApiKeyInput({ name: values.name ?? "CLI key", scopes }));
  return { name: "create", email, keyName: key.name, scopes: key.scopes };
}

/** Runs a check that throws a 400 ApiError, turning it into a UsageError. */
function checked<T>(check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) throw new UsageError(err.message);
    throw err;
  }
}

async function run(kv: Deno.Kv, command: Exclude<Command, { name: "help" }>): Promise<number> {
  const now = new Date();
  if (command.name === "create") {
    const user = await getOrCreateAccount(kv, command.email, now);
    const { key, secret } = await createApiKey(kv, {
      userId: user.id,
      name: command.keyName,
      scopes: command.scopes,
    }, now);
    console.error(
      `Created API key "${key.name}" (id ${key.id}, ${key.prefix}…) for ${user.email} with ` +
        `scopes ${key.scopes.join(", ")}. It is shown only now; send it as ` +
        `"Authorization: Bearer <key>".`,
    );
    console.log(secret);
    return 0;
  }
  const user = await findAccount(kv, command.email);
  if (!user) {
    console.error(`No account for "${command.email}"`);
    return 1;
  }
  if (command.name === "list") {
    const keys = await listApiKeys(kv, user.id);
    console.log(
      ["id", "prefix", "name", "scopes", "created_at", "last_used_at", "revoked_at"].join("\t"),
    );
    for (const k of keys) {
      const row = [
        k.id,
        k.prefix,
        k.name,
        k.scopes.join(","),
        k.created_at,
        k.last_used_at ?? "-",
        k.revoked_at ?? "-",
      ];
      console.log(row.join("\t"));
    }
    console.error(`${keys.length} key(s) of ${user.email}`);
    return 0;
  }
  if (!await revokeApiKey(kv, user.id, command.id, now)) {
    console.error(`No API key "${command.id}" of ${user.email}`);
    return 1;
  }
  console.error(`Revoked API key "${command.id}" of ${user.email}`);
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
