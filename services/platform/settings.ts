/** Site settings, with the defaults for a store that was never seeded. */
import { getSiteSettingsRecord } from "../../kv/catalog.ts";
import type { SiteSettings } from "../../kv/types.ts";
import { DEFAULT_SETTINGS } from "./reference.ts";

/** The current site settings. */
export async function getSettings(kv: Deno.Kv): Promise<SiteSettings> {
  return { ...DEFAULT_SETTINGS, ...(await getSiteSettingsRecord(kv)) };
}
