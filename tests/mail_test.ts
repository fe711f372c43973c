/**
 * Mail: the KV outbox by default; with SMTP_URL, delivery through the queue to a real SMTP sink
 * (smtp-server on 127.0.0.1), sent exactly once even when the job runs more than once.
 */
import assert from "node:assert/strict";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { type Config, testConfig } from "../services/platform/config.ts";
import type { Deps } from "../services/platform/deps.ts";
import { deliverMail, devMailboxEnabled, listOutbox, sendMail } from "../services/platform/mail.ts";
import { handleJob } from "../services/jobs.ts";
import { getMailEntry } from "../kv/mail.ts";
import { NOW } from "./fixtures.ts";
import { SearchIndex } from "../services/directory/search/index.ts";

/** A real SMTP server that keeps every message it receives. */
interface Sink {
  url: string;
  messages: { from: string; to: string[]; raw: string }[];
  close(): Promise<void>;
}

async function startSink(options: { rejectRecipients?: boolean } = {}): Promise<Sink> {
  const messages: Sink["messages"] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients) {
        const err = Object.assign(new Error(`Mailbox unavailable: ${address.address}`), {
          responseCode: 550,
        });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (chunk: Uint8Array) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: new TextDecoder().decode(concat(chunks)),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

async function makeDeps(overrides: Partial<Config> = {}): Promise<Deps> {
  const kv = await Deno.openKv(":memory:");
  return { kv, config: testConfig(overrides), search: new SearchIndex(), now: () => NOW };
}

function smtpConfig(url: string): Partial<Config> {
  return { mail: { smtpUrl: url, from: "Launch Directory <noreply@launch.example>" } };
}

/**
 * Runs queued jobs as the server does, and `waitFor(check)`, which checks again after each job
 * the queue has run (the queue runs in the background) and gives up after 10 s.
 */
function runJobs(deps: Deps) {
  let handled = 0;
  const waiters: (() => void)[] = [];
  const listening = deps.kv.listenQueue(async (message) => {
    try {
      await handleJob(deps, message);
    } finally {
      handled++;
      for (const wake of waiters.splice(0)) wake();
    }
  });
  async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}`)), 10_000);
    });
    timeout.catch(() => {});
    try {
      for (;;) {
        const seen = handled;
        if (await check()) return;
        if (handled !== seen) continue;
        await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), timeout]);
      }
    } finally {
      clearTimeout(timer);
    }
  }
  return { listening, waitFor };
}

Deno.test("without SMTP_URL mail goes to the KV outbox", async (t) => {
  const deps = await makeDeps();

  await t.step("sendMail stores it, newest first in listOutbox", async () => {
    const first = await sendMail(deps, { to: "a@example.com", subject: "One", text: "1" });
    const second = await sendMail(deps, {
      to: "b@example.com",
      subject: "Two",
      text: "2",
      html: "<p>2</p>",
    });
    assert.equal(first.transport, "outbox");
    assert.equal(first.delivery, null);
    assert.equal(first.html, null);
    assert.equal(second.html, "<p>2</p>");
    assert.equal(first.created_at, NOW.toISOString());
    const outbox = await listOutbox(deps.kv, 10);
    assert.deepEqual(outbox.map((m) => m.subject), ["Two", "One"]);
    assert.deepEqual((await listOutbox(deps.kv, 1)).map((m) => m.subject), ["Two"]);
  });

  await t.step("a stray mail job for an outbox mail sends nothing", async () => {
    const [mail] = await listOutbox(deps.kv, 1);
    assert.equal(await deliverMail(deps, mail.id), "not_smtp");
    assert.equal(await deliverMail(deps, "no-such-mail"), "missing");
  });

  await t.step("bad recipients and subjects are refused", async () => {
    await assert.rejects(sendMail(deps, { to: "nobody", subject: "x", text: "" }), /recipient/);
    await assert.rejects(
      sendMail(deps, { to: "a@example.com", subject: "a\r\nBcc: x@example.com", text: "" }),
      /subject/,
    );
  });

  await t.step("the development mailbox is only for local outbox setups", () => {
    assert.equal(devMailboxEnabled(testConfig()), true);
    assert.equal(devMailboxEnabled(testConfig({ publicUrl: "http://127.0.0.1:8000" })), true);
    assert.equal(devMailboxEnabled(testConfig({ publicUrl: "http://[::1]:8000" })), true);
    assert.equal(devMailboxEnabled(testConfig({ publicUrl: "https://launch.example" })), false);
    assert.equal(devMailboxEnabled(testConfig(smtpConfig("smtp://127.0.0.1:25"))), false);
  });
  deps.kv.close();
});

Deno.test("with SMTP_URL the queue delivers the mail once", async (t) => {
  const sink = await startSink();
  const deps = await makeDeps(smtpConfig(sink.url));
  const { listening, waitFor } = runJobs(deps);
  let id = "";

  await t.step("the record and the job are written together; the job sends it", async () => {
    const mail = await sendMail(deps, {
      to: "ada@example.com",
      subject: "Your sign-in link",
      text: "Open http://localhost:8000/signin/verify?token=abc",
      html: "<p>Open the link</p>",
    });
    id = mail.id;
    assert.equal(mail.transport, "smtp");
    assert.equal(mail.delivery?.status, "queued");
    await waitFor(
      async () => (await getMailEntry(deps.kv, id)).value?.delivery?.status === "sent",
      "sent",
    );
    assert.equal(sink.messages.length, 1);
    const [message] = sink.messages;
    assert.deepEqual(message.to, ["ada@example.com"]);
    assert.equal(message.from, "noreply@launch.example");
    assert.match(message.raw, /^Subject: Your sign-in link\r?$/m);
    assert.match(message.raw, /^From: Launch Directory <noreply@launch\.example>\r?$/m);
    assert.match(message.raw, /^To: ada@example\.com\r?$/m);
    assert.ok(message.raw.includes(`Message-ID: <${id}@launch.example>`));
    assert.match(message.raw, /signin\/verify\?token=abc/);
    assert.match(message.raw, /text\/html/);
    const stored = (await getMailEntry(deps.kv, id)).value!;
    assert.equal(stored.delivery?.attempts, 1);
    assert.equal(stored.delivery?.sent_at, NOW.toISOString());
    assert.deepEqual(await listOutbox(deps.kv, 10), [], "SMTP mail is not in the outbox");
  });

  await t.step("the job run again (retried or duplicated) does not send again", async () => {
    assert.equal(await deliverMail(deps, id), "already_sent");
    await handleJob(deps, { type: "mail", id });
    await deps.kv.enqueue({ type: "mail", id });
    await deps.kv.enqueue({ type: "mail", id });
    // A marker job shows that the queue got past the duplicates.
    const mark = await sendMail(deps, { to: "mark@example.com", subject: "Marker", text: "m" });
    await waitFor(
      async () => (await getMailEntry(deps.kv, mark.id)).value?.delivery?.status === "sent",
      "marker",
    );
    assert.deepEqual(sink.messages.map((m) => m.to[0]), ["ada@example.com", "mark@example.com"]);
  });

  await t.step("unknown and malformed jobs are dropped, not retried", async () => {
    await handleJob(deps, { type: "crawl-the-moon" });
    await handleJob(deps, { type: "mail" });
    await handleJob(deps, null);
    await handleJob(deps, "mail");
  });

  deps.kv.close();
  await listening;
  await sink.close();
});

Deno.test("two workers running the same mail job at once send it once", async () => {
  const sink = await startSink();
  const deps = await makeDeps(smtpConfig(sink.url));
  const mail = await sendMail(deps, { to: "bo@example.com", subject: "Once", text: "x" });
  const results = await Promise.allSettled([
    deliverMail(deps, mail.id),
    deliverMail(deps, mail.id),
  ]);
  const sent = results.filter((r) => r.status === "fulfilled" && r.value === "sent");
  assert.equal(sent.length, 1, JSON.stringify(results));
  const other = results.find((r) => r !== sent[0])!;
  if (other.status === "rejected") {
    assert.match(String(other.reason), /being sent by another worker/);
  } else assert.equal(other.value, "already_sent");
  assert.equal(await deliverMail(deps, mail.id), "already_sent");
  assert.equal(sink.messages.length, 1);
  deps.kv.close();
  await sink.close();
});

Deno.test("a refused mail is recorded and retried; the lease of a dead attempt expires", async () => {
  const sink = await startSink({ rejectRecipients: true });
  let now = NOW;
  const deps = { ...(await makeDeps(smtpConfig(sink.url))), now: () => now };
  const mail = await sendMail(deps, { to: "gone@example.com", subject: "Bounce", text: "x" });
  await assert.rejects(deliverMail(deps, mail.id), /Cannot send mail .* "gone@example.com"/);
  let stored = (await getMailEntry(deps.kv, mail.id)).value!;
  assert.equal(stored.delivery?.status, "queued");
  assert.equal(stored.delivery?.attempts, 1);
  assert.equal(stored.delivery?.sending_since, null);
  assert.match(stored.delivery?.last_error ?? "", /Mailbox unavailable/);
  assert.equal(sink.messages.length, 0);

  // A worker that died while sending leaves "sending": others wait for its lease, then take over.
  const entry = await getMailEntry(deps.kv, mail.id);
  const dead = {
    ...stored,
    delivery: { ...stored.delivery!, status: "sending" as const, sending_since: now.toISOString() },
  };
  await deps.kv.set(entry.key, dead);
  await assert.rejects(deliverMail(deps, mail.id), /being sent by another worker/);
  now = new Date(NOW.getTime() + 3 * 60_000);
  await assert.rejects(deliverMail(deps, mail.id), /Mailbox unavailable/);
  stored = (await getMailEntry(deps.kv, mail.id)).value!;
  assert.equal(stored.delivery?.attempts, 2);
  deps.kv.close();
  await sink.close();
});
