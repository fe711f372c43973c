/** A page's language, for drafter and verifier alike. */
import type { EvidencePage } from "./evidence.ts";

/** Language codes a path may start with ("/nl/", "/de-de/"). */
const PATH_LANG_RE =
  /^\/(en|nl|de|fr|es|it|pt|sv|da|no|nb|fi|pl|cs|ja|zh|ko|ru|tr)(?:[-_][a-z]{2})?(?:\/|$)/i;

/** A page's language: its `<html lang>`, else a language prefix of its path, else null. */
export function pageLanguage(page: EvidencePage): string | null {
  const lang = page.facts?.lang?.split(/[-_]/)[0];
  if (lang) return lang;
  try {
    return new URL(page.url).pathname.match(PATH_LANG_RE)?.[1].toLowerCase() ?? null;
  } catch {
    return null;
  }
}
