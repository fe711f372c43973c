/**
 * The vote button on pages: the VoteButton island with a page's voting context (the person's
 * vote states, read per request in one batch, the CSRF token and the path to come back to).
 * Inside another island (the home page's LaunchTabs) the context says `plain`: the button is
 * rendered as a plain component, hydrated as part of that island rather than as its own.
 */
import { island } from "./island.tsx";
import VoteButtonIsland, { type VoteAnswer, type VoteButtonProps } from "../islands/VoteButton.tsx";

const VoteButtonHydrated = island("VoteButton", VoteButtonIsland);

/** One person's vote on one listing, as a page shows it. */
export interface RowVoteState {
  voted: boolean;
  /** The person is on the listing's team: they see the count without a button. */
  own: boolean;
}

/** What a page's vote buttons share. Never cached: it is one person's. */
export interface Voting {
  signedIn: boolean;
  csrf: string;
  returnTo: string;
  /** By listing id; a listing missing here shows its count without a button. */
  states: Record<number, RowVoteState>;
  /** Which count the rows show: all-time votes or the launch week's. */
  count: "votes" | "week_votes";
  /** Counts are hidden (a new week's first hours): the buttons say Vote / Voted instead. */
  hidden?: boolean;
  /** The rows are inside another island: render the plain button (no island of its own). */
  plain?: boolean;
  /** Told of each vote or undo (set in the browser by an enclosing island, never serialized). */
  onVote?: (id: number, answer: VoteAnswer) => void;
}

/** The listing's vote state when it may show a button (not the person's own listing), else null. */
export function buttonState(voting: Voting | undefined, id: number | undefined) {
  const state = voting && id !== undefined ? voting.states[id] : undefined;
  return state && !state.own ? state : null;
}

/** The vote button of a listing (its state from the page's voting context). */
export function VoteButton(
  { voting, listing, layout }: {
    voting: Voting;
    listing: { id?: number; slug: string; name: string; votes: number };
    layout: VoteButtonProps["layout"];
  },
) {
  const Button = voting.plain ? VoteButtonIsland : VoteButtonHydrated;
  const { onVote } = voting;
  const id = listing.id;
  return (
    <Button
      slug={listing.slug}
      name={listing.name}
      voted={buttonState(voting, listing.id)?.voted ?? false}
      votes={listing.votes}
      count={voting.count}
      signedIn={voting.signedIn}
      csrf={voting.csrf}
      returnTo={voting.returnTo}
      layout={layout}
      hidden={voting.hidden}
      onVoted={onVote && id !== undefined ? (answer) => onVote(id, answer) : undefined}
    />
  );
}
