/**
 * App data the crawler read from a page's same-site resources, re-read by the benchmark from the
 * files as served (not by the crawler's code): a locator `/content.json:path` names a JSON file,
 * `/assets/app.js#NAME:path` the first object literal a script assigns to NAME that reads as
 * data (found by brace matching, then read like `window.X = {...}`).
 */
import { relaxed } from "./quotes.ts";

/** The resource's name a locator names when it is a same-site path, else null. */
export function resourceOf(locator: string | undefined): string | null {
  const colon = (locator ?? "").indexOf(":");
  const name = colon > 0 ? locator!.slice(0, colon) : "";
  return name.startsWith("/") ? name : null;
}

/** The data a resource name stands for, read from the served file; null when there is none. */
export async function readResourceApp(
  name: string,
  pageUrl: string,
  load: (url: string) => Promise<string | null>,
): Promise<unknown> {
  const [path, literal] = name.split("#");
  const body = await load(new URL(path.replaceAll("%3A", ":"), pageUrl).href);
  if (body === null) return null;
  if (literal === undefined) return parse(body);
  const escaped = literal.replace(/\$/g, "\\$");
  for (const m of body.matchAll(new RegExp(`(?:^|[^\\w$.])${escaped}\\s*=\\s*\\{`, "g"))) {
    const start = m.index! + m[0].length - 1;
    const end = closingBrace(body, start);
    const value = end > 0 ? parse(relaxed(body.slice(start, end + 1))) : null;
    if (value !== null) return value;
  }
  return null;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Where the brace opened at `start` closes (strings and comments skipped), or -1. */
function closingBrace(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "`") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === "\\") i++;
    } else if (c === "/" && text[i + 1] === "/") {
      i = text.indexOf("\n", i);
      if (i < 0) return -1;
    } else if (c === "/" && text[i + 1] === "*") {
      i = text.indexOf("*/", i);
      if (i < 0) return -1;
    } else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return -1;
}
