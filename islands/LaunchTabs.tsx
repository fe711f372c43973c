/** The home page's launch lists: this week, today, trending and recent, switched in place. */
import { useRef, useState } from "preact/hooks";
import ListingRow, { type RowListing } from "../components/ListingRow.tsx";

/** One tab: a list_launches section. */
export interface LaunchTab {
  section: string;
  label: string;
  /** Show rank numbers (ranked sections). */
  ranked: boolean;
  /** Shown when the section is empty. */
  empty: string;
}

/** Props: the tabs, the section the server rendered and its items. */
export interface LaunchTabsProps {
  tabs: LaunchTab[];
  active: string;
  items: RowListing[];
  perPage: number;
  categoryNames: Record<string, string>;
}

/** Tabs are links (`/?section=…`), so they also work before or without hydration. */
export default function LaunchTabs(props: LaunchTabsProps) {
  const [active, setActive] = useState(props.active);
  const [items, setItems] = useState(props.items);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
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
      cache.current.set(section, body.items);
      setItems(body.items);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

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
                  rank={tab.ranked ? i + 1 : null}
                  categoryNames={props.categoryNames}
                />
              ))}
            </ol>
          )}
      </div>
    </div>
  );
}
