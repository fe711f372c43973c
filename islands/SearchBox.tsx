/** Header search: suggestions from the search API as you type, full results on Enter. */
import { useEffect, useRef, useState } from "preact/hooks";
import { formatNumber } from "../components/format.ts";

interface SearchBoxProps {
  /** Text already searched for (the search page shows it in the box). */
  initialQuery?: string;
}

interface Suggestion {
  slug: string;
  name: string;
  tagline: string;
  votes: number;
}

const DEBOUNCE_MS = 180;
const LIMIT = 6;

/** The search form; without JavaScript it still submits to /search. */
export default function SearchBox({ initialQuery = "" }: SearchBoxProps) {
  const [query, setQuery] = useState(initialQuery);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [state, setState] = useState<"idle" | "loading" | "done" | "error">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inflight = useRef<AbortController | null>(null);
  // The suggestions on screen, for an answer that arrives after the person picked one.
  const shown = useRef<Suggestion[]>([]);
  shown.current = items;
  const listId = "search-suggestions";

  useEffect(() => () => {
    clearTimeout(timer.current);
    inflight.current?.abort();
  }, []);

  function fetchSuggestions(text: string) {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    setState("loading");
    const url = `/api/v1/listings?q=${encodeURIComponent(text)}&per_page=${LIMIT}`;
    fetch(url, { signal: controller.signal, headers: { accept: "application/json" } })
      .then((res) =>
        res.ok ? res.json() : Promise.reject(new Error(`Search answered ${res.status}`))
      )
      .then((body: { items: Suggestion[] }) => {
        const next = body.items.slice(0, LIMIT);
        // A pick made meanwhile stays on its product if the new list still has it.
        setActive((i) => next.findIndex((item) => item.slug === shown.current[i]?.slug));
        setItems(next);
        setState("done");
        setOpen(true);
      })
      .catch((err) => {
        if (err instanceof DOMException && err.name === "AbortError") return;
        setItems([]);
        setState("error");
        setOpen(true);
      });
  }

  function onInput(event: Event) {
    const text = (event.currentTarget as HTMLInputElement).value;
    setQuery(text);
    clearTimeout(timer.current);
    if (text.trim() === "") {
      inflight.current?.abort();
      setItems([]);
      setOpen(false);
      setState("idle");
      return;
    }
    timer.current = setTimeout(() => fetchSuggestions(text.trim()), DEBOUNCE_MS);
  }

  function onKeyDown(event: KeyboardEvent) {
    const count = items.length;
    if (event.key === "ArrowDown" && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % count);
    } else if (event.key === "ArrowUp" && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? count - 1 : i - 1));
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    } else if (event.key === "Enter" && open && active >= 0 && items[active]) {
      // A highlighted suggestion opens the listing; otherwise the form goes to /search.
      event.preventDefault();
      location.assign(`/listings/${encodeURIComponent(items[active].slug)}`);
    }
  }

  const expanded = open && query.trim() !== "" && state !== "idle";
  const optionId = (i: number) => `${listId}-${i}`;

  return (
    <form
      class="search"
      action="/search"
      method="get"
      role="search"
      onSubmit={() => setOpen(false)}
    >
      <label class="sr-only" for="site-search">Search products</label>
      <svg class="search-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
        <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" stroke-width="2" />
        <path d="m13 13 4.5 4.5" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
      </svg>
      <input
        id="site-search"
        type="text"
        enterKeyHint="search"
        name="q"
        value={query}
        placeholder="Search products…"
        autocomplete="off"
        maxLength={200}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded ? "true" : "false"}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        onInput={onInput}
        onKeyDown={onKeyDown}
        onFocus={() => items.length > 0 && setOpen(true)}
        onBlur={() => {
          setTimeout(() => setOpen(false), 150);
        }}
      />
      <div class="search-panel" hidden={!expanded}>
        <ul id={listId} role="listbox" aria-label="Suggestions" class="search-results">
          {items.map((item, i) => (
            <li
              key={item.slug}
              id={optionId(i)}
              role="option"
              aria-selected={i === active ? "true" : "false"}
              class={i === active ? "search-result active" : "search-result"}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
            >
              <a href={`/listings/${encodeURIComponent(item.slug)}`} tabIndex={-1}>
                <span class="search-result-text">
                  <span class="search-result-name">{item.name}</span>
                  <span class="search-result-tagline">{item.tagline}</span>
                </span>
                <span class="search-result-votes" aria-label={`${item.votes} votes`}>
                  ▲ {formatNumber(item.votes)}
                </span>
              </a>
            </li>
          ))}
        </ul>
        <p class="search-status" aria-live="polite">
          {state === "loading" && items.length === 0 && "Searching…"}
          {state === "done" && items.length === 0 && `No products match “${query.trim()}”.`}
          {state === "error" && "Search is unavailable right now."}
        </p>
        {query.trim() !== "" && (
          <a
            class="search-all"
            href={`/search?q=${encodeURIComponent(query.trim())}`}
            onMouseDown={(e) => e.preventDefault()}
          >
            See all results for “{query.trim()}” →
          </a>
        )}
      </div>
    </form>
  );
}
