/**
 * `/moderation`: the public moderation log, newest first, with `?page=` and `?kind=` (one kind of
 * decision: votes voided, reviews removed or kept, listings removed or restored; an unknown kind is
 * a 400). Each decision of the site team in words: the listing, how many, when and why; never who
 * (no voter, reviewer, flagger or team member).
 */
import type { ComponentChildren } from "preact";
import {
  MODERATION_KINDS,
  moderationKind,
  moderationLog,
  parseModerationKind,
} from "../../services/community/mod.ts";
import { badRequest } from "../../services/platform/mod.ts";
import type { ModerationEntry, ModerationKind } from "../../kv/types.ts";
import Pagination from "../../components/Pagination.tsx";
import { plural } from "../../components/format.ts";
import { DateTime } from "../account/_ui.tsx";
import { type PageHandler, pageParam, renderPage, withPage } from "./_page.tsx";

type Log = Awaited<ReturnType<typeof moderationLog>>;

/** What the filter calls each kind. */
const KIND_LABELS: Record<ModerationKind, string> = {
  votes_voided: "Votes voided",
  review_removed: "Reviews removed",
  review_kept: "Flagged reviews kept",
  listing_removed: "Listings removed",
  listing_restored: "Listings restored",
};

export const handler: PageHandler = async (ctx) => {
  const raw = ctx.c.req.query("kind") ?? "";
  const kind = parseModerationKind(raw);
  if (raw !== "" && !kind) {
    throw badRequest(`Unknown kind "${raw}": expected one of ${MODERATION_KINDS.join(", ")}`, [
      { path: "kind", message: `One of ${MODERATION_KINDS.join(", ")}` },
    ]);
  }
  const log = await moderationLog(ctx.deps, pageParam(ctx.c, 1).page, kind);
  return renderPage(ctx, {
    title: kind ? `Moderation log: ${KIND_LABELS[kind].toLowerCase()}` : "Moderation log",
    description:
      "Every decision of the site team on votes, reviews and listings: which listing, when, why " +
      "and how many; never who.",
    path: withPage(logPath(kind), log.page),
  }, <ModerationPage log={log} kind={kind} />);
};

function logPath(kind: ModerationKind | null): string {
  return kind ? `/moderation?kind=${kind}` : "/moderation";
}

/** The log, one row per decision, with its filter. */
export default function ModerationPage({ log, kind }: { log: Log; kind: ModerationKind | null }) {
  return (
    <>
      <header class="page-header">
        <h1>Moderation log</h1>
        <p class="lead">
          Rankings here are decided by genuine votes and reviews. Every decision the site team makes
          on them is written here: votes voided (for example a ring of new accounts voting from one
          network), flagged reviews removed or kept, and listings removed from the directory or
          restored, each with the listing, when and why. Who voted, reviewed, flagged or decided is
          never shown. How each board is ranked: <a href="/rules">ranking rules</a>.
        </p>
      </header>
      <KindFilter kind={kind} />
      {log.items.length === 0
        ? <p class="empty card">No decisions {kind ? "of this kind " : ""}yet.</p>
        : (
          <div class="table-wrap card">
            <table class="moderation-log">
              <caption class="sr-only">The site team's decisions, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Decision</th>
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
        href={(p) => withPage(logPath(kind), p)}
      />
    </>
  );
}

/** A form that works without JavaScript: choose a kind, press Show. */
function KindFilter({ kind }: { kind: ModerationKind | null }) {
  return (
    <form method="get" action="/moderation" class="admin-filters" role="search">
      <div class="field">
        <label for="moderation-kind">Decisions</label>
        <select id="moderation-kind" name="kind">
          <option value="" selected={!kind}>All decisions</option>
          {MODERATION_KINDS.map((k) => (
            <option key={k} value={k} selected={k === kind}>{KIND_LABELS[k]}</option>
          ))}
        </select>
      </div>
      <button type="submit" class="button button-small">Show</button>
    </form>
  );
}

function LogRow({ entry }: { entry: ModerationEntry }) {
  const kind = moderationKind(entry);
  return (
    <tr id={`${kind === "votes_voided" ? "voiding" : "decision"}-${entry.id}`} data-kind={kind}>
      <td>
        <DateTime iso={entry.at} />
      </td>
      <td>
        <Decision entry={entry} kind={kind} />
      </td>
      <td>
        {entry.reason}
        {entry.awards_note && <p class="muted small">{entry.awards_note}</p>}
      </td>
    </tr>
  );
}

/** The decision in words, the listing linked (not once it was removed: its page is gone). */
function Decision({ entry, kind }: { entry: ModerationEntry; kind: ModerationKind }) {
  const listing: ComponentChildren = kind === "listing_removed"
    ? <strong>{entry.name}</strong>
    : <a href={`/listings/${entry.slug}`}>{entry.name}</a>;
  const flags = entry.flags ? ` (${plural(entry.flags, "flag")})` : "";
  switch (kind) {
    case "votes_voided":
      return <>{listing}: {plural(entry.votes, "vote")} voided</>;
    case "review_removed":
      return <>A review of {listing} was removed{flags}</>;
    case "review_kept":
      return <>A flagged review of {listing} was kept{flags}</>;
    case "listing_removed":
      return <>{listing} was removed from the directory</>;
    case "listing_restored":
      return <>{listing} was restored to the directory</>;
  }
}
