/** `/founders`: the founders directory, in name order, with `?q=` (a name) and `?page=`. */
import { listFounders } from "../../services/directory/mod.ts";
import { badRequest } from "../../services/platform/mod.ts";
import Breadcrumbs from "../../components/Breadcrumbs.tsx";
import Avatar from "../../components/Avatar.tsx";
import { countryName } from "../../components/country.ts";
import Pagination from "../../components/Pagination.tsx";
import { plural } from "../../components/format.ts";
import { type PageHandler, pageParam, renderPage, withPage } from "./_page.tsx";

export const PER_PAGE = 24;
const QUERY_MAX = 100;

type Founders = Awaited<ReturnType<typeof listFounders>>;

/** Reads `?q=`: trimmed, at most QUERY_MAX characters (a longer one is a 400). */
function nameQuery(raw: string | undefined): string {
  const q = (raw ?? "").trim();
  if (q.length > QUERY_MAX) {
    throw badRequest(`Name "${q.slice(0, 20)}…" is too long: at most ${QUERY_MAX} characters`, [
      { path: "q", message: `At most ${QUERY_MAX} characters` },
    ]);
  }
  return q;
}

/** The directory's path for a name query and a page. */
function foundersPath(q: string, page: number): string {
  return withPage(q ? `/founders?q=${encodeURIComponent(q)}` : "/founders", page);
}

export const handler: PageHandler = async (ctx) => {
  const q = nameQuery(ctx.c.req.query("q"));
  const founders = await listFounders(ctx.deps, { q, ...pageParam(ctx.c, PER_PAGE) });
  const suffix = founders.page > 1 ? ` (page ${founders.page})` : "";
  return renderPage(ctx, {
    title: q ? `Founders named “${q}”${suffix}` : `Founders${suffix}`,
    description: "The people behind the products in the directory, with the companies they run.",
    path: foundersPath(q, founders.page),
    noindex: Boolean(q),
    section: "founders",
  }, <FoundersPage founders={founders} q={q} />);
};

function FounderCard({ founder }: { founder: Founders["items"][number] }) {
  return (
    <li class="founder-card">
      <Avatar name={founder.name} imageUrl={founder.avatar_url} size="m" />
      <div>
        <a class="row-name" href={`/founders/${encodeURIComponent(founder.slug)}`}>
          {founder.name}
        </a>
        {founder.country && <p class="muted small">{countryName(founder.country)}</p>}
        {founder.companies.length > 0
          ? (
            <p class="small">
              {founder.companies.map((c, i) => (
                <span key={c.slug}>
                  {i > 0 && ", "}
                  <a href={`/listings/${encodeURIComponent(c.slug)}`}>{c.name}</a>
                </span>
              ))}
            </p>
          )
          : <p class="muted small">No public listings yet.</p>}
      </div>
    </li>
  );
}

/** The founders directory page. */
export default function FoundersPage({ founders, q }: { founders: Founders; q: string }) {
  return (
    <>
      <Breadcrumbs trail={[{ label: "Founders" }]} />
      <header class="page-header">
        <h1>Founders</h1>
        <p class="lead">
          The people behind the products in the directory. {plural(founders.total, "founder")}
          {q ? ` named “${q}”` : ""}, in name order.
        </p>
      </header>
      <form class="inline-form" action="/founders" method="get" role="search">
        <label class="field">
          <span class="field-label">Find a founder by name</span>
          <input name="q" value={q} maxLength={QUERY_MAX} type="search" />
        </label>
        <button class="button" type="submit">Find</button>
      </form>
      <section class="card" aria-label="Founders">
        {founders.items.length === 0
          ? (
            <p class="empty">
              {founders.page > 1
                ? (
                  <>
                    No founders on this page. <a href={foundersPath(q, 1)}>Back to page 1</a>.
                  </>
                )
                : q
                ? (
                  <>
                    No founder is named “{q}”. <a href="/founders">See every founder</a>.
                  </>
                )
                : "No founders are listed yet."}
            </p>
          )
          : (
            <ul class="people founder-grid">
              {founders.items.map((f) => <FounderCard key={f.slug} founder={f} />)}
            </ul>
          )}
        <Pagination
          page={founders.page}
          totalPages={founders.total_pages}
          href={(p) => foundersPath(q, p)}
        />
      </section>
    </>
  );
}
