/**
 * Outgoing mail. Without `SMTP_URL` a mail goes to the KV outbox (read on the development mailbox
 * page). With it, the mail record and a queue job are written in one atomic operation and the
 * queue's handler (`deliverMail`) sends it through nodemailer; a mail marked sent is never sent
 * again, so a retried or duplicated job is harmless.
 */
import type nodemailer from "nodemailer";
import { getMailEntry, listMails, putMail, putMailAndEnqueue, replaceMail } from "../../kv/mail.ts";
import type { Mail, MailDelivery } from "../../kv/types.ts";
import type { Config } from "./config.ts";
import type { Deps } from "./deps.ts";
import type { JobHandler } from "./jobs.ts";
import { badRequest } from "./errors.ts";
import { timeOrderedId } from "./ids.ts";
import { nodemailerSdk } from "./lazy.ts";

/** What to send: one recipient, a subject, a plain-text body and optionally an HTML one. */
export interface MailInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The queue job that delivers one SMTP mail. */
export interface MailJob {
  type: "mail";
  id: string;
}

/** Retry delays of a failed SMTP delivery (Deno KV allows at most 5, each up to an hour). */
export const MAIL_BACKOFF_MS = [10_000, 60_000, 300_000, 1_800_000, 3_600_000];
/** How long mail records (and the outbox) are kept. */
const MAIL_TTL_MS = 30 * 86_400_000;
/** A send attempt older than this is taken to have died; another worker may then try. */
const SENDING_LEASE_MS = 2 * 60_000;
const EMAIL = /^[^\s@<>",;]+@[^\s@<>",;]+$/;

/**
 * Sends (SMTP) or stores (outbox) a mail; with SMTP the send happens in the queue. With
 * `options.id` (an id derived from the event the mail tells about), a mail already stored under
 * that id is returned as it is, so that a retried job never mails twice.
 */
export async function sendMail(
  deps: Deps,
  input: MailInput,
  options: { id?: string } = {},
): Promise<Mail> {
  const to = input.to.trim();
  if (!EMAIL.test(to) || to.length > 254) {
    throw badRequest(`Invalid recipient "${input.to}": expected one email address`, [
      { path: "to", message: "Expected one email address" },
    ]);
  }
  if (/[\r\n]/.test(input.subject) || input.subject.trim() === "") {
    throw badRequest("Invalid subject: expected one non-empty line", [
      { path: "subject", message: "Expected one non-empty line" },
    ]);
  }
  if (options.id !== undefined) {
    const existing = (await getMailEntry(deps.kv, options.id)).value;
    if (existing) return existing;
  }
  const now = deps.now();
  const smtp = deps.config.mail.smtpUrl !== undefined;
  const mail: Mail = {
    id: options.id ?? timeOrderedId(now),
    to,
    subject: input.subject.trim(),
    text: input.text,
    html: input.html ?? null,
    created_at: now.toISOString(),
    transport: smtp ? "smtp" : "outbox",
    delivery: smtp
      ? { status: "queued", attempts: 0, sending_since: null, sent_at: null, last_error: null }
      : null,
  };
  if (!smtp) {
    await putMail(deps.kv, mail, MAIL_TTL_MS);
    return mail;
  }
  const job: MailJob = { type: "mail", id: mail.id };
  await putMailAndEnqueue(deps.kv, mail, job, {
    backoffSchedule: MAIL_BACKOFF_MS,
    ttlMs: MAIL_TTL_MS,
  });
  return mail;
}

/** The outcome of one run of the mail job. */
export type DeliveryOutcome = "sent" | "already_sent" | "not_smtp" | "missing";

/**
 * The queue handler of a mail job: claims the mail (a lease in its record), sends it by SMTP and
 * marks it sent. A mail already sent is skipped; one another worker is sending right now makes
 * this run throw, so that the queue retries it later. A failed send is recorded and rethrown.
 */
export async function deliverMail(deps: Deps, id: string): Promise<DeliveryOutcome> {
  const claimed = await claimMail(deps, id);
  if (typeof claimed === "string") return claimed;
  const { entry, mail, delivery } = claimed;
  try {
    await (await smtpTransport(deps.config)).sendMail({
      from: deps.config.mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      // The same Message-ID on every attempt, so that a receiver can tell a rare duplicate.
      messageId: `<${mail.id}@${mailDomain(deps.config.mail.from)}>`,
    });
  } catch (err) {
    const failed: MailDelivery = {
      ...delivery,
      status: delivery.attempts > MAIL_BACKOFF_MS.length ? "failed" : "queued",
      sending_since: null,
      last_error: errorMessage(err),
    };
    await replaceMail(deps.kv, entry, { ...mail, delivery: failed }, MAIL_TTL_MS);
    throw new Error(`Cannot send mail "${id}" to "${mail.to}": ${errorMessage(err)}`);
  }
  const sentAt = deps.now().toISOString();
  const sent: Mail = {
    ...mail,
    delivery: {
      ...delivery,
      status: "sent",
      sending_since: null,
      sent_at: sentAt,
      last_error: null,
    },
  };
  // Nobody else writes the record while the lease holds; should it change anyway, "sent" wins.
  if (!await replaceMail(deps.kv, entry, sent, MAIL_TTL_MS)) {
    await putMail(deps.kv, sent, MAIL_TTL_MS);
  }
  return "sent";
}

/** The queue job `{ type: "mail", id }`: delivers one mail (see `deliverMail`). */
export const runMailJob: JobHandler = async (deps, job) => {
  if (typeof job.id !== "string") return "a mail job needs a string id";
  await deliverMail(deps, job.id);
};

/** The mails in the outbox, newest first (the development mailbox). */
export async function listOutbox(kv: Deno.Kv, limit: number): Promise<Mail[]> {
  return await listMails(kv, "outbox", limit);
}

/** Whether the development mailbox may be shown: mail goes to the outbox and the site is local. */
export function devMailboxEnabled(config: Config): boolean {
  const { hostname } = new URL(config.publicUrl);
  return config.mail.smtpUrl === undefined &&
    ["localhost", "127.0.0.1", "[::1]"].includes(hostname);
}

/** Marks a mail as being sent by this worker; or says why there is nothing to send. */
async function claimMail(
  deps: Deps,
  id: string,
): Promise<DeliveryOutcome | { entry: Deno.KvEntry<Mail>; mail: Mail; delivery: MailDelivery }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getMailEntry(deps.kv, id);
    const mail = entry.value;
    if (!mail) {
      console.warn(`Mail job for "${id}" dropped: no such mail (expired or never stored)`);
      return "missing";
    }
    if (mail.transport !== "smtp" || !mail.delivery) return "not_smtp";
    if (mail.delivery.status === "sent") return "already_sent";
    const now = deps.now();
    const since = mail.delivery.sending_since;
    if (
      mail.delivery.status === "sending" && since &&
      now.getTime() - Date.parse(since) < SENDING_LEASE_MS
    ) {
      throw new Error(`Mail "${id}" is being sent by another worker since ${since}: retry later`);
    }
    const delivery: MailDelivery = {
      ...mail.delivery,
      status: "sending",
      attempts: mail.delivery.attempts + 1,
      sending_since: now.toISOString(),
    };
    const next = { ...mail, delivery };
    const claimed = await replaceMail(deps.kv, entry as Deno.KvEntry<Mail>, next, MAIL_TTL_MS);
    if (claimed) return { entry: claimed, mail: next, delivery };
  }
  throw new Error(`Cannot claim mail "${id}": its record keeps changing`);
}

const transports = new Map<string, ReturnType<typeof nodemailer.createTransport>>();

/** One nodemailer SMTP transport per SMTP_URL, with timeouts well inside the sending lease. */
async function smtpTransport(config: Config) {
  const url = config.mail.smtpUrl;
  if (!url) throw new Error("SMTP_URL is not set: mail cannot be sent by SMTP");
  const nodemailer = await nodemailerSdk();
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport({
      url,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    transports.set(url, transport);
  }
  return transport;
}

/** The domain of the From address, e.g. `Launch Directory <noreply@example.com>` → `example.com`. */
function mailDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
