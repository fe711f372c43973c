/**
 * `/dev/mailbox`: the development mailbox, where sign-in links and every other mail wait when the
 * service has no SMTP_URL (the KV outbox, on a localhost setup only). It shows sign-in links, so
 * it answers only requests whose socket is on this machine: to anyone else it does not exist.
 */
import { type Context, Hono } from "hono";
import type { VNode } from "preact";
import type { Mail } from "../../kv/types.ts";
import { ApiError, type Deps, devMailboxEnabled, listOutbox } from "../../services/platform/mod.ts";
import { fromLoopback } from "../middleware.ts";
import type { SessionEnv } from "../session.ts";
import { accountPage, DateTime } from "./_ui.tsx";

const MAILBOX_SIZE = 50;

/** The development mailbox page. */
export function mailboxRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/dev/mailbox", (c) => mailboxPage(deps, c));
  return app;
}

async function mailboxPage(deps: Deps, c: Context): Promise<Response> {
  if (!devMailboxEnabled(deps.config) || !fromLoopback(c)) {
    throw new ApiError(404, "not_found", `No page at ${c.req.path}`);
  }
  const mails = await listOutbox(deps.kv, MAILBOX_SIZE);
  return accountPage(deps, c, "Development mailbox", <MailboxPage mails={mails} />);
}

/** Text with its http(s) URLs as links (the mailbox's bodies). */
function Linkified({ text }: { text: string }) {
  const parts: (string | VNode)[] = [];
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)]/g)) {
    parts.push(text.slice(last, m.index), <a href={m[0]}>{m[0]}</a>);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

function MailboxPage({ mails }: { mails: Mail[] }) {
  return (
    <>
      <header class="page-header">
        <h1>Development mailbox</h1>
        <p class="dev-banner" role="note">
          Development only: no mail leaves this machine. The service has no SMTP_URL, so every mail
          is kept here (newest first). This page exists only on a localhost setup.
        </p>
      </header>
      {mails.length === 0
        ? (
          <p class="empty">
            No mail yet. Ask for a sign-in link on the <a href="/signin">sign-in page</a>.
          </p>
        )
        : (
          <ol class="mail-list">
            {mails.map((mail) => (
              <li key={mail.id} class="card mail">
                <p class="mail-meta">
                  <span>
                    To: <strong>{mail.to}</strong>
                  </span>
                  <DateTime iso={mail.created_at} />
                </p>
                <h2 class="mail-subject">{mail.subject}</h2>
                <pre class="mail-body"><Linkified text={mail.text} /></pre>
              </li>
            ))}
          </ol>
        )}
    </>
  );
}
