/**
 * The home page's launch lists: this week, today, trending and recent, switched in place. With
 * the page's voting context, every row has its vote button (the plain component, hydrated with
 * this island); rows of a section fetched in the browser get the person's states from
 * `/listings/votes.json`. A tab marked `early` (a new week's first hours) lists its launches in
 * a random order, without ranks or counts, also when it is fetched after a tab switch.
 */
import { useRef, useState } from "preact/hooks";
import ListingRow, { type RowListing } from "../components/ListingRow.tsx";
import type { RowVoteState, Voting } from "../components/Vote.tsx";
import type { VoteAnswer } from "./VoteButton.tsx";
import { shuffled } from "../services/community/early_week.ts";

/** One tab: a list_launches section. */
export interface LaunchTab {
  section: string;
  label: string;
  /** Show rank numbers (ranked sections). */
  ranked: boolean;
  /** Shown when the section is empty. */
  empty: string;
  /** A new week's first hours: random order, no ranks, counts hidden. */
  early?: boolean;
}

/** Props: the tabs, the section the server rendered and its items. */
export interface LaunchTabsProps {
  tabs: LaunchTab[];
  active: string;
  items: RowListing[];
  perPage: number;
  categoryNames: Record<string, string>;
  /** The person's vote buttons (`pageVoting` of the rendered section's listings). */
  voting?: Voting;
}

type States = Record<number, RowVoteState>;

/** A fetched section's rows as an early tab shows them: shuffled, counts left out. */
function earlyRows(items: RowListing[]): RowListing[] {
  return shuffled(items).map((item) => ({ ...item, votes: 0 }));
}

/** The person's vote states of `ids` (signed out: nothing to ask, every button leads to sign-in). */
async function statesOf(voting: Voting, ids: number[]): Promise<States> {
  if (!voting.signedIn) {
    return Object.fromEntries(ids.map((id) => [id, { voted: false, own: false }]));
  }
  if (ids.length === 0) return {};
  const res = await fetch(`/listings/votes.json?ids=${ids.join(",")}`);
  if (!res.ok) throw new Error(`Vote states answered ${res.status}`);
  return (await res.json() as { states: States }).states;
}

/** Tabs are links (`/?section=…`), so they also work before or without hydration. */
export default function LaunchTabs(props: LaunchTabsProps) {
  const [active, setActive] = useState(props.active);
  const [items, setItems] = useState(props.items);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [states, setStates] = useState<States>(props.voting?.states ?? {});
  const cache = useRef(new Map<string, RowListing[]>([[props.active, props.items]]));
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const tab = props.tabs.find((t) => t.section === active) ?? props.tabs[0];

  async function show(section: string) {
    setActive(section);
    setFailed(false);
    history.replaceState(
      null,
      "",
      section === props.tabs[0].section ? "/" : `/?section=${section}`,
    );
    const cached = cache.current.get(section);
    if (cached) {
      setItems(cached);
      return;
    }
    setLoading(true);
    try {
      const res = await fetch(
        `/api/v1/launches?section=${encodeURIComponent(section)}&per_page=${props.perPage}`,
      );
      if (!res.ok) throw new Error(`Launches answered ${res.status}`);
      const body = await res.json() as { items: RowListing[] };
      const early = props.tabs.find((t) => t.section === section)?.early;
      const rows = early ? earlyRows(body.items) : body.items;
      if (props.voting) await addStates(props.voting, rows);
      cache.current.set(section, rows);
      setItems(rows);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  /** Adds the states of rows not yet known; without them a row shows its count, no button. */
  async function addStates(voting: Voting, rows: RowListing[]) {
    const ids = rows.map((r) => r.id).filter((id): id is number => id !== undefined);
    const missing = ids.filter((id) => !(id in states));
    try {
      const found = await statesOf(voting, missing);
      setStates((known) => ({ ...known, ...found }));
    } catch {
      // The rows still show; their buttons come with the next successful read.
    }
  }

  /** A vote or undo: every list's row of the listing and its state follow. */
  function onVote(id: number, answer: VoteAnswer) {
    setStates((known) => ({ ...known, [id]: { voted: answer.voted, own: false } }));
    for (const [section, rows] of cache.current) {
      const early = props.tabs.find((t) => t.section === section)?.early;
      cache.current.set(
        section,
        rows.map((r) => r.id === id && !early ? { ...r, votes: answer.votes } : r),
      );
    }
  }

  const voting: Voting | undefined = props.voting && {
    ...props.voting,
    states,
    hidden: tab.early === true,
    plain: true,
    onVote,
    returnTo: tab.section === props.tabs[0].section ? "/" : `/?section=${tab.section}`,
  };

  function onClick(event: MouseEvent, section: string) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void show(section);
  }

  function onKeyDown(event: KeyboardEvent, index: number) {
    const n = props.tabs.length;
    const next = event.key === "ArrowRight"
      ? (index + 1) % n
      : event.key === "ArrowLeft"
      ? (index - 1 + n) % n
      : -1;
    if (next < 0) return;
    event.preventDefault();
    tabRefs.current[next]?.focus();
    void show(props.tabs[next].section);
  }

  return (
    <div class="launch-tabs">
      <div class="tabs" role="tablist" aria-label="Launch lists">
        {props.tabs.map((t, i) => (
          <a
            key={t.section}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            id={`tab-${t.section}`}
            role="tab"
            class="tab"
            href={i === 0 ? "/#launches" : `/?section=${t.section}#launches`}
            aria-selected={t.section === active ? "true" : "false"}
            aria-controls="launch-panel"
            tabIndex={t.section === active ? 0 : -1}
            onClick={(e) => onClick(e, t.section)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </a>
        ))}
      </div>
      <div
        id="launch-panel"
        role="tabpanel"
        aria-labelledby={`tab-${tab.section}`}
        aria-busy={loading ? "true" : "false"}
      >
        {failed
          ? <p class="empty">Could not load this list. Try again in a moment.</p>
          : items.length === 0
          ? <p class="empty">{tab.empty}</p>
          : (
            <ol class={loading ? "rows loading" : "rows"} data-section={tab.section}>
              {items.map((item, i) => (
                <ListingRow
                  key={item.slug}
                  listing={item}
                  rank={tab.ranked && !tab.early ? i + 1 : null}
                  categoryNames={props.categoryNames}
                  voting={voting}
                />
              ))}
            </ol>
          )}
      </div>
    </div>
  );
}
