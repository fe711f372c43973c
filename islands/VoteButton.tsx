/**
 * The vote button: a real form (it posts and comes back without JavaScript); hydrated, it posts
 * with fetch and updates the count and its pressed state in place. Signed out, the form is left
 * to post, and the site sends the person to sign in and back to this page.
 */
import { useState } from "preact/hooks";

/** Props: the listing, the person's vote, the count shown and the form's fields. */
export interface VoteButtonProps {
  slug: string;
  name: string;
  voted: boolean;
  /** The count shown: all-time votes, or the launch week's (`count`). */
  votes: number;
  count: "votes" | "week_votes";
  signedIn: boolean;
  csrf: string;
  /** This page's path, to come back to after a post without JavaScript. */
  returnTo: string;
  /** `row`: the compact box of a list row; `box`: the listing page's count and button. */
  layout: "row" | "box";
  /** Counts hidden (a new week's first hours): the button says Vote / Voted, no number. */
  hidden?: boolean;
  /** Told of each vote or undo (an enclosing island keeps its lists in step); not serialized. */
  onVoted?: (answer: VoteAnswer) => void;
}

/** The vote route's answer to a vote or undo. */
export interface VoteAnswer {
  voted: boolean;
  votes: number;
  week_votes: number | null;
}

type Answer = Partial<VoteAnswer> & { error?: { message?: string } };

const plural = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "vote" : "votes"}`;

/** The form with its one button. */
export default function VoteButton(props: VoteButtonProps) {
  const [voted, setVoted] = useState(props.voted);
  const [votes, setVotes] = useState(props.votes);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const action = `/listings/${encodeURIComponent(props.slug)}/vote`;

  async function onSubmit(event: SubmitEvent) {
    if (!props.signedIn) return; // the post leads to sign-in and back
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError("");
    try {
      const body = new URLSearchParams(
        new FormData(event.currentTarget as HTMLFormElement) as never,
      );
      const res = await fetch(action, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      const answer = await res.json() as Answer;
      if (res.status === 401) {
        location.assign(`/signin?next=${encodeURIComponent(props.returnTo)}`);
        return;
      }
      if (!res.ok) throw new Error(answer.error?.message ?? `The vote failed (${res.status})`);
      setVoted(answer.voted === true);
      setVotes((props.count === "week_votes" ? answer.week_votes : answer.votes) ?? votes);
      props.onVoted?.(answer as VoteAnswer);
    } catch (err) {
      setError(err instanceof Error ? err.message : "The vote failed; try again");
    } finally {
      setBusy(false);
    }
  }

  const label = props.signedIn ? `Vote for ${props.name}` : `Sign in to vote for ${props.name}`;
  return (
    <form
      method="post"
      action={action}
      class={`vote-form vote-layout-${props.layout}`}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="_csrf" value={props.csrf} />
      <input type="hidden" name="return_to" value={props.returnTo} />
      <input type="hidden" name="action" value={voted ? "undo" : "vote"} />
      {props.layout === "box" && !props.hidden && (
        <span class="vote-count" aria-live="polite">
          <strong>{votes.toLocaleString("en-US")}</strong> {votes === 1 ? "vote" : "votes"}
        </span>
      )}
      <button
        type="submit"
        class={props.layout === "box" ? "button vote-button" : "votes vote-button"}
        aria-pressed={voted ? "true" : "false"}
        aria-busy={busy ? "true" : "false"}
        title={voted ? `You voted for ${props.name}: press to undo` : label}
      >
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M6 2 11 9H1z" fill="currentColor" />
        </svg>
        {props.layout === "box" || props.hidden
          ? <span>{voted ? "Voted" : "Vote"}</span>
          : <span class="votes-count">{votes.toLocaleString("en-US")}</span>}
        <span class="sr-only">
          {props.layout === "row" && !props.hidden
            ? `${plural(votes)}. ${label}`
            : ` for ${props.name}`}
        </span>
      </button>
      {error && <span class="vote-error" role="alert">{error}</span>}
    </form>
  );
}
