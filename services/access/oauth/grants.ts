/** The grants a person has made (the apps page): listed and revoked. */
import * as store from "../../../kv/oauth.ts";
import type { Scope } from "../../../kv/types.ts";
import type { Deps } from "../../platform/deps.ts";
import { notFound } from "../../platform/errors.ts";
import { isMetadataDocumentId } from "./clients.ts";
import { REVOKED_FAMILY_KEEP_MS } from "./tokens.ts";

/** An app a person has allowed, as the apps page lists it. */
export interface AuthorizedApp {
  familyId: string;
  clientId: string;
  clientName: string;
  /** Metadata-document clients: the host of their client_id URL. */
  clientHost: string | null;
  scopes: Scope[];
  resource: string;
  allowedAt: string;
  lastUsedAt: string;
}

/** The apps a person has allowed (grants not revoked nor expired), newest first. */
export async function listAuthorizedApps(deps: Deps, userId: string): Promise<AuthorizedApp[]> {
  const now = deps.now().toISOString();
  const families = (await store.listFamiliesByUser(deps.kv, userId))
    .filter((f) => f.expires_at > now);
  const apps: AuthorizedApp[] = [];
  for (const family of families) {
    const client = await store.getClient(deps.kv, family.client_id);
    const host = isMetadataDocumentId(family.client_id) ? new URL(family.client_id).host : null;
    apps.push({
      familyId: family.id,
      clientId: family.client_id,
      clientName: client?.client_name || host || "Unnamed app",
      clientHost: host,
      scopes: family.scopes,
      resource: family.resource,
      allowedAt: family.created_at,
      lastUsedAt: family.last_used_at,
    });
  }
  return apps;
}

/** Revokes one of a person's grants and all its tokens; 404 when it is not theirs. */
export async function revokeAuthorizedApp(
  deps: Deps,
  userId: string,
  familyId: string,
): Promise<void> {
  const family = (await store.getFamilyEntry(deps.kv, familyId)).value;
  if (!family || family.user_id !== userId || family.revoked_at) throw notFound("app", familyId);
  await store.revokeFamily(deps.kv, familyId, deps.now().toISOString(), REVOKED_FAMILY_KEEP_MS);
}
