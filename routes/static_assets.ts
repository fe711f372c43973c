/**
 * The files of static/ (stylesheet, islands bundle, icons), served with fingerprinted names.
 *
 * - `assetUrl("styles.css")` is `/static/styles.<hash>.css`, the hash being the first 12 hex
 *   digits of the file's SHA-256: the layout links these names, answered with
 *   `Cache-Control: public, max-age=31536000, immutable` (a new build is a new name).
 * - The plain names (`/static/styles.css`) keep working with a short cache, and so does a
 *   fingerprint that is no longer the file's (a page from before a deploy): its current content,
 *   short-cached, never pinned for a year.
 * - Every answer carries an ETag (304 when held). A file is read and hashed once, again when its
 *   modification time changes (`deno task build` while the server runs).
 */
import { Hono } from "hono";
import { createHash } from "node:crypto";
import { taggedAnswer } from "./public_reads.ts";

/** Cache-Control of a fingerprinted name: the content behind it never changes. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Cache-Control of a plain name (or an outdated fingerprint): five minutes. */
export const SHORT_CACHE_CONTROL = "public, max-age=300";

const STATIC_DIR = new URL("../static/", import.meta.url);

const TYPES: Record<string, string> = {
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  json: "application/json",
  txt: "text/plain; charset=utf-8",
  webmanifest: "application/manifest+json",
};

/** A file name directly under static/ (no folders, no dot first). */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
/** `name.<12 hex>.ext`: a fingerprinted name. */
const FINGERPRINTED = /^(.+)\.([0-9a-f]{12})(\.[a-z0-9]+)$/;

interface Asset {
  mtime: number;
  bytes: Uint8Array<ArrayBuffer>;
  hash: string;
}

const assets = new Map<string, Asset>();

/** A static file's bytes and hash (read again when it changed), or null when there is none. */
function readAsset(name: string): Asset | null {
  if (!FILE_NAME.test(name)) return null;
  const url = new URL(name, STATIC_DIR);
  let mtime: number;
  try {
    const info = Deno.statSync(url);
    if (!info.isFile) return null;
    mtime = info.mtime?.getTime() ?? 0;
  } catch {
    return null;
  }
  const held = assets.get(name);
  if (held && held.mtime === mtime) return held;
  const bytes = Deno.readFileSync(url) as Uint8Array<ArrayBuffer>;
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 12);
  const asset = { mtime, bytes, hash };
  assets.set(name, asset);
  return asset;
}

/** The fingerprinted URL of a file under static/ (its plain URL when it is missing). */
export function assetUrl(name: string): string {
  const asset = readAsset(name);
  if (!asset) return `/static/${name}`;
  const dot = name.lastIndexOf(".");
  return dot <= 0
    ? `/static/${name}.${asset.hash}`
    : `/static/${name.slice(0, dot)}.${asset.hash}${name.slice(dot)}`;
}

/** `/static/:file`: a file by its plain or fingerprinted name. */
export function staticRoutes(): Hono {
  const app = new Hono();
  app.on(["GET", "HEAD"], "/static/:file", (c) => {
    const file = c.req.param("file");
    let name = file;
    let asset = readAsset(file);
    let fresh = false;
    const parts = asset ? null : FINGERPRINTED.exec(file);
    if (parts) {
      name = parts[1] + parts[3];
      asset = readAsset(name);
      fresh = asset?.hash === parts[2];
    }
    if (!asset) return c.notFound();
    const ext = name.slice(name.lastIndexOf(".") + 1);
    return taggedAnswer(
      c,
      asset.bytes,
      TYPES[ext] ?? "application/octet-stream",
      fresh ? IMMUTABLE_CACHE_CONTROL : SHORT_CACHE_CONTROL,
    );
  });
  return app;
}
