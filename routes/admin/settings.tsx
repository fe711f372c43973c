/**
 * The site team's prices and settings (ADMIN_EMAILS; others get the normal 404, signed-out
 * visitors sign in and come back). `GET /admin/settings`: the settings and the price of each
 * product, and where a change takes effect. `POST /admin/settings` and
 * `POST /admin/settings/prices` (CSRF-checked): each save is one atomic write with its audit entry
 * ("settings.update", "price.update"); nothing changed, nothing written; 303 back with a notice, or
 * the page again (400) with each refusal at its field.
 */
import { type Context, Hono } from "hono";
import {
  type EditableSettings,
  pricedProducts,
  readNote,
  readPricesForm,
  readSettingsForm,
  SELLER_LIMITS,
  SETTING_RANGES,
  updatePrices,
  updateSettings,
} from "../../services/admin/mod.ts";
import { countryOptions } from "../../services/commerce/mod.ts";
import { type ApiError, type Deps, getSettings } from "../../services/platform/mod.ts";
import type { ErrorDetail } from "../../services/platform/mod.ts";
import { listProductRecords } from "../../kv/catalog.ts";
import type { Product } from "../../kv/types.ts";
import type { SessionEnv } from "../session.ts";
import { teamForm, teamMember, teamPage, tryAction } from "./_team.tsx";
import { dollars, Field, FormCard, InputField, invalid, MoneyField } from "./_fields.tsx";

const PATH = "/admin/settings";

/** A refused save: which form, the error and what was typed. */
type Refused = { form: "settings" | "prices"; error: ApiError; input: URLSearchParams } | null;

/** The settings page's routes. */
export function adminSettingsRoutes(deps: Deps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get(PATH, async (c) => {
    const who = teamMember(deps, c);
    if (!who) return c.notFound();
    return await render(deps, c, who.session.csrf_token, null);
  });
  app.post(PATH, async (c) => {
    const posted = await teamForm(deps, c);
    if (!posted) return c.notFound();
    const { who, form } = posted;
    let changed: string[] = [];
    const error = await tryAction(async () => {
      changed = await updateSettings(deps, who.user.email, readSettingsForm(form), readNote(form));
    });
    if (error) {
      return await render(deps, c, who.session.csrf_token, {
        form: "settings",
        error,
        input: form,
      });
    }
    return c.redirect(`${PATH}?saved=settings&changed=${changed.length}`, 303);
  });
  app.post(`${PATH}/prices`, async (c) => {
    const posted = await teamForm(deps, c);
    if (!posted) return c.notFound();
    const { who, form } = posted;
    let changed: string[] = [];
    const error = await tryAction(async () => {
      const note = readNote(form);
      changed = await updatePrices(deps, who.user.email, (p) => readPricesForm(form, p), note);
    });
    if (error) {
      return await render(deps, c, who.session.csrf_token, { form: "prices", error, input: form });
    }
    return c.redirect(`${PATH}?saved=prices&changed=${changed.length}`, 303);
  });
  return app;
}

async function render(deps: Deps, c: Context, csrf: string, refused: Refused) {
  const [settings, products] = await Promise.all([
    getSettings(deps.kv),
    listProductRecords(deps.kv),
  ]);
  const saved = c.req.query("saved");
  const changed = Number(c.req.query("changed") ?? "0");
  const body = (
    <section class="admin-settings">
      <header class="page-header">
        <h1>Settings and prices</h1>
        <p class="lead">The free queue, capacities, boards, the seller on receipts, and prices.</p>
      </header>
      {saved && !refused && (
        <p class="notice notice-ok" role="status">
          {changed === 0
            ? "Nothing changed: nothing was saved."
            : `${saved === "prices" ? "Prices" : "Settings"} saved (${changed} changed).`}
        </p>
      )}
      <TakesEffect />
      <SettingsForm
        settings={settings}
        csrf={csrf}
        refused={refused?.form === "settings" ? refused : null}
      />
      <PricesForm
        products={products}
        csrf={csrf}
        refused={refused?.form === "prices" ? refused : null}
      />
    </section>
  );
  const status = refused ? refused.error.status : 200;
  return teamPage(deps, c, "Settings and prices", body, status);
}

function TakesEffect() {
  return (
    <aside class="card notice" aria-labelledby="takes-effect">
      <h2 id="takes-effect">Where a change takes effect</h2>
      <ul>
        <li>
          <strong>Prices</strong>{" "}
          and the billboard minimum apply to new quotes and checkouts at once. Orders already made
          keep their prices and totals, paid or not.
        </li>
        <li>
          <strong>The free queue window and weekly capacities</strong>{" "}
          apply to reservations and bookings made from now on; weeks already reserved or booked
          stay.
        </li>
        <li>
          <strong>The trending half-life</strong> applies to the next ranking.{" "}
          <strong>The seller</strong> applies to receipts and VAT of orders made from now on.
        </li>
      </ul>
    </aside>
  );
}

/** Labels and hints of the whole-number settings, in the form's order, by fieldset. */
const GROUPS: [string, [keyof typeof SETTING_RANGES, string, string][]][] = [
  ["Free queue", [
    ["free_queue_min_weeks", "Window starts (weeks ahead)", "The earliest week a free launch gets"],
    ["free_queue_max_weeks", "Window ends (weeks ahead)", "At least the window's start"],
    ["free_slots_per_week", "Free launches per week", ""],
  ]],
  ["Paid launches", [
    ["paid_slots_per_week", "Paid launches per week", ""],
    ["paid_booking_weeks", "Bookable weeks ahead", "How far ahead paid launches may be booked"],
  ]],
  ["Boards", [
    ["trending_half_life_hours", "Trending half-life (hours)", "How fast a vote's weight halves"],
  ]],
];

function SettingsForm(
  { settings, csrf, refused }: { settings: EditableSettings; csrf: string; refused: Refused },
) {
  const errors = refused?.error.details;
  const value = (name: keyof EditableSettings) =>
    refused?.input.get(name) ?? String(settings[name]);
  return (
    <FormCard
      action={PATH}
      title="Settings"
      csrf={csrf}
      error={refused?.error}
      button="Save settings"
    >
      {GROUPS.map(([legend, fields]) => (
        <fieldset key={legend} class="form-stack">
          <legend>{legend}</legend>
          {fields.map(([name, label, hint]) => (
            <InputField
              key={name}
              label={label}
              path={name}
              hint={hint || undefined}
              errors={errors}
              type="number"
              required
              min={SETTING_RANGES[name][0]}
              max={SETTING_RANGES[name][1]}
              step={1}
              value={value(name)}
            />
          ))}
          {legend === "Boards" && (
            <MoneyField
              label="Billboard minimum (USD)"
              path="billboard_min_cents"
              hint="The least a billboard contribution may be; also the billboard product's price"
              errors={errors}
              value={refused?.input.get("billboard_min_cents") ??
                dollars(settings.billboard_min_cents)}
            />
          )}
        </fieldset>
      ))}
      <SellerFields value={value} errors={errors} />
      <NoteField value={refused?.input.get("reason") ?? ""} errors={errors} />
    </FormCard>
  );
}

function SellerFields(
  { value, errors }: {
    value: (name: keyof EditableSettings) => string;
    errors?: ErrorDetail[];
  },
) {
  return (
    <fieldset class="form-stack">
      <legend>Seller (receipts and VAT)</legend>
      <Field label="Country" path="seller_country" errors={errors}>
        <select id="seller_country" name="seller_country" {...invalid(errors, "seller_country")}>
          {countryOptions().map((o) => (
            <option key={o.code} value={o.code} selected={o.code === value("seller_country")}>
              {o.name} ({o.code})
            </option>
          ))}
        </select>
      </Field>
      <InputField
        label="Legal name"
        path="seller_name"
        errors={errors}
        required
        maxLength={SELLER_LIMITS.name}
        value={value("seller_name")}
      />
      <Field label="Postal address" path="seller_address" errors={errors}>
        <textarea
          id="seller_address"
          name="seller_address"
          rows={3}
          maxLength={SELLER_LIMITS.address}
          {...invalid(errors, "seller_address")}
        >
          {value("seller_address")}
        </textarea>
      </Field>
      <InputField
        label="VAT number"
        path="seller_vat_number"
        hint="Checked against the country when it is in the EU; may stay empty"
        errors={errors}
        maxLength={32}
        value={value("seller_vat_number")}
      />
    </fieldset>
  );
}

function NoteField({ value, errors }: { value: string; errors?: ErrorDetail[] }) {
  return (
    <InputField
      label="Note (optional)"
      path="reason"
      hint="Kept in the audit log"
      errors={errors}
      maxLength={2000}
      value={value}
    />
  );
}

function PricesForm(
  { products, csrf, refused }: { products: Product[]; csrf: string; refused: Refused },
) {
  const errors = refused?.error.details;
  const intro = (
    <p class="muted small">
      USD, excluding VAT. New quotes and checkouts use them at once; existing orders keep theirs.
      The billboard contribution has no fixed price: its minimum is a setting above.
    </p>
  );
  return (
    <FormCard
      action={`${PATH}/prices`}
      title="Prices"
      csrf={csrf}
      error={refused?.error}
      button="Save prices"
      intro={intro}
    >
      <div class="admin-prices">
        {pricedProducts(products).map((p) => (
          <MoneyField
            key={p.code}
            label={`${p.name} (${p.code})`}
            path={`price_${p.code}`}
            hint={p.active ? undefined : "Not on sale"}
            errors={errors}
            value={refused?.input.get(`price_${p.code}`) ?? dollars(p.price_cents)}
          />
        ))}
      </div>
      <NoteField value={refused?.input.get("reason") ?? ""} errors={errors} />
    </FormCard>
  );
}
