/**
 * `/moderation`: the public moderation log, newest first, with `?page=`. Each voiding of votes by
 * the site team: the listing, how many votes, when and why; never who voted.
 */
import { moderationLog } from "../../services/community/mod.ts";
import type { ModerationEntry } from "../../kv/types.ts";
import Pagination from "../../components/Pagination.tsx";
import { plural } from "../../components/format.ts";
import { DateTime } from "../account/_ui.tsx";
import { type PageHandler, pageParam, renderPage, withPage } from "./_page.tsx";

type Log = Awaited<ReturnType<typeof moderationLog>>;

export const handler: PageHandler = async (ctx) => {
  const log = await moderationLog(ctx.deps, pageParam(ctx.c, 1).page);
  return renderPage(ctx, {
    title: "Moderation log",
    description:
      "Every time the site team voided community votes: which listing, how many votes, when and why.",
    path: withPage("/moderation", log.page),
  }, <ModerationPage log={log} />);
};

/** The log, one row per voiding. */
export default function ModerationPage({ log }: { log: Log }) {
  return (
    <>
      <header class="page-header">
        <h1>Moderation log</h1>
        <p class="lead">
          Rankings here are decided by genuine votes. When the site team voids votes (for example a
          ring of new accounts voting from one network), it is written here: which listing, how many
          votes, when and why. Who voted is never shown. How each board is ranked:{" "}
          <a href="/rules">ranking rules</a>.
        </p>
      </header>
      {log.items.length === 0
        ? <p class="empty card">No votes have been voided.</p>
        : (
          <div class="table-wrap card">
            <table class="moderation-log">
              <caption class="sr-only">Voided votes, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Listing</th>
                  <th scope="col">Votes voided</th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {log.items.map((e) => <LogRow key={e.id} entry={e} />)}
              </tbody>
            </table>
          </div>
        )}
      <Pagination
        page={log.page}
        totalPages={log.total_pages}
        href={(p) => withPage("/moderation", p)}
      />
    </>
  );
}

function LogRow({ entry }: { entry: ModerationEntry }) {
  return (
    <tr id={`voiding-${entry.id}`}>
      <td>
        <DateTime iso={entry.at} />
      </td>
      <td>
        <a href={`/listings/${entry.slug}`}>{entry.name}</a>
      </td>
      <td>{plural(entry.votes, "vote")}</td>
      <td>
        {entry.reason}
        {entry.awards_note && <p class="muted small">{entry.awards_note}</p>}
      </td>
    </tr>
  );
}
