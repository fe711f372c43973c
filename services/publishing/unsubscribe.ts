/**
 * One-click unsubscribe links of follower mails: a token signed with HMAC-SHA256 (key kept in KV)
 * over the listing and the follower, so that the link works without signing in and cannot be made
 * up for somebody else. Opening the link (GET) changes nothing; the confirm button (POST) does.
 */
import {
  getOrCreateSigningKey,
  isFollowMailOff,
  turnFollowMailOff,
} from "../../kv/follower_mail.ts";
import { getListing } from "../../kv/listings.ts";
import type { Listing } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest, notFound } from "../platform/errors.ts";

const SIGNING_KEY = "unsubscribe";
const TOKEN = /^([1-9][0-9]{0,15})\.([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/;
const encoder = new TextEncoder();

async function hmacKey(kv: Deno.Kv): Promise<CryptoKey> {
  const raw = await getOrCreateSigningKey(kv, SIGNING_KEY);
  return await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

const signedText = (listingId: number, userId: string) => `unsubscribe:${listingId}:${userId}`;

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_")
    .replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The unsubscribe link of one follower of one listing. */
export async function unsubscribeUrl(deps: Deps, listingId: number, userId: string) {
  const key = await hmacKey(deps.kv);
  const sig = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, encoder.encode(signedText(listingId, userId))),
  );
  return `${deps.config.publicUrl}/unsubscribe/${listingId}.${userId}.${base64Url(sig)}`;
}

/** What an unsubscribe link stands for. */
export interface UnsubscribeLink {
  listing: Listing;
  userId: string;
  /** Whether the follower already unsubscribed. */
  unsubscribed: boolean;
}

/**
 * Reads an unsubscribe link's token: 400 when it is not one, 404 when its signature does not
 * match (a changed or made-up link) or the listing is gone.
 */
export async function readUnsubscribeLink(deps: Deps, token: string): Promise<UnsubscribeLink> {
  const m = TOKEN.exec(token);
  if (!m) {
    throw badRequest(`Invalid unsubscribe link "${token.slice(0, 120)}": not a link we sent`, [
      { path: "token", message: "Expected the token of an unsubscribe link" },
    ]);
  }
  const [, id, userId, sig] = m;
  const listingId = Number(id);
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(deps.kv),
    fromBase64Url(sig),
    encoder.encode(signedText(listingId, userId)),
  );
  const listing = valid ? await getListing(deps.kv, listingId) : null;
  if (!listing || listing.status === "removed") {
    throw notFound("subscription for unsubscribe link", token);
  }
  const unsubscribed = await isFollowMailOff(deps.kv, listingId, userId);
  return { listing, userId, unsubscribed };
}

/** Unsubscribes the follower of a link from the listing's mails (again is harmless). */
export async function unsubscribeFollower(deps: Deps, token: string): Promise<UnsubscribeLink> {
  const link = await readUnsubscribeLink(deps, token);
  await turnFollowMailOff(deps.kv, link.listing.id, link.userId, deps.now());
  return { ...link, unsubscribed: true };
}
