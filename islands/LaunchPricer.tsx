/**
 * The paid launch form of the publish page: the week (or "go live now"), the extras, the billing
 * country and VAT number, and the price with VAT. Without JavaScript the form posts and the server
 * answers the page with its quote ("Update price") or goes on to the checkout. Hydrated, every
 * change is priced at once: the choices are posted as JSON to the page's quote endpoint (which
 * runs quote_order), and the lines, the VAT line and the total, or the errors at their fields,
 * are shown without a reload.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { formatDate, formatMoney } from "../components/format.ts";

/** The choices as the form names them (the categories as three pickers; blanks are dropped). */
export interface PricerSelection {
  /** "now", a Monday (YYYY-MM-DD), or "" when the launch is not offered. */
  week: string;
  /** Product codes of the extras ticked. */
  extras: string[];
  /** Extra category slugs (extra_categories). */
  categories: string[];
  /** The billboard contribution in dollars, as typed. */
  amount: string;
  billing_country: string;
  vat_number: string;
}

/** quote_order's answer, as much of it as the form shows. */
export interface PricerQuote {
  lines: { product: string; name: string; total_cents: number; week?: string }[];
  subtotal_cents: number;
  vat: { country: string | null; rate_percent: number; reverse_charge: boolean; note: string };
  vat_cents: number;
  total_cents: number;
}

/** An extra the listing may add, at the site's price. */
export interface PricerExtra {
  code: string;
  name: string;
  description: string;
  price_cents: number;
  minimum_cents?: number;
  max_categories?: number;
}

export interface LaunchPricerProps {
  /** Where the form posts without JavaScript. */
  action: string;
  /** The JSON quote endpoint. */
  quoteUrl: string;
  csrf: string;
  /** The paid launch, when the listing may take it: its price and the weeks with free capacity. */
  launch: { name: string; price_cents: number; weeks: { week: string; label: string }[] } | null;
  extras: PricerExtra[];
  categories: { group: string; options: { slug: string; name: string }[] }[];
  countries: { code: string; name: string }[];
  selection: PricerSelection;
  quote: PricerQuote | null;
  /** A message per field ("week", "extra.<code>", "categories", "amount", "billing_country", ...). */
  errors: Record<string, string>;
}

/** How long typing may pause before the price is asked for. */
const QUOTE_DELAY_MS = 250;

/** The form with its live price. */
export default function LaunchPricer(props: LaunchPricerProps) {
  const { launch, extras } = props;
  const [sel, setSel] = useState<PricerSelection>(props.selection);
  const [quote, setQuote] = useState<PricerQuote | null>(props.quote);
  const [errors, setErrors] = useState<Record<string, string>>(props.errors);
  const [live, setLive] = useState(false);
  const [pending, setPending] = useState(false);
  const asked = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => setLive(true), []);

  async function price(next: PricerSelection) {
    const mine = ++asked.current;
    setPending(true);
    try {
      const res = await fetch(props.quoteUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": props.csrf },
        body: JSON.stringify({ ...next, categories: next.categories.filter(Boolean) }),
      });
      const answer = await res.json();
      if (mine !== asked.current) return;
      setQuote(res.ok ? answer.quote : null);
      setErrors(res.ok ? {} : answer.fields ?? { form: answer.error?.message ?? res.statusText });
    } catch {
      if (mine === asked.current) {
        setErrors({ form: "The price could not be updated: use “Update price”" });
      }
    } finally {
      if (mine === asked.current) setPending(false);
    }
  }

  function change(patch: Partial<PricerSelection>) {
    const next = { ...sel, ...patch };
    setSel(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => price(next), QUOTE_DELAY_MS);
  }

  const ticked = (code: string) => sel.extras.includes(code);
  const toggle = (code: string, on: boolean) =>
    change({ extras: on ? [...sel.extras, code] : sel.extras.filter((c) => c !== code) });
  const fieldError = (name: string) =>
    errors[name] && (
      <p class="notice notice-error" id={`pricer-${name.replace(".", "-")}-error`} role="alert">
        {errors[name]}
      </p>
    );
  const describedBy = (name: string) =>
    errors[name] ? `pricer-${name.replace(".", "-")}-error` : undefined;

  return (
    <form method="post" action={props.action} class="form-stack launch-pricer">
      <input type="hidden" name="_csrf" value={props.csrf} />
      {launch && (
        <div class="field">
          <label for="pricer-week">Launch week</label>
          <select
            id="pricer-week"
            name="week"
            value={sel.week}
            aria-describedby={describedBy("week")}
            onChange={(e) => change({ week: e.currentTarget.value })}
          >
            <option value="now" selected={sel.week === "now"}>Go live now</option>
            {launch.weeks.map((w) => (
              <option key={w.week} value={w.week} selected={sel.week === w.week}>{w.label}</option>
            ))}
          </select>
          <p class="muted small">
            {launch.name}: {formatMoney(launch.price_cents)}, whichever week you choose.
          </p>
          {fieldError("week")}
        </div>
      )}
      {extras.length > 0 && (
        <fieldset class="pricer-extras">
          <legend>{launch ? "Extras (optional)" : "Extras"}</legend>
          {extras.map((x) => (
            <div class="field pricer-extra" key={x.code}>
              <label>
                <input
                  type="checkbox"
                  name="extras"
                  value={x.code}
                  checked={ticked(x.code)}
                  aria-describedby={describedBy(`extra.${x.code}`)}
                  onChange={(e) => toggle(x.code, e.currentTarget.checked)}
                />{" "}
                <strong>{x.name}</strong> <span class="pricer-price">{priceOf(x)}</span>
              </label>
              <p class="muted small">{x.description}</p>
              {fieldError(`extra.${x.code}`)}
              {x.code === "extra_categories" && (!live || ticked(x.code)) &&
                <CategoryPickers {...props} sel={sel} change={change} error={fieldError} />}
              {x.code === "billboard_min" && (!live || ticked(x.code)) && (
                <TextField
                  name="amount"
                  label="Billboard amount in US dollars"
                  value={sel.amount}
                  max={16}
                  decimal
                  onInput={(amount) => change({ amount })}
                  error={fieldError("amount")}
                />
              )}
            </div>
          ))}
          {fieldError("extras")}
        </fieldset>
      )}
      <div class="field">
        <label for="pricer-country">Billing country</label>
        <select
          id="pricer-country"
          name="billing_country"
          value={sel.billing_country}
          autoComplete="country"
          aria-describedby={describedBy("billing_country")}
          onChange={(e) => change({ billing_country: e.currentTarget.value })}
        >
          <option value="" selected={sel.billing_country === ""}>Choose a country</option>
          {props.countries.map((c) => (
            <option key={c.code} value={c.code} selected={c.code === sel.billing_country}>
              {c.name}
            </option>
          ))}
        </select>
        {fieldError("billing_country")}
      </div>
      <TextField
        name="vat_number"
        label="VAT number (optional, EU businesses)"
        value={sel.vat_number}
        max={32}
        onInput={(vat_number) => change({ vat_number })}
        error={fieldError("vat_number")}
      />
      <QuoteSummary quote={quote} pending={pending} />
      {fieldError("form")}
      <div class="pricer-actions">
        {!live && (
          <button type="submit" name="action" value="quote" class="button button-ghost">
            Update price
          </button>
        )}
        <button type="submit" name="action" value="checkout" class="button">
          Continue to checkout
        </button>
      </div>
    </form>
  );
}

/** A one-line text field with its label and the server's message under it. */
function TextField(
  { name, label, value, max, decimal, onInput, error }: {
    name: string;
    label: string;
    value: string;
    max: number;
    decimal?: boolean;
    onInput: (value: string) => void;
    error: ComponentChildren;
  },
) {
  const id = `pricer-${name}`;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        name={name}
        inputMode={decimal ? "decimal" : undefined}
        maxLength={max}
        value={value}
        aria-describedby={error ? `${id}-error` : undefined}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      {error}
    </div>
  );
}

function priceOf(x: PricerExtra): string {
  if (x.minimum_cents !== undefined) return `from ${formatMoney(x.minimum_cents)}`;
  return formatMoney(x.price_cents);
}

/** Up to `max_categories` pickers of the extra categories. */
function CategoryPickers(
  { extras, categories, sel, change, error }: LaunchPricerProps & {
    sel: PricerSelection;
    change: (patch: Partial<PricerSelection>) => void;
    error: (name: string) => unknown;
  },
) {
  const max = extras.find((x) => x.code === "extra_categories")?.max_categories ?? 3;
  const pick = (i: number, slug: string) => {
    const next = Array.from({ length: max }, (_, j) => sel.categories[j] ?? "");
    next[i] = slug;
    change({ categories: next });
  };
  return (
    <div class="pricer-categories">
      {Array.from({ length: max }, (_, i) => (
        <div class="field" key={i}>
          <label for={`pricer-category-${i + 1}`}>Extra category {i + 1}</label>
          <select
            id={`pricer-category-${i + 1}`}
            name="categories"
            value={sel.categories[i] ?? ""}
            onChange={(e) => pick(i, e.currentTarget.value)}
          >
            <option value="">None</option>
            {categories.map((g) => (
              <optgroup key={g.group} label={g.group}>
                {g.options.map((o) => (
                  <option key={o.slug} value={o.slug} selected={sel.categories[i] === o.slug}>
                    {o.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      ))}
      {error("categories")}
    </div>
  );
}

/** The priced lines, the VAT line and the total. */
function QuoteSummary({ quote, pending }: { quote: PricerQuote | null; pending: boolean }) {
  return (
    <section class="pricer-summary card" aria-live="polite" aria-busy={pending}>
      <h3>Price</h3>
      {!quote
        ? <p class="muted">Choose what to order to see its price.</p>
        : (
          <dl class="order-totals">
            {quote.lines.map((line, i) => (
              <div key={i}>
                <dt>{line.name}{line.week ? ` (week of ${formatDate(line.week)})` : ""}</dt>
                <dd>{formatMoney(line.total_cents)}</dd>
              </div>
            ))}
            <div>
              <dt>Subtotal</dt>
              <dd>{formatMoney(quote.subtotal_cents)}</dd>
            </div>
            <div class="order-vat">
              <dt>
                <span class="pricer-vat-rate">
                  VAT {quote.vat.rate_percent} %{quote.vat.reverse_charge && " (reverse charge)"}
                </span>
                <span class="order-vat-note">{quote.vat.note}</span>
              </dt>
              <dd>{formatMoney(quote.vat_cents)}</dd>
            </div>
            <div class="order-total">
              <dt>Total (USD)</dt>
              <dd>{formatMoney(quote.total_cents)}</dd>
            </div>
          </dl>
        )}
    </section>
  );
}
