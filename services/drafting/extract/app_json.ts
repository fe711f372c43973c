/**
 * Content that client-rendered apps carry in JSON instead of HTML: `<script id="__NEXT_DATA__">`,
 * other `<script type="application/json">` blocks, and `window.__INITIAL_STATE__ = {...}` /
 * `window.__NUXT__ = {...}` assignments whose value is JSON or a data-only object literal. Each
 * string that reads as text for people becomes a fact with its path
 * (`__NEXT_DATA__:props.pageProps.tagline`); keys that hold code, ids, URLs, hashes, build data,
 * navigation or button labels are skipped, and the count and size are capped.
 *
 * A string's "parent" is its path without the last key: the direct strings of one object (a
 * card: a person's name and role, a plan's name and price) are shown together by the app, and
 * the verifier accepts a quote of them joined with a space under the object's path (see
 * `appValues` in verifier/sources.ts).
 */
import { normalizeWhitespace } from "../evidence.ts";
import { isPersonalProfile } from "./profiles.ts";
import { socialPlatform } from "./links.ts";

/** One string of a page's app JSON: where it is (`source:path`) and its text. */
export interface AppString {
  path: string;
  text: string;
}

export const MAX_APP_STRINGS = 400;
const MAX_APP_CHARS = 40_000;
const MAX_STRING_CHARS = 1_500;
const MAX_DEPTH = 14;

/** Keys whose values (whatever their shape) are build, routing or styling data. */
const BUILD_KEY_RE =
  /^(?:query|runtimeConfig|scriptLoader|dynamicIds|chunks?|webpack\w*|env|config|styles?|theme|locales|gssp|gsp|gip|appGip|assetPrefix|buildId|__\w*)$/i;
/** Keys whose strings are code, identifiers, addresses or build data, never text for people. */
const SKIPPED_KEY_RE =
  /^(?:_?_?typename|@?id|_id|\w*Id|ids?|uuid|guid|key|keys|slug|href|url|urls|uri|src|srcset|image|images|img|icon|icons|avatar|logo|path|pathname|route|as|type|kind|variant|component|template|layout|class(?:Name)?|style|styles|css|color|theme|locale|locales|lang|language|buildId|build|hash|checksum|etag|token|nonce|csrf\w*|sig|signature|query|page|assetPrefix|runtimeConfig|isFallback|gssp|gsp|gip|appGip|scriptLoader|dynamicIds|chunks?|webpack\w*|version|env|config|mimeType|format|width|height|createdAt|updatedAt|timestamp)$/i;

/** Strings that are code, identifiers, addresses or hashes rather than text. */
function codeLike(text: string): boolean {
  if (!/[\p{L}\p{N}]/u.test(text)) return true;
  if (/^(?:https?:|mailto:|data:|\/|\.\.?\/|#)/i.test(text)) return true;
  if (/^[\w.+-]+@[\w-]+\.[\w.]+$/.test(text)) return false;
  if (/[{};<>]|=>|\bfunction\b|\(\)|\$\{|&&|\|\|/.test(text)) return true;
  // One token in lower or snake/kebab/camel case ("features", "hero_v2", "pageProps"): an identifier.
  if (/^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*$/.test(text) || /^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(text)) {
    return true;
  }
  // Hashes, build ids, base64 and long tokens without spaces.
  if (/^[0-9a-f]{8,}$/i.test(text) || (!/\s/.test(text) && text.length > 40)) return true;
  return /^[A-Z0-9_]{3,}$/.test(text) && /_/.test(text);
}

/** A string kept as text for people, normalised, or "" (code, ids, addresses, too long). */
function readable(v: unknown): string {
  if (typeof v !== "string") return "";
  const text = normalizeWhitespace(v);
  return !text || text.length > MAX_STRING_CHARS || codeLike(text) ? "" : text;
}

/**
 * Keys of the app's chrome: navigation, link lists (a footer's "Changelog", "Status") and button
 * labels ("Start free", "Book a demo") are what the page lets one do, not what it states, as
 * links and buttons are in HTML.
 */
const CHROME_KEY_RE =
  /^(?:nav|navigation|menus?|breadcrumbs?|links|\w*Links|cta|ctas|\w*(?:Cta|CTA)|buttons?|\w*Button(?:Text|Label)?|buttonText|buttonLabel|secondaryCta)$/;

/** Whether the value under a key may hold text: strings only under keys that are not code's. */
function textKey(k: string, v: unknown): boolean {
  if (BUILD_KEY_RE.test(k) || CHROME_KEY_RE.test(k)) return false;
  return (v !== null && typeof v === "object") || !SKIPPED_KEY_RE.test(k);
}

/** The readable strings of one parsed JSON value, with their paths under `prefix`. */
export function appStrings(value: unknown, prefix: string): AppString[] {
  const out: AppString[] = [];
  let chars = 0;
  const walk = (v: unknown, path: string[], depth: number) => {
    if (depth > MAX_DEPTH || out.length >= MAX_APP_STRINGS || chars >= MAX_APP_CHARS) return;
    if (typeof v === "string") {
      const text = readable(v);
      if (!text) return;
      out.push({ path: `${prefix}:${path.join(".")}`, text });
      chars += text.length;
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, [...path, String(i)], depth + 1));
    } else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        const one = LOCALES_KEY_RE.test(k) ? firstLocale(x) : null;
        if (one) walk(one[1], [...path, k, one[0]], depth + 2);
        else if (textKey(k, x)) walk(x, [...path, k], depth + 1);
      }
    }
  };
  walk(value, [], 0);
  return out;
}

const LOCALES_KEY_RE = /^(?:locales|translations|i18n)$/i;
const LOCALE_CODE_RE = /^[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?$/;

/**
 * A CMS export's content by locale (`locales: {en: {...}, de: {...}}`): only the first locale is
 * read, as a page shows one language; null when the keys are not all locale codes.
 */
function firstLocale(v: unknown): [string, unknown] | null {
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  const entries = Object.entries(v);
  const all = entries.length > 0 &&
    entries.every(([k, x]) => LOCALE_CODE_RE.test(k) && x !== null && typeof x === "object");
  return all ? entries[0] : null;
}

/** A person's profile link an app JSON object carries, with the object's strings as context. */
export interface AppProfileLink {
  url: string;
  platform: string;
  context: string;
  /** Where the URL string is: `source:path`, the locator of a quote of the link itself. */
  locator: string;
}

/**
 * Profile links (LinkedIn /in/, X, GitHub, ...) of the app JSON's objects, directly or in a child
 * object (`links: {linkedin: ...}`), with the object's own strings joined by a space: the card
 * the app shows around the link, as the verifier's app sources join it.
 */
export function appProfileLinks(value: unknown, prefix: string): AppProfileLink[] {
  const out: AppProfileLink[] = [];
  const walk = (v: unknown, path: string[], depth: number) => {
    if (depth > MAX_DEPTH || out.length >= 50 || !v || typeof v !== "object") return;
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, [...path, String(i)], depth + 1));
    const entries = Object.entries(v as Record<string, unknown>);
    const context = entries.filter(([k, x]) => textKey(k, x)).map(([, x]) => readable(x))
      .filter(Boolean).join(" ");
    const urls = entries.flatMap(([k, x]): [string, string[]][] =>
      typeof x === "string"
        ? [[x, [...path, k]]]
        : x && typeof x === "object" && !Array.isArray(x)
        ? Object.entries(x).filter((e): e is [string, string] => typeof e[1] === "string")
          .map(([k2, y]) => [y, [...path, k, k2]])
        : []
    );
    for (const [raw, at] of urls) {
      const link = profileLink(raw);
      if (!link || !context || out.some((o) => o.url === link.url)) continue;
      out.push({ ...link, context, locator: `${prefix}:${at.join(".")}` });
    }
    for (const [k, x] of entries) walk(x, [...path, k], depth + 1);
  };
  walk(value, [], 0);
  return out;
}

function profileLink(raw: string): { url: string; platform: string } | null {
  if (!/^https?:\/\//i.test(raw.trim())) return null;
  try {
    const url = new URL(raw.trim());
    const platform = socialPlatform(url);
    return platform && isPersonalProfile(url.href, platform) ? { url: raw.trim(), platform } : null;
  } catch {
    return null;
  }
}

const ASSIGNMENT_RE =
  /^\s*(?:window|self|globalThis)\.(__[A-Z0-9_]+__|[A-Za-z_$][\w$]*(?:State|Data|STATE|DATA))\s*=\s*([\s\S]*?);?\s*$/;

/** A script's JSON and its name: `__NEXT_DATA__`, a JSON script's id, or the assigned global. */
export function appJsonOf(
  script: { id: string; type: string; text: string },
  index: number,
): { name: string; value: unknown } | null {
  const type = script.type.split(";")[0].trim().toLowerCase();
  if (type === "application/json") {
    const value = parseJson(script.text);
    return value === undefined ? null : { name: script.id || `json${index}`, value };
  }
  if (type && type !== "text/javascript" && type !== "module") return null;
  const m = script.text.match(ASSIGNMENT_RE);
  if (!m) return null;
  const value = parseJson(m[2]);
  return value === undefined ? null : { name: m[1], value };
}

function parseJson(raw: string): unknown {
  const text = raw.trim();
  if (!text.startsWith("{") && !text.startsWith("[")) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return parseObjectLiteral(text);
  }
}

/**
 * A JavaScript object literal that holds only data, as JSON: unquoted keys, single-quoted strings,
 * trailing commas, comments, `undefined` (as null) and a minifier's `!0`/`!1`. Anything that is
 * code (a variable, a call, an operator, a template string) makes it undefined: nothing is run.
 */
export function parseObjectLiteral(text: string): unknown {
  const read = literalToJson(text, 0, false);
  return read === undefined ? undefined : jsonValue(read.json);
}

function jsonValue(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** `NAME = {` in script code: an object literal assigned to a variable or property. */
const ASSIGNED_LITERAL_RE = /(?:^|[^\w$.])([A-Za-z_$][\w$]*)\s*=\s*\{/g;
/** Object literals read from one script at most. */
const MAX_SCRIPT_LITERALS = 20;

/**
 * The data-only object literals a script's code assigns to a name (`const CONTENT = {...}`,
 * a minifier's `const Dt={...}`), each with that name; literals with code in them are skipped,
 * and a literal nested in one already read is not read again. Nothing is run.
 */
export function assignedLiterals(code: string): { name: string; value: unknown }[] {
  const out: { name: string; value: unknown }[] = [];
  let from = 0;
  for (const m of code.matchAll(ASSIGNED_LITERAL_RE)) {
    if (out.length >= MAX_SCRIPT_LITERALS) break;
    const start = m.index! + m[0].length - 1;
    if (start < from) continue;
    const read = literalToJson(code, start, true);
    const value = read && jsonValue(read.json);
    if (!read || !value || typeof value !== "object" || Array.isArray(value)) continue;
    out.push({ name: m[1], value });
    from = read.end;
  }
  return out;
}

const LITERAL_WORDS: Record<string, string> = {
  true: "true",
  false: "false",
  null: "null",
  undefined: "null",
};

/**
 * The literal at `start` as JSON text and where it ends; with `one`, reading stops where the
 * first value closes (the rest of the text is code), else the whole text must be the literal.
 */
function literalToJson(
  text: string,
  start: number,
  one: boolean,
): { json: string; end: number } | undefined {
  let out = "";
  let i = start;
  let depth = 0;
  const at = (re: RegExp) => {
    re.lastIndex = i;
    return re.exec(text)?.[0];
  };
  while (i < text.length && !(one && depth === 0 && i > start)) {
    const c = text[i];
    let token: string | undefined;
    if ((token = at(GAP_RE))) {
      out += " ";
    } else if (c === '"' || c === "'") {
      token = at(c === '"' ? DOUBLE_RE : SINGLE_RE);
      if (!token) return undefined;
      out += c === '"' ? token : JSON.stringify(unescapeSingle(token.slice(1, -1)));
    } else if ((token = at(WORD_RE))) {
      const word = token;
      i += word.length;
      const key = !!at(COLON_RE);
      i -= word.length;
      if (!key && !(word in LITERAL_WORDS)) return undefined;
      out += key ? JSON.stringify(word) : LITERAL_WORDS[word];
    } else if ((token = at(BANG_RE))) {
      out += token === "!0" ? "true" : "false";
    } else if ((token = at(TRAILING_COMMA_RE))) {
      token = ",";
    } else if (/[{}[\]:,]/.test(c)) {
      depth += c === "{" || c === "[" ? 1 : c === "}" || c === "]" ? -1 : 0;
      out += token = c;
    } else {
      token = at(NUMBER_RE);
      if (!token) return undefined;
      out += token;
    }
    i += token.length;
  }
  return one && depth !== 0 ? undefined : { json: out, end: i };
}

const GAP_RE = /(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)/y;
const DOUBLE_RE = /"(?:[^"\\\n]|\\.)*"/y;
const SINGLE_RE = /'(?:[^'\\\n]|\\.)*'/y;
const WORD_RE = /[A-Za-z_$][\w$]*/y;
const COLON_RE = /\s*:/y;
const BANG_RE = /![01]/y;
const TRAILING_COMMA_RE = /,(?=(?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*[}\]])/y;
const NUMBER_RE = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?/y;

/** A single-quoted string's body as its value: `\'` is a quote, other escapes as in JSON. */
function unescapeSingle(body: string): string {
  let json = "";
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "\\") {
      json += body[i + 1] === "'" ? "'" : body.slice(i, i + 2);
      i++;
    } else json += body[i] === '"' ? '\\"' : body[i];
  }
  try {
    return JSON.parse(`"${json}"`);
  } catch {
    return body;
  }
}

/** The page's app JSON strings and profile links (call before scripts are removed). */
export function readAppJson(doc: Document): { strings: AppString[]; profiles: AppProfileLink[] } {
  const strings: AppString[] = [];
  const profiles: AppProfileLink[] = [];
  [...doc.querySelectorAll("script")].forEach((el, i) => {
    if (strings.length >= MAX_APP_STRINGS || el.hasAttribute("src")) return;
    const found = appJsonOf({
      id: el.getAttribute("id") ?? "",
      type: el.getAttribute("type") ?? "",
      text: el.textContent ?? "",
    }, i);
    if (!found) return;
    strings.push(...appStrings(found.value, found.name));
    profiles.push(...appProfileLinks(found.value, found.name));
  });
  return { strings: strings.slice(0, MAX_APP_STRINGS), profiles };
}

/** A path's parent: the object it is a direct string of ("a:x.0.name" -> "a:x.0"). */
export function parentPath(path: string): string {
  const at = path.lastIndexOf(".");
  const colon = path.indexOf(":");
  return at > colon ? path.slice(0, at) : path.slice(0, colon + 1);
}

/** Runs of consecutive strings that are direct strings of one object: the app's cards. */
export function appCards(
  strings: AppString[],
): { path: string; texts: string[]; keys: string[] }[] {
  const out: { path: string; texts: string[]; keys: string[] }[] = [];
  for (const s of strings) {
    const parent = parentPath(s.path);
    const key = s.path.slice(parent.length).replace(/^\./, "");
    const last = out[out.length - 1];
    if (last && last.path === parent) {
      last.texts.push(s.text);
      last.keys.push(key);
    } else out.push({ path: parent, texts: [s.text], keys: [key] });
  }
  return out;
}
