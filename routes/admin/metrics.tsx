/**
 * The site team's Domain Rating and revenue (ADMIN_EMAILS; others get the normal 404, signed-out
 * visitors sign in and come back). `GET /admin/metrics` (`?slug=` shows a listing's history).
 * Posts (CSRF-checked), each recorded in the audit log:
 * - `/admin/metrics/domain-rating`: one reading (slug, date, value 0-100), "domain_rating.add";
 * - `/admin/metrics/domain-rating/import`: `slug,date,value` lines; any refused line and nothing
 *   is imported (the page lists each refused line and why), else "domain_rating.import";
 * - `/admin/metrics/domain-rating/fetch` (`slug`, or `all`): readings from the configured
 *   provider, only when DOMAIN_RATING_API_URL is set;
 * - `/admin/metrics/revenue`: a month's MRR, verified or self-reported, "revenue.add".
 */
import { type Context, Hono } from "hono";
import {
  addDomainRating,
  addRevenue,
  fetchAllDomainRatings,
  fetchDomainRating,
  hasDomainRatingProvider,
  importDomainRatings,
  type ImportResult,
  readReading,
  readRevenue,
} from "../../services/admin/mod.ts";
import type { ApiError, Deps } from "../../services/platform/mod.ts";
import { isoDate } from "../../services/platform/weeks.ts";
import { CsrfField } from "../account/_ui.tsx";
import type { SessionEnv } from "../session.ts";
import { ErrorNotice, teamForm, teamMember, teamPage, tryAction } from "./_team.tsx";
import { Field, FormCard, InputField, invalid } from "./_fields.tsx";
import { ListingFigures, loadFigures } from "./_metrics_history.tsx";

const PATH = "/admin/metrics";
type FormName = "reading" | "import" | "fetch" | "revenue";

/** What the page shows besides the forms: a refusal, an import's refused lines, a notice. */
interface Outcome {
  form?: FormName;
  error?: ApiError;
  input?: URLSearchParams;
  refusedLines?: ImportResult["refused"];
}

/** The metrics page's routes. */
export function adminMetricsRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get(PATH, (c) => {
    const who = teamMember(deps, c);
    if (!who) return c.notFound();
    return render(deps, c, who.session.csrf_token, {});
  });
  /** A form post: runs the action; 303 to `done` or the page again with the refusal. */
  const action = (
    path: string,
    form: FormName,
    run: (deps: Deps, by: string, input: URLSearchParams) => Promise<string>,
  ) =>
    app.post(path, async (c) => {
      const posted = await teamForm(deps, c);
      if (!posted) return c.notFound();
      const { who, form: input } = posted;
      let done = "";
      const error = await tryAction(async () => done = await run(deps, who.user.email, input));
      if (error) {
        return render(deps, c, who.session.csrf_token, { form, error, input }, error.status);
      }
      return c.redirect(`${PATH}?${done}`, 303);
    });
  action(`${PATH}/domain-rating`, "reading", async (deps, by, input) => {
    const reading = readReading(deps, input);
    await addDomainRating(deps, by, reading);
    return query({ done: `Domain Rating ${reading.value} recorded`, slug: reading.slug });
  });
  action(`${PATH}/revenue`, "revenue", async (deps, by, input) => {
    const figure = readRevenue(deps, input);
    await addRevenue(deps, by, figure);
    const kind = figure.verified ? "verified" : "self-reported";
    return query({ done: `Revenue for ${figure.month} recorded (${kind})`, slug: figure.slug });
  });
  action(`${PATH}/domain-rating/fetch`, "fetch", async (deps, by, input) => {
    if (input.get("all") === "1") {
      const { recorded, failed } = await fetchAllDomainRatings(deps, by);
      const missed = failed.length ? `; none for ${failed.join(", ")}` : "";
      return query({ done: `${recorded} readings fetched${missed}` });
    }
    const slug = (input.get("slug") ?? "").trim();
    const value = await fetchDomainRating(deps, by, slug);
    return query({ done: `Domain Rating ${value} fetched`, slug });
  });
  app.post(`${PATH}/domain-rating/import`, async (c) => {
    const posted = await teamForm(deps, c);
    if (!posted) return c.notFound();
    const { who, form: input } = posted;
    let result: ImportResult = { imported: 0, refused: [] };
    const error = await tryAction(async () =>
      result = await importDomainRatings(deps, who.user.email, input.get("csv") ?? "")
    );
    if (error || result.refused.length > 0) {
      const outcome = { form: "import" as const, error: error ?? undefined, input };
      return render(
        deps,
        c,
        who.session.csrf_token,
        { ...outcome, refusedLines: result.refused },
        400,
      );
    }
    return c.redirect(`${PATH}?${query({ done: `${result.imported} readings imported` })}`, 303);
  });
  return app;
}

function query(values: Record<string, string>): string {
  return new URLSearchParams(values).toString();
}

async function render(deps: Deps, c: Context, csrf: string, outcome: Outcome, status = 200) {
  const slug = c.req.query("slug") ?? "";
  const done = outcome.form ? null : c.req.query("done");
  const provider = hasDomainRatingProvider(deps);
  const at = (form: FormName) => outcome.form === form ? outcome : {};
  const figures = slug ? await loadFigures(deps, slug) : null;
  const body = (
    <section class="admin-metrics">
      <header class="page-header">
        <h1>Domain Rating and revenue</h1>
        <p class="lead">
          Readings are kept as history: a listing's profile shows the newest and its 90-day trend.
        </p>
      </header>
      {done && <p class="notice notice-ok" role="status">{done}.</p>}
      <div class="admin-metrics-grid">
        <ReadingForm csrf={csrf} today={isoDate(deps.now())} slug={slug} {...at("reading")} />
        {provider && <FetchForms csrf={csrf} slug={slug} {...at("fetch")} />}
        <ImportForm csrf={csrf} {...at("import")} />
        <RevenueForm
          csrf={csrf}
          month={isoDate(deps.now()).slice(0, 7)}
          slug={slug}
          {...at("revenue")}
        />
      </div>
      {figures && <ListingFigures figures={figures} />}
    </section>
  );
  return teamPage(deps, c, "Domain Rating and revenue", body, status);
}

type FormProps = Outcome & { csrf: string };

function SlugField(
  { input, error, slug, name }: FormProps & { slug: string; name: FormName },
) {
  return (
    <InputField
      label="Listing (slug)"
      path="slug"
      id={`${name}-slug`}
      hint="As in /listings/slug"
      errors={error?.details}
      required
      maxLength={100}
      value={input?.get("slug") ?? slug}
    />
  );
}

function ReadingForm(props: FormProps & { today: string; slug: string }) {
  const { csrf, error, input, today } = props;
  const errors = error?.details;
  return (
    <FormCard
      action={`${PATH}/domain-rating`}
      title="Add a Domain Rating reading"
      csrf={csrf}
      error={error}
      button="Add reading"
    >
      <SlugField {...props} name="reading" />
      <InputField
        label="Date"
        path="date"
        errors={errors}
        type="date"
        required
        max={today}
        value={input?.get("date") ?? today}
      />
      <InputField
        label="Domain Rating (0-100)"
        path="value"
        errors={errors}
        type="number"
        required
        min={0}
        max={100}
        step={1}
        value={input?.get("value") ?? ""}
      />
    </FormCard>
  );
}

function FetchForms(props: FormProps & { slug: string }) {
  const { csrf, error } = props;
  return (
    <div class="card form-stack" aria-labelledby="fetch-title">
      <h2 id="fetch-title">Fetch from the provider</h2>
      <ErrorNotice error={error ?? null} />
      <form class="form-stack" method="post" action={`${PATH}/domain-rating/fetch`}>
        <CsrfField token={csrf} />
        <SlugField {...props} name="fetch" />
        <button type="submit" class="button button-ghost">Fetch now</button>
      </form>
      <form method="post" action={`${PATH}/domain-rating/fetch`}>
        <CsrfField token={csrf} />
        <input type="hidden" name="all" value="1" />
        <button type="submit" class="button button-ghost">Fetch now for every live listing</button>
      </form>
    </div>
  );
}

function ImportForm({ csrf, error, input, refusedLines }: FormProps) {
  const intro = (
    <p class="muted small">
      One reading a line: <code>slug,date,value</code>{" "}
      (a header line is optional). Every line is checked first: if any is refused, nothing is
      imported, so correct the lines below and import the whole file again.
    </p>
  );
  return (
    <FormCard
      action={`${PATH}/domain-rating/import`}
      title="Import readings (CSV)"
      csrf={csrf}
      error={error}
      button="Import"
      intro={intro}
    >
      {refusedLines && refusedLines.length > 0 && (
        <div class="notice notice-error" role="alert">
          <p>Nothing imported: {refusedLines.length} line(s) refused.</p>
          <ul class="refused-lines">
            {refusedLines.map((r) => (
              <li key={r.line}>
                Line {r.line} (<code>{r.text}</code>): {r.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Field label="Lines" path="csv" errors={error?.details}>
        <textarea
          id="csv"
          name="csv"
          rows={6}
          required
          placeholder="slug,date,value"
          {...invalid(error?.details, "csv")}
        >
          {input?.get("csv") ?? ""}
        </textarea>
      </Field>
    </FormCard>
  );
}

function RevenueForm(props: FormProps & { month: string; slug: string }) {
  const { csrf, error, input, month } = props;
  const errors = error?.details;
  const intro = (
    <p class="muted small">
      The revenue board ranks verified figures only. Self-reported figures are kept and shown on the
      listing's profile as self-reported.
    </p>
  );
  return (
    <FormCard
      action={`${PATH}/revenue`}
      title="Add a revenue figure"
      csrf={csrf}
      error={error}
      button="Add figure"
      intro={intro}
    >
      <SlugField {...props} name="revenue" />
      <InputField
        label="Month"
        path="month"
        errors={errors}
        type="month"
        required
        max={month}
        placeholder="YYYY-MM"
        value={input?.get("month") ?? month}
      />
      <InputField
        label="Monthly recurring revenue (USD)"
        path="mrr"
        errors={errors}
        inputMode="decimal"
        required
        value={input?.get("mrr") ?? ""}
      />
      <label class="checkbox">
        <input type="checkbox" name="verified" checked={input?.get("verified") === "on"} />{" "}
        Verified (checked against the payment provider's figures)
      </label>
    </FormCard>
  );
}
