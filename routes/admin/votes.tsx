/**
 * The site team's flagged vote clusters (ADMIN_EMAILS signed in; a 404 for anyone else).
 * `GET /admin/votes`: the open clusters, oldest flag first: the listing, how many votes, the
 * network prefix, the time span, the voters' account ages and what matched.
 * `POST /admin/votes/:id/decide` (`outcome` void or keep, `reason` required, 1 to 500 characters;
 * CSRF-checked): void takes the votes off every count and writes the public moderation log; keep
 * clears the flag and the votes stay counted. 303 back with a notice, or the page again with the
 * refusal's message next to the cluster.
 */
import { type Context, Hono } from "hono";
import {
  clearCluster,
  MODERATION_REASON_MAX,
  openVoteClusters,
  voidVotes,
} from "../../services/community/mod.ts";
import { type ListingRef, listingRefs } from "../../services/commerce/mod.ts";
import { type ApiError, badRequest, type Deps } from "../../services/platform/mod.ts";
import type { VoteCluster } from "../../kv/types.ts";
import { CsrfField, DateTime } from "../account/_ui.tsx";
import type { SessionEnv } from "../session.ts";
import { ErrorNotice, ListingLink, teamForm, teamMember, teamPage, tryAction } from "./_team.tsx";

type Failed = { id: string; error: ApiError; reason: string } | null;

/** The vote clusters' routes. */
export function adminVoteRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/admin/votes", async (c) => {
    if (!teamMember(deps, c)) return c.notFound();
    return await renderClusters(deps, c, null);
  });
  app.post("/admin/votes/:id/decide", async (c) => {
    const posted = await teamForm(deps, c);
    if (!posted) return c.notFound();
    const { who, form } = posted;
    const id = c.req.param("id");
    const outcome = form.get("outcome");
    const reason = form.get("reason") ?? "";
    const by = who.user.email;
    const error = await tryAction(() => {
      if (outcome === "void") return voidVotes(deps, { clusterId: id, reason, by });
      if (outcome === "keep") return clearCluster(deps, id, { reason, by });
      throw badRequest(`Invalid outcome "${outcome ?? ""}": expected "void" or "keep"`, [
        { path: "outcome", message: 'Expected "void" or "keep"' },
      ]);
    });
    if (error) return await renderClusters(deps, c, { id, error, reason }, error.status);
    return c.redirect(`/admin/votes?done=${outcome === "void" ? "voided" : "kept"}`, 303);
  });
  return app;
}

async function renderClusters(deps: Deps, c: Context<SessionEnv>, failed: Failed, status = 200) {
  const who = teamMember(deps, c)!;
  const clusters = await openVoteClusters(deps);
  const listings = await listingRefs(deps, clusters.map((k) => k.listing_id));
  const done = c.req.query("done");
  return teamPage(
    deps,
    c,
    "Flagged votes",
    <section>
      <header class="page-header">
        <h1>Flagged votes</h1>
        <p class="lead">
          Clusters of suspicious votes the job found. They stay counted until you void them (off
          every count, on the public{" "}
          <a href="/moderation">moderation log</a>) or keep them. The rules:{" "}
          <a href="/rules#fraud">ranking rules</a>.
        </p>
      </header>
      {done && <p class="notice notice-ok" role="status">Cluster {done}.</p>}
      {failed && !clusters.some((k) => k.id === failed.id) && <ErrorNotice error={failed.error} />}
      {clusters.length === 0
        ? <p class="muted">No flagged clusters.</p>
        : (
          <ol class="vote-clusters">
            {clusters.map((k) => (
              <ClusterItem
                key={k.id}
                cluster={k}
                listings={listings}
                csrf={who.session.csrf_token}
                failed={failed?.id === k.id ? failed : null}
              />
            ))}
          </ol>
        )}
    </section>,
    status,
  );
}

/** Account ages in hours or days, youngest to oldest, with how many had no other activity. */
function agesOf(cluster: VoteCluster): string {
  const ages = cluster.votes.map((v) => v.account_age_s).sort((a, b) => a - b);
  const fmt = (s: number) =>
    s < 86_400 ? `${Math.floor(s / 3600)} h` : `${Math.floor(s / 86_400)} d`;
  const inactive = cluster.votes.filter((v) => !v.other_activity).length;
  return `${fmt(ages[0])} to ${fmt(ages[ages.length - 1])} (median ${
    fmt(ages[Math.floor(ages.length / 2)])
  }); ${inactive} of ${ages.length} with no other activity`;
}

function ClusterItem(
  { cluster, listings, csrf, failed }: {
    cluster: VoteCluster;
    listings: Map<number, ListingRef>;
    csrf: string;
    failed: Failed;
  },
) {
  const field = `reason-${cluster.id.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  return (
    <li class="card" id={`cluster-${cluster.id}`}>
      <h2>
        <ListingLink id={cluster.listing_id} listings={listings} />: {cluster.votes.length} votes
      </h2>
      <dl class="cluster-facts">
        <dt>Network prefix</dt>
        <dd>{cluster.network_prefix ?? "several"}</dd>
        <dt>Time span</dt>
        <dd>
          <DateTime iso={cluster.first_at} /> to <DateTime iso={cluster.last_at} />
        </dd>
        <dt>Account ages</dt>
        <dd>{agesOf(cluster)}</dd>
        <dt>Matched</dt>
        <dd>{cluster.detail}</dd>
      </dl>
      {failed && <ErrorNotice error={failed.error} />}
      <form method="post" action={`/admin/votes/${encodeURIComponent(cluster.id)}/decide`}>
        <CsrfField token={csrf} />
        <div class="field">
          <label for={field}>Reason (required; void reasons are published)</label>
          <input
            id={field}
            name="reason"
            required
            maxLength={MODERATION_REASON_MAX}
            value={failed?.reason ?? ""}
          />
        </div>
        <div class="button-row">
          <button type="submit" name="outcome" value="void" class="button button-small">
            Void with reason
          </button>{" "}
          <button
            type="submit"
            name="outcome"
            value="keep"
            class="button button-ghost button-small"
          >
            Keep (clear the flag) with reason
          </button>
        </div>
      </form>
    </li>
  );
}
