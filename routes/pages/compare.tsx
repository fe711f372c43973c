/**
 * `/compare?a=&b=`: two live listings side by side. Each side may be typed as a product's name, its
 * website's domain or its page name (slug): a name is looked up through search; an ambiguous one
 * offers the best matches, one that matches nothing says so (404). Once both sides resolve, the
 * page redirects to its canonical URL with the two slugs.
 */
import { compareListings, resolveListing } from "../../services/directory/mod.ts";
import type { ResolvedListing } from "../../services/directory/mod.ts";
import Breadcrumbs from "../../components/Breadcrumbs.tsx";
import ListingLogo from "../../components/ListingLogo.tsx";
import { VoteCount } from "../../components/ListingRow.tsx";
import { type PageHandler, renderPage } from "./_page.tsx";

type Comparison = Awaited<ReturnType<typeof compareListings>>;

/** Longest text a side takes. */
const SIDE_MAX = 200;

/** One side of the form: what was typed and what it resolved to (null: nothing typed). */
interface Side {
  name: "a" | "b";
  label: string;
  typed: string;
  resolved: ResolvedListing | null;
}

/** The canonical compare URL of two slugs (or one). */
export function comparePath(a: string, b?: string): string {
  const first = `/compare?a=${encodeURIComponent(a)}`;
  return b === undefined ? first : `${first}&b=${encodeURIComponent(b)}`;
}

function typedSide(ctx: Parameters<PageHandler>[0], name: "a" | "b") {
  return (ctx.c.req.query(name) ?? "").trim().slice(0, SIDE_MAX);
}

export const handler: PageHandler = async (ctx) => {
  const typed = { a: typedSide(ctx, "a"), b: typedSide(ctx, "b") };
  const [ra, rb] = await Promise.all(
    [typed.a, typed.b].map((t) => t ? resolveListing(ctx.deps, t) : Promise.resolve(null)),
  );
  if (ra?.kind === "found" && rb?.kind === "found" && ra.listing.id !== rb.listing.id) {
    const { slug: a } = ra.listing;
    const { slug: b } = rb.listing;
    if (a !== typed.a || b !== typed.b) return ctx.c.redirect(comparePath(a, b), 302);
    const comparison = await compareListings(ctx.deps, a, b);
    return renderPage(ctx, {
      title: `${comparison.a.name} vs ${comparison.b.name}`,
      description:
        `${comparison.a.name} and ${comparison.b.name} compared: pricing, stage, features and votes.`,
      path: comparePath(a, b),
    }, <ComparePage comparison={comparison} />);
  }
  const sides: Side[] = [
    { name: "a", label: "First product", typed: typed.a, resolved: ra },
    { name: "b", label: "Second product", typed: typed.b, resolved: rb },
  ];
  const unmatched = sides.some((s) => s.resolved?.kind === "none");
  return renderPage(ctx, {
    title: "Compare products",
    description: "Compare two products side by side.",
    path: "/compare",
    noindex: true,
    status: unmatched ? 404 : 200,
  }, <ComparePicker sides={sides} />);
};

/** The slug a side stands for in a link: the resolved listing's, else what was typed. */
function sideValue(side: Side): string {
  return side.resolved?.kind === "found" ? side.resolved.listing.slug : side.typed;
}

/** What the form says under a side: found, no match, or the choices to pick from. */
function SideNote({ side, other, same }: { side: Side; other: Side; same: boolean }) {
  const r = side.resolved;
  if (!r) return null;
  if (r.kind === "none") {
    return (
      <p class="notice notice-error" role="alert">
        No live product matches “{side.typed}”. Try its name, its website (e.g. acme.com) or{" "}
        <a href="/search">search the directory</a>.
      </p>
    );
  }
  if (r.kind === "found") {
    return (
      <p class={`notice ${same ? "notice-error" : "notice-ok"}`} role={same ? "alert" : undefined}>
        {same ? "Both sides are " : "Found "}
        <a href={`/listings/${encodeURIComponent(r.listing.slug)}`}>{r.listing.name}</a>
        {same ? ": pick two different products." : "."}
      </p>
    );
  }
  const link = (slug: string) =>
    side.name === "a" ? comparePath(slug, sideValue(other)) : comparePath(sideValue(other), slug);
  return (
    <div class="notice notice-warn" role="status">
      <p>Several products match “{side.typed}”. Pick one:</p>
      <ul class="plain-list">
        {r.items.map((l) => (
          <li key={l.slug}>
            <a href={link(l.slug)}>{l.name}</a> <span class="muted">{l.tagline}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ComparePicker({ sides }: { sides: Side[] }) {
  const [a, b] = sides;
  const same = a.resolved?.kind === "found" && b.resolved?.kind === "found";
  return (
    <>
      <Breadcrumbs trail={[{ label: "Compare" }]} />
      <header class="page-header">
        <h1>Compare products</h1>
        <p class="lead">
          Type two products' names, their websites (e.g. acme.com) or their page names.
        </p>
      </header>
      <form class="card compare-form" action="/compare" method="get">
        {sides.map((side, i) => (
          <div key={side.name} class="compare-side">
            <label class="field">
              <span class="field-label">{side.label}</span>
              <input
                name={side.name}
                value={side.typed}
                required
                maxLength={SIDE_MAX}
                autofocus={i === 1 && Boolean(a.typed) && !b.typed}
              />
            </label>
            <SideNote side={side} other={sides[1 - i]} same={same} />
          </div>
        ))}
        <button class="button" type="submit">Compare</button>
      </form>
    </>
  );
}

function Cell({ value }: { value: unknown }) {
  const empty = value === null || value === undefined || value === "" ||
    (Array.isArray(value) && value.length === 0);
  if (empty) return <span class="muted">Not stated</span>;
  if (Array.isArray(value)) {
    return (
      <ul class="plain-list">
        {value.map((v) => <li key={String(v)}>{String(v)}</li>)}
      </ul>
    );
  }
  return <>{String(value)}</>;
}

/** One row of the table: what it compares, then each product's value. */
function Row({ label, a, b }: { label: string; a: unknown; b: unknown }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>
        <Cell value={a} />
      </td>
      <td>
        <Cell value={b} />
      </td>
    </tr>
  );
}

/** The comparison table. */
export default function ComparePage({ comparison }: { comparison: Comparison }) {
  const { a, b } = comparison;
  const head = (l: typeof a) => (
    <th scope="col">
      <a class="compare-head" href={`/listings/${l.slug}`}>
        <ListingLogo name={l.name} logoUrl={l.logo_url} size="s" />
        {l.name}
      </a>
      <VoteCount votes={l.votes} />
    </th>
  );
  return (
    <>
      <Breadcrumbs
        trail={[{ label: "Compare", href: "/compare" }, { label: `${a.name} vs ${b.name}` }]}
      />
      <header class="page-header">
        <h1>
          {a.name} vs {b.name}
        </h1>
        <p class="lead">
          {comparison.same_category
            ? "Both are in the same category."
            : "They are listed in different categories."}
        </p>
      </header>
      <div class="card table-wrap">
        <table class="compare">
          <thead>
            <tr>
              <td />
              {head(a)}
              {head(b)}
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((row) => (
              <Row key={row.key} label={row.label} a={row.a} b={row.b} />
            ))}
            <Row
              label="Features"
              a={[...comparison.features.shared, ...comparison.features.only_a]}
              b={[...comparison.features.shared, ...comparison.features.only_b]}
            />
          </tbody>
        </table>
      </div>
      {comparison.features.shared.length > 0 && (
        <p class="muted">Both have: {comparison.features.shared.join(", ")}.</p>
      )}
    </>
  );
}
