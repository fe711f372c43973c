/**
 * One-click unsubscribe links of follower mails: a token signed with HMAC-SHA256 (key kept in KV)
 * over the listing (or the followed founder profile) and the follower, so that the link works
 * without signing in and cannot be made up for somebody else. Opening the link (GET) changes nothing; the confirm button (POST) does.
 */
import {
  getOrCreateSigningKey,
  isFollowMailOff,
  turnFollowMailOff,
} from "../../kv/follower_mail.ts";
import { getFounderRecord } from "../../kv/founders.ts";
import { isFounderMailOff, turnFounderMailOff } from "../../kv/follows.ts";
import { getListing } from "../../kv/listings.ts";
import type { Deps } from "../platform/deps.ts";
import { badRequest, notFound } from "../platform/errors.ts";

const SIGNING_KEY = "unsubscribe";
const TOKEN = /^([1-9][0-9]{0,15})\.([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/;
/** A founder's token: `founder-<slug>.<user id>.<signature>`. */
const FOUNDER_TOKEN =
  /^founder-([a-z0-9][a-z0-9-]{0,119})\.([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/;
const encoder = new TextEncoder();

async function hmacKey(kv: Deno.Kv): Promise<CryptoKey> {
  const raw = await getOrCreateSigningKey(kv, SIGNING_KEY);
  return await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

/** What a link signs: a listing's id or a founder's slug, and the follower. */
type Subject = { listingId: number } | { founder: string };

const signedText = (subject: Subject, userId: string) =>
  "founder" in subject
    ? `unsubscribe-founder:${subject.founder}:${userId}`
    : `unsubscribe:${subject.listingId}:${userId}`;

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_")
    .replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function signedUrl(deps: Deps, subject: Subject, userId: string): Promise<string> {
  const key = await hmacKey(deps.kv);
  const sig = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, encoder.encode(signedText(subject, userId))),
  );
  const head = "founder" in subject ? `founder-${subject.founder}` : String(subject.listingId);
  return `${deps.config.publicUrl}/unsubscribe/${head}.${userId}.${base64Url(sig)}`;
}

/** The unsubscribe link of one follower of one listing. */
export function unsubscribeUrl(deps: Deps, listingId: number, userId: string) {
  return signedUrl(deps, { listingId }, userId);
}

/** The unsubscribe link of one follower of a founder profile (mails about its listings). */
export function founderUnsubscribeUrl(deps: Deps, slug: string, userId: string) {
  return signedUrl(deps, { founder: slug }, userId);
}

/** What an unsubscribe link stands for: a listing's mails, or a founder's listings' mails. */
export interface UnsubscribeLink {
  /** The name of the listing or founder, and its public page. */
  name: string;
  path: string;
  /** What the follower is mailed about while subscribed (a sentence). */
  about: string;
  userId: string;
  /** Whether the follower already unsubscribed. */
  unsubscribed: boolean;
  /** Stops the mails (again is harmless). */
  turnOff: (at: Date) => Promise<boolean>;
}

function parseToken(token: string): { subject: Subject; userId: string; sig: string } {
  const listing = TOKEN.exec(token);
  if (listing) {
    return { subject: { listingId: Number(listing[1]) }, userId: listing[2], sig: listing[3] };
  }
  const founder = FOUNDER_TOKEN.exec(token);
  if (founder) return { subject: { founder: founder[1] }, userId: founder[2], sig: founder[3] };
  throw badRequest(`Invalid unsubscribe link "${token.slice(0, 120)}": not a link we sent`, [
    { path: "token", message: "Expected the token of an unsubscribe link" },
  ]);
}

async function listingLink(deps: Deps, id: number, userId: string) {
  const listing = await getListing(deps.kv, id);
  if (!listing || listing.status === "removed") return null;
  return {
    name: listing.name,
    path: `/listings/${listing.slug}`,
    about: `You get a mail when ${listing.name} launches and when its makers post an update.`,
    userId,
    unsubscribed: await isFollowMailOff(deps.kv, id, userId),
    turnOff: (at: Date) => turnFollowMailOff(deps.kv, id, userId, at),
  };
}

async function founderLink(deps: Deps, slug: string, userId: string) {
  const founder = await getFounderRecord(deps.kv, slug);
  if (!founder) return null;
  return {
    name: founder.name,
    path: `/founders/${founder.slug}`,
    about:
      `You get a mail when one of ${founder.name}'s listings launches or its makers post an update.`,
    userId,
    unsubscribed: await isFounderMailOff(deps.kv, slug, userId),
    turnOff: (at: Date) => turnFounderMailOff(deps.kv, slug, userId, at),
  };
}

/**
 * Reads an unsubscribe link's token: 400 when it is not one, 404 when its signature does not
 * match (a changed or made-up link) or the listing or founder is gone.
 */
export async function readUnsubscribeLink(deps: Deps, token: string): Promise<UnsubscribeLink> {
  const { subject, userId, sig } = parseToken(token);
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(deps.kv),
    fromBase64Url(sig),
    encoder.encode(signedText(subject, userId)),
  );
  const link = !valid
    ? null
    : "founder" in subject
    ? await founderLink(deps, subject.founder, userId)
    : await listingLink(deps, subject.listingId, userId);
  if (!link) throw notFound("subscription for unsubscribe link", token);
  return link;
}

/** Unsubscribes the follower of a link from its mails (again is harmless). */
export async function unsubscribeFollower(deps: Deps, token: string): Promise<UnsubscribeLink> {
  const link = await readUnsubscribeLink(deps, token);
  await link.turnOff(deps.now());
  return { ...link, unsubscribed: true };
}
