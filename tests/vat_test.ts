/** VAT: rates by country, VAT numbers and their check digits, VIES against a local fake, rounding. */
import assert from "node:assert/strict";
import { ApiError } from "../services/platform/errors.ts";
import { loadConfig } from "../services/platform/config.ts";
import {
  decideVat,
  OUTSIDE_EU_NOTE,
  REVERSE_CHARGE_NOTE,
  vatCents,
  type VatInput,
} from "../services/commerce/vat.ts";
import { parseVatNumber, VAT_NUMBER_RULES } from "../services/commerce/vat_numbers.ts";
import {
  countryName,
  knownCountries,
  VAT_RATES,
  VAT_RATES_AS_OF,
} from "../services/commerce/vat_countries.ts";
import { createViesClient, viesClientFromConfig } from "../services/commerce/vies.ts";

/** Decides with VIES explicitly off, so that the environment never reaches the real service. */
function decide(input: Omit<VatInput, "seller_country"> & { seller_country?: string }) {
  return decideVat({ seller_country: "DE", ...input }, { vies: null });
}

/** The ApiError `run` throws (failing when it throws nothing or something else). */
async function apiErrorOf(run: () => unknown): Promise<ApiError> {
  try {
    await run();
  } catch (err) {
    assert.ok(err instanceof ApiError, String(err));
    return err;
  }
  assert.fail("expected an ApiError");
}

/** Asserts a 400 whose details name `path`, and returns its message. */
async function assertRefused(run: () => Promise<unknown>, path: string): Promise<string> {
  const err = await apiErrorOf(run);
  assert.equal(err.status, 400);
  assert.deepEqual(err.details.map((d) => d.path), [path]);
  return err.message;
}

/** Asserts that `vat_number` is refused with a 400 naming it, for a buyer in `billing_country`. */
function refuseNumber(billing_country: string, vat_number: string): Promise<string> {
  return assertRefused(() => decide({ billing_country, vat_number }), "vat_number");
}

Deno.test("a consumer in DE pays 19 %", async () => {
  const vat = await decide({ billing_country: "de", seller_country: "FR" });
  assert.deepEqual(vat, {
    country: "DE",
    rate_bp: 1900,
    rate_percent: 19,
    reverse_charge: false,
    vat_number: null,
    note: "VAT 19 %: the standard rate of Germany for a consumer",
    rates_as_of: VAT_RATES_AS_OF,
  });
  assert.deepEqual((await decide({ billing_country: "FI" })).rate_percent, 25.5);
});

Deno.test("a business in FR with a valid number gets reverse charge, an invalid one a 400", async () => {
  const vat = await decide({ billing_country: "FR", vat_number: "fr 40-303.265.045" });
  assert.deepEqual(vat.rate_bp, 0);
  assert.deepEqual(vat.rate_percent, 0);
  assert.deepEqual(vat.reverse_charge, true);
  assert.deepEqual(vat.vat_number, "FR40303265045");
  assert.deepEqual(vat.note, REVERSE_CHARGE_NOTE);
  const message = await refuseNumber("FR", "FR41303265045");
  assert.deepEqual(message, 'Invalid VAT number "FR41303265045": the check digits do not match');
});

Deno.test("a number without prefix takes the billing country's; a wrong prefix is a 400", async () => {
  assert.deepEqual(
    (await decide({ billing_country: "FR", vat_number: "40303265045" })).vat_number,
    "FR40303265045",
  );
  const message = await refuseNumber("IT", "FR40303265045");
  assert(message.includes('does not match the billing country IT (expected "IT")'), message);
  await refuseNumber("FR", "GB123456789");
  await refuseNumber("FR", "FR4030326504");
  await refuseNumber("FR", "FR40_303265045");
  await assertRefused(
    () => decide({ billing_country: "FR", vat_number: `FR40303265045${" ".repeat(20)}` }),
    "vat_number",
  );
});

Deno.test("a US buyer pays no VAT and is not reverse charged; an unknown country is a 400", async () => {
  const vat = await decide({ billing_country: "us", vat_number: "12-3456789" });
  assert.deepEqual(vat, {
    country: "US",
    rate_bp: 0,
    rate_percent: 0,
    reverse_charge: false,
    vat_number: null,
    note: OUTSIDE_EU_NOTE,
    rates_as_of: VAT_RATES_AS_OF,
  });
  const message = await assertRefused(() => decide({ billing_country: "ZZ" }), "billing_country");
  assert.deepEqual(
    message,
    'Invalid billing country "ZZ": not a known ISO 3166-1 alpha-2 country code',
  );
  await assertRefused(() => decide({ billing_country: "UK" }), "billing_country");
  await assertRefused(() => decide({ billing_country: "DEU" }), "billing_country");
});

Deno.test("a German business when the seller is in DE pays the domestic rate", async () => {
  const vat = await decide({ billing_country: "DE", vat_number: "DE 136 695 976" });
  assert.deepEqual(vat.rate_bp, 1900);
  assert.deepEqual(vat.reverse_charge, false);
  assert.deepEqual(vat.vat_number, "DE136695976");
  assert.deepEqual(
    vat.note,
    "VAT 19 %: the standard rate of Germany, charged to a business in the seller's own country",
  );
});

Deno.test("Greece: billing country GR, VAT prefix EL", async () => {
  const vat = await decide({ billing_country: "gr", vat_number: "EL094014201" });
  assert.deepEqual([vat.country, vat.vat_number, vat.reverse_charge], ["GR", "EL094014201", true]);
  assert.deepEqual(
    (await decide({ billing_country: "GR", vat_number: "094014201" })).vat_number,
    "EL094014201",
  );
  const message = await refuseNumber("GR", "GR094014201");
  assert(message.includes('Greek VAT numbers start with "EL"'), message);
  assert.deepEqual((await decide({ billing_country: "GR" })).rate_bp, 2400);
});

Deno.test("no billing country: a preview at the seller's rate; with a VAT number a 400", async () => {
  const vat = await decide({ seller_country: "ee" });
  assert.deepEqual([vat.country, vat.rate_bp, vat.reverse_charge], [null, VAT_RATES.EE, false]);
  assert.deepEqual(
    vat.note,
    "Preview: VAT 24 % of Estonia, the seller's country, until the billing country is given",
  );
  await assertRefused(() => decide({ vat_number: "DE136695976" }), "billing_country");
  await assert.rejects(
    () => decide({ seller_country: "ZZ", billing_country: "DE" }),
    /seller_country/,
  );
});

Deno.test("the table: 27 member states, each with a rate, a VAT number rule and a name", () => {
  assert.ok(/^\d{4}-\d{2}-\d{2}$/.test(VAT_RATES_AS_OF));
  const countries = Object.keys(VAT_RATES);
  assert.deepEqual(countries.length, 27);
  for (const country of countries) {
    const rate = VAT_RATES[country];
    assert(Number.isInteger(rate) && rate >= 1500 && rate <= 2700, `${country}: ${rate}`);
    assert(VAT_NUMBER_RULES[country === "GR" ? "EL" : country], country);
    assert(knownCountries().includes(country), country);
  }
  assert.deepEqual(Object.keys(VAT_NUMBER_RULES).length, 27);
  assert.deepEqual(knownCountries().length, 250); // 249 ISO codes and XK
  for (const code of knownCountries()) {
    assert.ok(!["Unknown Region", code].includes(countryName(code)), code);
  }
});

/** Public example numbers (published by the companies or in the member states' documentation). */
const VALID_NUMBERS: Record<string, string[]> = {
  AT: ["ATU13585627"],
  BE: ["BE0403019261"],
  DE: ["DE136695976"],
  DK: ["DK13585628"],
  ES: ["ESA28015865", "ES12345678Z", "ESX1234567L"],
  FI: ["FI20774740"],
  FR: ["FR40303265045"],
  IE: ["IE6388047V", "IE8Z49289F", "IE3628739UA"],
  IT: ["IT00743110157"],
  NL: ["NL004495445B01", "NL000099998B57"],
  PL: ["PL8567346215"],
  PT: ["PT501964843"],
  SE: ["SE556012579001"],
};

/** The number with its first digit after the prefix changed (a check digit guards every digit). */
function changeOneDigit(number: string): string {
  const i = [...number].findIndex((c, j) => j >= 2 && /\d/.test(c));
  return number.slice(0, i) + (Number(number[i]) + 1) % 10 + number.slice(i + 1);
}

Deno.test("check digits: each algorithm takes public examples and refuses one changed digit", async (t) => {
  for (const [prefix, numbers] of Object.entries(VALID_NUMBERS)) {
    assert(VAT_NUMBER_RULES[prefix].check, `${prefix} has a check-digit algorithm`);
    for (const number of numbers) {
      await t.step(number, async () => {
        assert.deepEqual(parseVatNumber(number, prefix).normalised, number);
        const changed = changeOneDigit(number);
        const err = await apiErrorOf(() => parseVatNumber(changed, prefix));
        assert.deepEqual(err.details[0].path, "vat_number");
        assert(err.message.includes("check digits"), `${changed}: ${err.message}`);
      });
    }
  }
  await t.step("Belgian 9-digit numbers get their leading 0", () => {
    assert.deepEqual(parseVatNumber("BE 403.019.261", "BE").normalised, "BE0403019261");
  });
  await t.step("formats only elsewhere", () => {
    assert.deepEqual(parseVatNumber("LU 15027442", "LU").normalised, "LU15027442");
    assert.throws(() => parseVatNumber("LU1502744", "LU"), /format/);
  });
});

/** A fake VIES on 127.0.0.1: `valid` for numbers ending in 1, `invalid` otherwise; records calls. */
function fakeVies(answer: (body: { countryCode: string; vatNumber: string }) => Response) {
  const calls: unknown[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const url = new URL(req.url);
    if (req.method !== "POST" || url.pathname !== "/rest-api/check-vat-number") {
      return new Response("not found", { status: 404 });
    }
    const body = await req.json();
    calls.push(body);
    return answer(body);
  });
  return { calls, server, baseUrl: `http://127.0.0.1:${server.addr.port}/rest-api` };
}

Deno.test("VIES: valid, invalid and unreachable, against a fake server", async (t) => {
  const registered = new Set(["FR40303265045"]);
  const fake = fakeVies(({ countryCode, vatNumber }) =>
    Response.json({
      countryCode,
      vatNumber,
      valid: registered.has(countryCode + vatNumber),
      userError: registered.has(countryCode + vatNumber) ? "VALID" : "INVALID",
    })
  );
  try {
    const vies = viesClientFromConfig(
      loadConfig((name) => name === "VIES_URL" ? `${fake.baseUrl}/` : undefined),
    );
    assert(vies);
    await t.step("valid: reverse charge, sent as prefix and number", async () => {
      const vat = await decideVat({
        billing_country: "FR",
        vat_number: "FR40303265045",
        seller_country: "DE",
      }, { vies });
      assert.deepEqual([vat.reverse_charge, vat.note], [true, REVERSE_CHARGE_NOTE]);
      assert.deepEqual(fake.calls.at(-1), { countryCode: "FR", vatNumber: "40303265045" });
    });
    await t.step("invalid: a 400 naming vat_number", async () => {
      const message = await assertRefused(
        () =>
          decideVat({ billing_country: "DE", vat_number: "DE136695976", seller_country: "FR" }, {
            vies,
          }),
        "vat_number",
      );
      assert(message.includes("not registered in VIES"), message);
    });
    await t.step("a member state's outage (MS_UNAVAILABLE) is no answer", async () => {
      const down = fakeVies(() => Response.json({ valid: false, userError: "MS_UNAVAILABLE" }));
      try {
        const answer = await createViesClient(down.baseUrl).check("DE", "136695976");
        assert.deepEqual(answer, { status: "unavailable", reason: "answered MS_UNAVAILABLE" });
      } finally {
        await down.server.shutdown();
      }
    });
    await t.step("an HTTP error is no answer", async () => {
      const broken = fakeVies(() => new Response("busy", { status: 503 }));
      try {
        const vat = await decideVat(
          { billing_country: "DE", vat_number: "DE136695976", seller_country: "FR" },
          { vies: createViesClient(broken.baseUrl) },
        );
        assert.deepEqual(vat.reverse_charge, true);
        assert.deepEqual(
          vat.note,
          `${REVERSE_CHARGE_NOTE} (VAT number not confirmed by VIES: answered HTTP 503)`,
        );
      } finally {
        await broken.server.shutdown();
      }
    });
  } finally {
    await fake.server.shutdown();
  }
  await t.step("unreachable: the well-formed number is accepted, unconfirmed", async () => {
    const vat = await decideVat(
      { billing_country: "DE", vat_number: "DE136695976", seller_country: "DE" },
      { vies: createViesClient(fake.baseUrl) },
    );
    assert.deepEqual(vat.rate_bp, 1900);
    assert(vat.note.endsWith("(VAT number not confirmed by VIES: not reachable)"), vat.note);
  });
  await t.step("left out, the client is the one VIES_URL configures", async () => {
    const registry = fakeVies(() => Response.json({ valid: false, userError: "INVALID" }));
    const before = Deno.env.get("VIES_URL");
    Deno.env.set("VIES_URL", registry.baseUrl);
    try {
      await assertRefused(
        () => decideVat({ billing_country: "AT", vat_number: "ATU13585627", seller_country: "DE" }),
        "vat_number",
      );
      assert.deepEqual(registry.calls, [{ countryCode: "AT", vatNumber: "U13585627" }]);
    } finally {
      if (before === undefined) Deno.env.delete("VIES_URL");
      else Deno.env.set("VIES_URL", before);
      await registry.server.shutdown();
    }
  });
  await t.step("not configured: no client", () => {
    assert.deepEqual(viesClientFromConfig(loadConfig(() => undefined)), null);
    assert.throws(
      () => loadConfig((name) => name === "VIES_URL" ? "ec.europa.eu" : undefined),
      /VIES_URL/,
    );
  });
});

Deno.test("rounding: half up on the whole subtotal, to the cent", () => {
  assert.deepEqual(vatCents(0, 1900), 0);
  assert.deepEqual(vatCents(1, 1900), 0); // 0.19
  assert.deepEqual(vatCents(3, 1900), 1); // 0.57
  assert.deepEqual(vatCents(50, 100), 1); // 0.5 exactly: up
  assert.deepEqual(vatCents(49, 100), 0); // 0.49
  assert.deepEqual(vatCents(1050, 1900), 200); // 199.5 → 200
  assert.deepEqual(vatCents(1150, 1700), 196); // 195.5 → 196
  assert.deepEqual(vatCents(2, 2550), 1); // 0.51
  assert.deepEqual(vatCents(9900, 2550), 2525); // 2524.5 → 2525
  assert.deepEqual(vatCents(10_000, 0), 0);
  assert.deepEqual(vatCents(Number.MAX_SAFE_INTEGER, 2700), 2_431_943_798_780_068); // …067.57
  // Per line, 3 × 0.5 would round to 3; on the whole subtotal (150 × 1 %) it is 1.5 → 2.
  assert.deepEqual(vatCents(150, 100), 2);
  assert.throws(() => vatCents(-1, 1900), RangeError);
  assert.throws(() => vatCents(10.5, 1900), RangeError);
  assert.throws(() => vatCents(100, 19.5), RangeError);
});
