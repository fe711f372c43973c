/** A ready draft written straight to KV, for tests that need one without crawling a site. */
import type { Fixture } from "./fixtures.ts";
import { createDraft } from "../kv/drafts.ts";
import { emptyRecord, newDraft } from "../services/drafting/drafts.ts";
import { getOrCreateUser } from "../kv/users.ts";
import type { Draft } from "../kv/types.ts";

/** A ready draft of the fixture's owner, with a name and a category (as a finished job leaves it). */
export async function readyDraft(f: Fixture, host: string): Promise<Draft> {
  const owner = await getOrCreateUser(f.deps.kv, "ada@invoicely.example", "Ada", f.deps.now());
  const draft = newDraft(owner.id, `https://${host}/`, f.deps.now());
  draft.status = "ready";
  const value = (v: unknown) => ({ ...emptyRecord(), value: v, state: "manual" as const });
  draft.fields.name = value("Racer");
  draft.fields.tagline = value("First tagline");
  draft.fields.categories = value(["Invoicing"]);
  await createDraft(f.deps.kv, draft);
  return draft;
}
