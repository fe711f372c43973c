/**
 * The draft editor on the server: every form's body reaches update_draft (recorded at the
 * operation's handler) with only what changed, refusals come back as a 400 page with the API's
 * message at the field and what was typed, the per-field buttons, CSRF, another account's draft,
 * the redirect while the draft is built, and saving as a listing.
 */
import assert from "node:assert/strict";
import { bearer, buildFixture, type Fixture, NOW, sendJson } from "./fixtures.ts";
import { type Browser, browser, csrfOf, signedInBrowser, signInAs } from "./accounts_fixture.ts";
import { draftedDraft, SITE_ORIGIN } from "./draft_editor_fixture.ts";
import { FOUNDER_EMAIL } from "./dashboard_fixture.ts";
import { OPERATIONS } from "../routes/api/v1/mod.ts";
import { createDraft, getDraftEntry } from "../kv/drafts.ts";
import { getUserByEmail } from "../kv/users.ts";
import type { Draft } from "../kv/types.ts";
import { newDraft } from "../services/drafting/drafts.ts";

interface Bed {
  f: Fixture;
  person: Browser;
  draft: Draft;
  path: string;
  /** The bodies update_draft's handler received, in order. */
  bodies: Record<string, unknown>[];
}

async function withEditor(test: (bed: Bed) => Promise<void>) {
  const f = await buildFixture();
  const op = OPERATIONS.find((o) => o.operationId === "update_draft")!;
  const original = op.handler;
  const bodies: Record<string, unknown>[] = [];
  op.handler = (input, ctx) => {
    bodies.push(structuredClone(input.body) as Record<string, unknown>);
    return original(input, ctx);
  };
  try {
    const draft = await draftedDraft(f.deps, FOUNDER_EMAIL);
    const person = browser(f);
    const path = `/dashboard/drafts/${draft.id}`;
    await signInAs(f, person, FOUNDER_EMAIL, path);
    await test({ f, person, draft, path, bodies });
  } finally {
    op.handler = original;
    f.deps.kv.close();
  }
}

/** Posts one of the editor's forms with the page's CSRF token. */
async function post(bed: Bed, form: string, fields: Record<string, string | string[]>) {
  const page = await bed.person.get(bed.path);
  assert.equal(page.status, 200, page.html.slice(0, 300));
  return await bed.person.post(bed.path, { ...fields, form, _csrf: csrfOf(page.html) });
}

/** Posts a form and checks the body update_draft received. */
async function sends(
  bed: Bed,
  form: string,
  fields: Record<string, string>,
  body: Record<string, unknown>,
) {
  const res = await post(bed, form, fields);
  assert.equal(res.status, 303, res.html.slice(0, 300));
  assert.deepEqual(bed.bodies.at(-1), body);
}

async function stored(bed: Bed): Promise<Draft> {
  return (await getDraftEntry(bed.f.deps.kv, bed.draft.id)).value!;
}

function unescape(html: string): string {
  return html.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'").replaceAll("&amp;", "&");
}

/** The message rendered under the field named `name`, or null. */
function fieldError(html: string, name: string): string | null {
  const at = new RegExp(`id="field-${name.replaceAll(".", "\\.")}-error"[^>]*>([^<]*)<`).exec(html);
  return at ? unescape(at[1]) : null;
}

/** The value of the input or textarea named `name`. */
function fieldValue(html: string, name: string): string | null {
  const n = name.replaceAll(".", "\\.");
  const input = new RegExp(`<input[^>]*name="${n}"[^>]*value="([^"]*)"`).exec(html);
  const area = new RegExp(`<textarea[^>]*name="${n}"[^>]*>([^<]*)</textarea>`).exec(html);
  return input ? unescape(input[1]) : area ? unescape(area[1]) : null;
}

/** What the API itself answers for `body` (its message about the first field). */
async function apiRefusal(bed: Bed, body: Record<string, unknown>) {
  const res = await sendJson(
    bed.f.app,
    "PATCH",
    `/api/v1/drafts/${bed.draft.id}`,
    body,
    bearer(bed.f.keys.owner),
  );
  assert.equal(res.status, 400, JSON.stringify(res.body));
  return res.body.error.details[0] as { path: string; message: string };
}

Deno.test("the editor shows every field with its state, value, limit and evidence", async () => {
  await withEditor(async (bed) => {
    const page = await bed.person.get(bed.path);
    assert.equal(page.status, 200);
    assert.match(page.headers.get("cache-control") ?? "", /no-store/);
    assert.match(page.html, /<h1>Edit the draft of Acmeflow<\/h1>/);
    for (const field of Object.keys(bed.draft.fields)) {
      assert.ok(page.html.includes(`name="fields.${field}"`), field);
      assert.ok(page.html.includes(`value="regenerate"`), field);
    }
    assert.equal(fieldValue(page.html, "fields.tagline"), "Invoices that pay themselves");
    assert.equal(
      fieldValue(page.html, "fields.features"),
      bed.draft.fields.features.value
        ? (bed.draft.fields.features.value as string[]).join("\n")
        : null,
    );
    assert.match(page.html, /pill-draft-ai"><span class="sr-only">State:<\/span>AI</);
    assert.match(page.html, /pill-draft-not_found"><span class="sr-only">State:<\/span>Not found</);
    assert.ok(page.html.includes(`<a href="${SITE_ORIGIN}/about"`), "a quote links its page");
    assert.match(page.html, /name="seo\.title"[^>]*maxlength="70"/);
    assert.match(page.html, /name="faqs\.0\.question"[^>]*maxlength="300"/);
    assert.ok(page.html.includes('name="faqs.2.question"'), "empty rows follow the filled one");
    assert.ok(!page.html.includes('name="faqs.3.question"'));
    assert.match(page.html, /Completeness: \d+%/);
    assert.ok(page.html.includes('href="#field-block-usps"'), "what is missing links its field");
    assert.ok(page.html.includes("Accounting"), "the category names are listed");
  });
});

Deno.test("each form sends only what changed to update_draft", async (t) => {
  await withEditor(async (bed) => {
    const shown = (await bed.person.get(bed.path)).html;
    const basics = ["name", "tagline", "short_description", "stage"];
    const same = (names: string[]) =>
      Object.fromEntries(names.map((n) => [`fields.${n}`, fieldValue(shown, `fields.${n}`) ?? ""]));

    await t.step("a changed value, the rest left out", async () => {
      const res = await post(bed, "basics", { ...same(basics), "fields.tagline": "Get paid" });
      assert.equal(res.status, 303);
      assert.equal(res.headers.get("location"), `${bed.path}?saved=basics#form-basics`);
      assert.deepEqual(bed.bodies.at(-1), { fields: { tagline: "Get paid" } });
      assert.equal((await stored(bed)).fields.tagline.state, "edited");
      const page = await bed.person.get(`${bed.path}?saved=basics`);
      assert.match(page.html, /Saved\./);
    });
    await t.step("nothing changed: no call at all", async () => {
      const count = bed.bodies.length;
      const res = await post(bed, "business", same(["pricing_model", "country", "city"]));
      assert.equal(res.status, 303);
      assert.match(res.headers.get("location")!, /unchanged=1/);
      assert.equal(bed.bodies.length, count);
    });
    await t.step("an emptied field sends null; lists go one item per line", async () => {
      await sends(bed, "business", { "fields.city": "" }, { fields: { city: null } });
      assert.equal((await stored(bed)).fields.city.state, "deleted");
      await sends(bed, "lists", { "fields.usps": "Fast\r\n\r\n  Friendly \r\n" }, {
        fields: { usps: ["Fast", "Friendly"] },
      });
      assert.equal((await stored(bed)).fields.usps.state, "manual");
    });
    await t.step("FAQs: filled rows replace the list, empty rows are dropped", async () => {
      await sends(bed, "faqs", {
        "faqs.0.question": "",
        "faqs.0.answer": "",
        "faqs.1.question": "Does it remind clients?",
        "faqs.1.answer": "Yes,\r\nby email.",
        "faqs.2.question": "",
        "faqs.2.answer": "",
      }, {
        faqs: [{ question: "Does it remind clients?", answer: "Yes,\nby email." }],
      });
    });
    await t.step("founders and milestones, optional columns only when filled", async () => {
      await sends(bed, "founders", {
        "founders.0.name": "Ada Weber",
        "founders.0.title": "CEO",
        "founders.0.bio": "",
        "founders.1.name": "Bo Chen",
      }, {
        founders: [{ name: "Ada Weber", title: "CEO" }, { name: "Bo Chen" }],
      });
      await sends(bed, "milestones", {
        "milestones.0.date": "2024-05-01",
        "milestones.0.title": "Launched",
        "milestones.0.url": "https://acmeflow.example/blog/launch",
      }, {
        milestones: [{
          date: "2024-05-01",
          title: "Launched",
          url: "https://acmeflow.example/blog/launch",
        }],
      });
    });
    await t.step("socials, story, competitor and SEO: the changed keys", async () => {
      await sends(bed, "socials", {
        "company_socials.x": "https://x.com/acmeflow",
        "company_socials.github": "",
        "company_socials.linkedin": "https://linkedin.com/company/acmeflow",
        "founder_socials.x": "",
      }, {
        company_socials: { github: "", linkedin: "https://linkedin.com/company/acmeflow" },
      });
      await sends(bed, "story", { "story.title": "", "story.why_started": "Late payments." }, {
        story: { why_started: "Late payments." },
      });
      await sends(bed, "competitor", { competitor_url: "billwise.example" }, {
        competitor_url: "billwise.example",
      });
      const page = await bed.person.get(bed.path);
      assert.ok(page.html.includes("Reading their website"), "the comparison's status");
      // The meta drafted from the site's own meta description is sent back unchanged.
      const drafted = (await stored(bed)).seo.meta ?? "";
      await sends(bed, "seo", { "seo.title": "Acmeflow invoices", "seo.meta": drafted }, {
        seo: { title: "Acmeflow invoices" },
      });
      assert.equal((await stored(bed)).seo.title, "Acmeflow invoices");
    });
  });
});

Deno.test("a refused form: 400, the API's message at its field, what was typed kept", async (t) => {
  await withEditor(async (bed) => {
    await t.step("an SEO title over 70 characters", async () => {
      const long = "A".repeat(71);
      const before = (await stored(bed)).seo.title;
      const api = await apiRefusal(bed, { seo: { title: long } });
      const res = await post(bed, "seo", { "seo.title": long, "seo.meta": "Typed meta" });
      assert.equal(res.status, 400);
      assert.equal(fieldError(res.html, "seo.title"), api.message);
      assert.equal(fieldValue(res.html, "seo.title"), long);
      assert.equal(fieldValue(res.html, "seo.meta"), "Typed meta");
      assert.equal((await stored(bed)).seo.title, before, "nothing half-written");
    });
    await t.step("a link that is not http(s)", async () => {
      const api = await apiRefusal(bed, { fields: { logo_url: "ftp://acmeflow.example/l.png" } });
      const res = await post(bed, "contact", {
        "fields.logo_url": "ftp://acmeflow.example/l.png",
        "fields.contact_email": "typed@acmeflow.example",
      });
      assert.equal(res.status, 400);
      assert.equal(fieldError(res.html, "fields.logo_url"), api.message);
      assert.equal(fieldValue(res.html, "fields.contact_email"), "typed@acmeflow.example");
    });
    await t.step("a milestone row without its date, at its row", async () => {
      const res = await post(bed, "milestones", {
        "milestones.0.date": "",
        "milestones.0.title": "",
        "milestones.1.date": "",
        "milestones.1.title": "Beta",
      });
      assert.equal(res.status, 400);
      const api = await apiRefusal(bed, { milestones: [{ date: "", title: "Beta" }] });
      assert.equal(api.path, "milestones.0.date");
      assert.equal(fieldError(res.html, "milestones.0.date"), api.message);
      assert.match(res.html, /name="milestones\.0\.title"[^>]*value="Beta"/);
    });
    await t.step("a bad co-founder email", async () => {
      const res = await post(bed, "invite", { email: "not-an-email" });
      assert.equal(res.status, 400);
      assert.ok(fieldError(res.html, "email"));
      assert.equal(fieldValue(res.html, "email"), "not-an-email");
      assert.equal((await stored(bed)).invites.length, 0);
    });
  });
});

Deno.test("lock, restore and regenerate per field", async () => {
  await withEditor(async (bed) => {
    const ai = bed.draft.fields.tagline.value;
    await post(bed, "basics", { "fields.tagline": "Mine" });
    const locked = await post(bed, "field_action", { field: "tagline", action: "lock" });
    assert.equal(locked.status, 303);
    assert.deepEqual(bed.bodies.at(-1), { lock_fields: ["tagline"] });
    assert.equal((await stored(bed)).fields.tagline.state, "override");
    const page = await bed.person.get(bed.path);
    assert.match(page.html, /pill-draft-override"><span class="sr-only">State:<\/span>Locked</);

    await sends(bed, "field_action", { field: "tagline", action: "restore" }, {
      restore: ["tagline"],
    });
    assert.equal((await stored(bed)).fields.tagline.value, ai);
    assert.equal((await stored(bed)).fields.tagline.state, "ai");

    await post(bed, "business", { "fields.city": "Hamburg" });
    await sends(bed, "field_action", { field: "city", action: "regenerate" }, {
      regenerate: ["city"],
    });
    const city = (await stored(bed)).fields.city;
    assert.equal(city.value, "Berlin");
    assert.equal(city.state, "ai");
    assert.ok(city.evidence.length > 0);

    const refused = await post(bed, "field_action", { field: "nonsense", action: "lock" });
    assert.equal(refused.status, 400);
    const api = await apiRefusal(bed, { lock_fields: ["nonsense"] });
    assert.ok(unescape(refused.html).includes(api.message), "the API's message is shown");
  });
});

Deno.test("forms need the CSRF token", async () => {
  await withEditor(async (bed) => {
    const res = await bed.person.post(bed.path, { form: "basics", "fields.tagline": "X" });
    assert.equal(res.status, 403);
    const wrong = await bed.person.post(bed.path, {
      form: "basics",
      "fields.tagline": "X",
      _csrf: "not-the-token",
    });
    assert.equal(wrong.status, 403);
    assert.equal(bed.bodies.length, 0);
    assert.equal((await stored(bed)).fields.tagline.state, "ai");
  });
});

Deno.test("another account's draft, an unknown one or a bad id is the 404 page", async () => {
  await withEditor(async (bed) => {
    const stranger = await signedInBrowser(bed.f, "sam@elsewhere.example");
    const res = await stranger.get(bed.path);
    assert.equal(res.status, 404);
    assert.match(res.headers.get("content-type") ?? "", /text\/html/);
    assert.ok(!res.html.includes("Acmeflow"));
    const token = csrfOf((await stranger.get("/account")).html);
    const posted = await stranger.post(bed.path, {
      form: "basics",
      "fields.tagline": "Stolen",
      _csrf: token,
    });
    assert.equal(posted.status, 404);
    assert.equal((await stored(bed)).fields.tagline.state, "ai");
    assert.equal((await bed.person.get(`/dashboard/drafts/${crypto.randomUUID()}`)).status, 404);
    assert.equal((await bed.person.get("/dashboard/drafts/not-a-uuid")).status, 404);
  });
});

Deno.test("while the draft is being built the editor sends people to watch it", async () => {
  await withEditor(async (bed) => {
    const owner = await getUserByEmail(bed.f.deps.kv, FOUNDER_EMAIL);
    const building = newDraft(owner!.id, "https://newapp.example/", NOW);
    await createDraft(bed.f.deps.kv, building);
    const res = await bed.person.get(`/dashboard/drafts/${building.id}`);
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), `/dashboard/drafts/${building.id}/watch`);
  });
});

Deno.test("save as listing goes to its publish page; a saved draft says so", async () => {
  await withEditor(async (bed) => {
    const res = await post(bed, "submit", {});
    assert.equal(res.status, 303);
    const listingId = (await stored(bed)).listing_id;
    assert.ok(listingId);
    assert.equal(res.headers.get("location"), `/dashboard/listings/${listingId}/publish`);
    const page = await bed.person.get(bed.path);
    assert.match(page.html, /Already saved as a listing/);
    assert.ok(page.html.includes(`href="/dashboard/listings/${listingId}"`));
    assert.ok(!page.html.includes('value="submit"'), "no second Save button");
  });
});
