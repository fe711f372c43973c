/** `/compare?a=&b=`: two live listings side by side; with one or none given, a form to pick. */
import { compareListings } from "../../services/directory/mod.ts";
import ListingLogo from "../../components/ListingLogo.tsx";
import { VoteCount } from "../../components/ListingRow.tsx";
import { type PageHandler, renderPage } from "./_page.tsx";

type Comparison = Awaited<ReturnType<typeof compareListings>>;

export const handler: PageHandler = async (ctx) => {
  const a = (ctx.c.req.query("a") ?? "").trim();
  const b = (ctx.c.req.query("b") ?? "").trim();
  if (!a || !b) {
    return renderPage(ctx, {
      title: "Compare products",
      description: "Compare two products side by side.",
      path: "/compare",
      noindex: true,
    }, <ComparePicker a={a} b={b} />);
  }
  const comparison = await compareListings(ctx.deps, a, b);
  return renderPage(ctx, {
    title: `${comparison.a.name} vs ${comparison.b.name}`,
    description:
      `${comparison.a.name} and ${comparison.b.name} compared: pricing, stage, features and votes.`,
    path: `/compare?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`,
  }, <ComparePage comparison={comparison} />);
};

function ComparePicker({ a, b }: { a: string; b: string }) {
  return (
    <>
      <header class="page-header">
        <h1>Compare products</h1>
        <p class="lead">
          Enter the two products' page names (the last part of their address, e.g. “acme”).
        </p>
      </header>
      <form class="card compare-form" action="/compare" method="get">
        <label class="field">
          <span class="field-label">First product</span>
          <input name="a" value={a} required pattern="[a-z0-9][a-z0-9\-]{0,219}" />
        </label>
        <label class="field">
          <span class="field-label">Second product</span>
          <input
            name="b"
            value={b}
            required
            pattern="[a-z0-9][a-z0-9\-]{0,219}"
            autofocus={Boolean(a)}
          />
        </label>
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
