/**
 * The founder's view of their listing's votes on the stats tab: the votes counted, and the votes
 * the site team voided grouped by the published reason. Never who voted.
 */
import type { ListingVoteModeration } from "../../services/community/mod.ts";
import { formatNumber, plural } from "../../components/format.ts";

/** The counted and voided votes card. */
export function VoteModerationCard({ moderation }: { moderation: ListingVoteModeration }) {
  const voided = moderation.voided.reduce((sum, r) => sum + r.votes, 0);
  return (
    <section class="card stats-card" aria-labelledby="vote-moderation-heading">
      <h2 id="vote-moderation-heading">Counted and voided votes</h2>
      <dl class="stats-totals">
        <div>
          <dt>Counted</dt>
          <dd>{formatNumber(moderation.counted)}</dd>
        </div>
        <div>
          <dt>Voided</dt>
          <dd>{formatNumber(voided)}</dd>
        </div>
      </dl>
      {moderation.voided.length === 0
        ? <p class="muted small">No votes for this listing have been voided.</p>
        : (
          <ul class="voided-reasons">
            {moderation.voided.map((r) => (
              <li key={r.reason}>
                {plural(r.votes, "vote")} voided: {r.reason}
              </li>
            ))}
          </ul>
        )}
      <p class="muted small">
        Suspicious votes stay counted until the site team decides; every voiding is on the public
        {" "}
        <a href="/moderation">moderation log</a>. See the <a href="/rules">ranking rules</a>.
      </p>
    </section>
  );
}
