/**
 * `/rules`: how every board and Launch of the Week is ranked, with tie-breaks, what counts as a
 * vote and how suspicious votes are handled. The numbers come from the code's own constants.
 */
import {
  BURST_FACTOR,
  BURST_MIN_VOTES,
  BURST_WINDOW_MIN,
  CLUSTER_MIN_VOTES,
  CLUSTER_WINDOW_MIN,
  EARLY_WEEK_HOURS,
  MODERATION_REASON_MAX,
  VOTE_ACTIONS_PER_MINUTE,
} from "../../services/community/mod.ts";
import { type PageHandler, renderPage } from "./_page.tsx";

export const handler: PageHandler = (ctx) =>
  renderPage(ctx, {
    title: "Ranking rules",
    description:
      "How each board and Launch of the Week is ranked, with tie-breaks, what counts as a vote and how suspicious votes are handled.",
    path: "/rules",
    section: "leaderboards",
  }, <RulesPage />);

const TIE = "Ties: the listing added to the directory later comes first.";

/** The rules, board by board. */
export default function RulesPage() {
  return (
    <>
      <header class="page-header">
        <h1>Ranking rules</h1>
        <p class="lead">
          Five separate boards and one weekly award. Only live listings are ranked. Community votes
          decide the community boards and the awards; money never does. Every moderation decision is
          public on the <a href="/moderation">moderation log</a>.
        </p>
      </header>
      <div class="rules card">
        <h2 id="boards">The boards</h2>
        <dl>
          <dt>
            <a href="/leaderboards/community-weekly">Launches of the week</a> (community-weekly)
          </dt>
          <dd>
            The listings launched in one week (Monday 00:00 to Sunday 24:00 UTC), by the votes cast
            during that week. A vote cast after its listing's launch week counts on the all-time
            board only. {TIE}
          </dd>
          <dt>
            <a href="/leaderboards/community-all-time">Most voted of all time</a>{" "}
            (community-all-time)
          </dt>
          <dd>Live listings by all their counted votes. {TIE} Category pages rank the same way.</dd>
          <dt>
            <a href="/leaderboards/billboard">Billboard</a> (paid)
          </dt>
          <dd>
            Live listings by the money contributed to their billboard placement, in total. It is a
            paid ranking, always labelled “paid”, and it never affects votes, the community boards
            or the awards. {TIE}
          </dd>
          <dt>
            <a href="/leaderboards/domain-rating">Domain Rating</a>
          </dt>
          <dd>
            Live listings with a Domain Rating reading (a third-party SEO metric of their website),
            by their newest reading. {TIE}
          </dd>
          <dt>
            <a href="/leaderboards/revenue">Revenue</a>
          </dt>
          <dd>
            Live listings that shared a revenue figure, by the monthly recurring revenue of their
            latest month (self-reported or verified, as shown). {TIE}
          </dd>
        </dl>
        <h2 id="launch-of-the-week">Launch of the Week #1 to #3</h2>
        <p>
          Once a week has ended (at the first weekly run after Monday 00:00 UTC), its launches that
          are still live and have at least one vote cast during the week are ranked by those votes.
          Ties: the earlier launch (the moment it went live) wins, then the listing added first. The
          top three win #1, #2 and #3. Awards are decided once and are not recomputed later; if
          votes of an awarded week are voided afterwards, the moderation log says so.
        </p>
        <h2 id="first-hours">A new week's first hours</h2>
        <p>
          For the first {EARLY_WEEK_HOURS}{" "}
          hours of a launch week (from Monday 00:00 UTC), the week's launches are listed in a random
          order, drawn anew on each visit, and their vote counts are hidden, so that every launch
          gets a fair first look. Votes count from the first second; only the ranking waits.
        </p>
        <h2 id="votes">What counts as a vote</h2>
        <ul>
          <li>
            One vote per signed-in person per listing, cast on this site (never through the API); it
            can be taken back.
          </li>
          <li>Only live listings take votes. Owners and co-founders cannot vote for their own.</li>
          <li>At most {VOTE_ACTIONS_PER_MINUTE} vote actions per person per minute.</li>
        </ul>
        <h2 id="fraud">Suspicious votes</h2>
        <p>
          Each vote keeps what is needed to judge it later: the account's age, whether the person
          has other activity here, a coarse network prefix (never the address) and its timing. Every
          10 minutes a job flags clusters among recent votes from accounts younger than a day or
          without other activity:
        </p>
        <ul>
          <li>
            at least {CLUSTER_MIN_VOTES} such votes for one listing from one network within{" "}
            {CLUSTER_WINDOW_MIN} minutes, or
          </li>
          <li>
            at least {BURST_MIN_VOTES} such votes for one listing within {BURST_WINDOW_MIN}{" "}
            minutes, and at least {BURST_FACTOR} times the listing's own usual rate.
          </li>
        </ul>
        <p>
          Flagged votes stay counted until the site team decides. The team either keeps them or
          voids them with a written reason (up to {MODERATION_REASON_MAX}{" "}
          characters): voided votes leave every count and board at once, and each voiding is
          published on the <a href="/moderation">moderation log</a>{" "}
          (listing, number of votes, when and why; never who). A person whose vote was voided cannot
          vote for that listing again.
        </p>
        <h2 id="moderation-log">What the moderation log shows</h2>
        <p>
          Every decision of the site team on votes, reviews and listings appears on the{" "}
          <a href="/moderation">moderation log</a>, with the listing, the date and the written
          reason:
        </p>
        <ul>
          <li>votes voided, with how many;</li>
          <li>
            a flagged review removed, or kept (shown and counted again), with how many flags it had;
          </li>
          <li>a listing removed from the directory, or restored to it.</li>
        </ul>
        <p>
          The log never names anyone: not the voters, the reviewer, the people who flagged a review,
          nor the member of the site team who decided.
        </p>
      </div>
    </>
  );
}
