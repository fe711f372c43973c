import assert from "node:assert/strict";
import { blankListing, EMPTY_STATS } from "../kv/listings.ts";
import { categoryKey, listingKey, listingStatsKey } from "../kv/keys.ts";
import type { Category, Listing, ListingStats } from "../kv/types.ts";
import { SearchIndex } from "../services/directory/search/index.ts";
import { loadSearchIndex, toSearchDoc } from "../services/directory/search/load.ts";
import type { ListingSummary } from "../services/directory/summary.ts";
import type { SearchDoc, SearchQuery } from "../services/directory/search/types.ts";
import { normalizeDomain, tokenize } from "../services/directory/search/text.ts";

function doc(id: number, overrides: Partial<SearchDoc> = {}): SearchDoc {
  const name = overrides.name ?? `Product ${id}`;
  return {
    id,
    slug: `product-${id}`,
    name,
    url: `https://product${id}.example`,
    tagline: "A tool",
    logo_url: null,
    description: "",
    keywords: [],
    categories: ["invoicing", "finance"],
    primary_category: "invoicing",
    stage: "launched",
    country: "DE",
    pricing_model: "Freemium",
    domain: `product${id}.example`,
    status: "live",
    launch_week: null,
    launched_at: null,
    created_at: `2026-01-${String(id % 28 + 1).padStart(2, "0")}T00:00:00.000Z`,
    votes: 0,
    views: 0,
    follows: 0,
    ...overrides,
  };
}

function query(q: string, extra: Partial<SearchQuery> = {}): SearchQuery {
  return { q, status: "live", sort: "relevance", page: 1, per_page: 20, ...extra };
}

function ids(result: { items: ListingSummary[] }): number[] {
  return result.items.map((item) => item.id);
}

function indexOf(...docs: SearchDoc[]): SearchIndex {
  const index = new SearchIndex();
  for (const d of docs) index.upsert(d);
  return index;
}

/** A directory with known text, used by the text-search steps. */
function directory(): SearchIndex {
  return indexOf(
    doc(1, {
      name: "Ledgerly",
      tagline: "Invoice software for freelancers",
      description: "Send invoices and get paid.",
      keywords: ["billing"],
      votes: 5,
    }),
    doc(2, {
      name: "Paymently",
      tagline: "Payment links",
      description: "Accept payments online with one link.",
      votes: 50,
    }),
    doc(3, {
      name: "Calendo",
      tagline: "Team calendar",
      description: "Shared calendar and invoice reminders for accounting teams.",
      votes: 20,
    }),
    doc(4, {
      name: "Invoice Hero",
      tagline: "Bill clients faster",
      description: "Create an invoice in seconds. Invoice templates and invoice tracking.",
      votes: 1,
    }),
    doc(5, {
      name: "Zebrafy",
      tagline: "Stripes for your website",
      description: "Decorate pages with zebra patterns.",
      keywords: ["design"],
    }),
  );
}

Deno.test("tokenize lowercases, strips diacritics and splits on non-alphanumerics", () => {
  assert.deepEqual(tokenize("Café-Bar: ÜBER Straße, naïve_2x"), [
    "cafe",
    "bar",
    "uber",
    "straße",
    "naive",
    "2x",
  ]);
  assert.deepEqual(tokenize("  --  "), []);
});

Deno.test("normalizeDomain strips scheme, www, path and port", () => {
  assert.equal(normalizeDomain("https://www.Acme.io:8443/pricing?x=1#top"), "acme.io");
  assert.equal(normalizeDomain("WWW.acme.io"), "acme.io");
  assert.equal(normalizeDomain("acme.io/"), "acme.io");
  assert.equal(normalizeDomain("http://user@sub.acme.io."), "sub.acme.io");
});

Deno.test("text search", async (t) => {
  const index = directory();

  await t.step("exact term", () => {
    assert.deepEqual(ids(index.search(query("calendar"))), [3]);
  });

  await t.step("one typo per short term: invoce softwre finds Invoice software", () => {
    const result = index.search(query("invoce softwre"));
    assert.deepEqual(ids(result), [1]);
    assert.equal(result.total, 1);
  });

  await t.step("two typos in a term of 8+ characters, not in a shorter one", () => {
    assert.deepEqual(ids(index.search(query("acountng"))), [3]); // accounting, 2 deletions
    assert.deepEqual(ids(index.search(query("freelncrs"))), [1]); // freelancers, 2 deletions
    assert.deepEqual(ids(index.search(query("calndr "))), []); // calendar is 2 edits, 6 letters
  });

  await t.step("transposition counts as one edit", () => {
    assert.deepEqual(ids(index.search(query("calednar"))), [3]);
  });

  await t.step("a misspelled product name ranks that product first", () => {
    assert.equal(ids(index.search(query("paymentyl")))[0], 2);
    assert.equal(ids(index.search(query("ledgrly")))[0], 1);
  });

  await t.step("the last term is matched as a prefix while typing", () => {
    assert.deepEqual(ids(index.search(query("zeb"))), [5]);
    assert.deepEqual(ids(index.search(query("invoice rem"))), [3]);
    // A finished word (trailing space) is not a prefix any more.
    assert.deepEqual(ids(index.search(query("zeb "))), []);
  });

  await t.step("terms combine with AND", () => {
    const result = index.search(query("invoice calendar"));
    assert.deepEqual(ids(result), [3]);
    assert.equal(result.total, 1);
  });

  await t.step("OR fallback when no listing has every term, more terms first", () => {
    const result = index.search(query("calendar zebra"));
    assert.equal(result.total, 2);
    assert.deepEqual(ids(result).sort(), [3, 5]);
    const partial = index.search(query("invoice calendar zebra"));
    assert.equal(ids(partial)[0], 3); // matches two of the three terms
    assert.equal(partial.total, 4);
  });

  await t.step("stopwords are optional next to other terms", () => {
    assert.deepEqual(ids(index.search(query("the zebra"))), [5]);
  });

  await t.step("a name match beats description matches", () => {
    const result = index.search(query("invoice"));
    assert.equal(ids(result)[0], 4);
    assert.deepEqual(ids(result).sort(), [1, 3, 4]);
  });

  await t.step("no match and empty queries", () => {
    assert.deepEqual(index.search(query("qwxzy")), { items: [], total: 0 });
    assert.equal(index.search(query("  !! ")).total, 5);
    assert.equal(index.search(query("x".repeat(41))).total, 0);
  });
});

Deno.test("exact matches outrank corrected ones", async (t) => {
  const docs = [doc(1, { name: "Cart", description: "A cart for your shop" })];
  for (let id = 2; id <= 4; id++) docs.push(doc(id, { description: "Pay by card" }));
  const index = indexOf(...docs);

  await t.step("a known term is not widened to similar terms of similar frequency", () => {
    assert.deepEqual(ids(index.search(query("cart"))), [1]);
    assert.deepEqual(ids(index.search(query("card "))), [2, 3, 4]);
  });

  await t.step(
    "a rare spelling is widened to a much more frequent correction, ranked below",
    () => {
      const many = [doc(100, { description: "Invoce your clients" })];
      for (let id = 101; id <= 125; id++) {
        many.push(
          doc(id, { description: "Invoice your clients" }),
        );
      }
      const widened = indexOf(...many);
      const result = widened.search(query("invoce ", { per_page: 100 }));
      assert.equal(result.total, 26);
      assert.equal(ids(result)[0], 100);
    },
  );
});

Deno.test("filters", async (t) => {
  const index = indexOf(
    doc(1, { categories: ["invoicing", "finance"], stage: "mvp", country: "DE" }),
    doc(2, { categories: ["crm", "sales"], primary_category: "crm", country: "us" }),
    doc(3, {
      categories: ["payments", "finance", "crm", "sales"],
      primary_category: "payments",
      pricing_model: "Subscription",
      domain: "acme.io",
    }),
    doc(4, { status: "scheduled", launch_week: "2026-11-23", categories: ["crm", "sales"] }),
  );
  const filtered = (extra: Partial<SearchQuery>) =>
    ids(index.search(query("", { sort: "newest", ...extra }))).sort();

  await t.step("category, a parent includes its subcategories", () => {
    assert.deepEqual(filtered({ category: "finance" }), [1, 3]);
    assert.deepEqual(filtered({ category: "crm" }), [2, 3]);
    assert.deepEqual(filtered({ category: "invoicing" }), [1]);
    assert.deepEqual(filtered({ category: "no-such-category" }), []);
  });

  await t.step("stage is exact", () => {
    assert.deepEqual(filtered({ stage: "mvp" }), [1]);
    assert.deepEqual(filtered({ stage: "MVP" }), []);
  });

  await t.step("country and pricing model ignore case", () => {
    assert.deepEqual(filtered({ country: "US" }), [2]);
    assert.deepEqual(filtered({ country: "de" }), [1, 3]);
    assert.deepEqual(filtered({ pricing_model: "subscription" }), [3]);
  });

  await t.step("domain is normalised", () => {
    assert.deepEqual(filtered({ domain: "https://www.ACME.io:443/pricing" }), [3]);
    assert.deepEqual(filtered({ domain: "acme.io" }), [3]);
    assert.deepEqual(filtered({ domain: "other.io" }), []);
  });

  await t.step("status live or upcoming (scheduled)", () => {
    assert.deepEqual(filtered({}), [1, 2, 3]);
    assert.deepEqual(filtered({ status: "upcoming" }), [4]);
    assert.deepEqual(filtered({ status: "upcoming", category: "sales" }), [4]);
  });

  await t.step("filters combine with text", () => {
    const result = index.search(query("product", { category: "finance", country: "DE" }));
    assert.deepEqual(ids(result).sort(), [1, 3]);
  });

  await t.step("list returns every live summary matching filters, by id", () => {
    assert.deepEqual(index.list().map((s) => s.id), [1, 2, 3]);
    assert.deepEqual(index.list({ category: "sales" }).map((s) => s.id), [2, 3]);
    assert.deepEqual(index.list({ status: "upcoming" }).map((s) => s.id), [4]);
  });
});

Deno.test("sorts and paging", async (t) => {
  const index = indexOf(
    doc(1, { votes: 10, views: 5, follows: 1, launched_at: "2026-03-01T00:00:00Z" }),
    doc(2, {
      votes: 30,
      views: 1,
      follows: 3,
      launched_at: null,
      created_at: "2026-05-01T00:00:00Z",
    }),
    doc(3, { votes: 20, views: 9, follows: 2, launched_at: "2026-04-01T00:00:00Z" }),
    doc(4, { votes: 20, views: 0, follows: 0, launched_at: "2026-01-01T00:00:00Z" }),
  );
  const sorted = (sort: SearchQuery["sort"], trending?: Map<number, number>) =>
    ids(index.search(query("", { sort }), { trending }));

  await t.step("relevance without text sorts by votes, ties by id", () => {
    assert.deepEqual(sorted("relevance"), [2, 3, 4, 1]);
  });

  await t.step("votes, most viewed, most followed", () => {
    assert.deepEqual(sorted("votes"), [2, 3, 4, 1]);
    assert.deepEqual(sorted("most_viewed"), [3, 1, 2, 4]);
    assert.deepEqual(sorted("most_followed"), [2, 3, 1, 4]);
  });

  await t.step("newest uses launched_at, else created_at", () => {
    assert.deepEqual(sorted("newest"), [2, 3, 1, 4]);
  });

  await t.step("trending by score, then votes", () => {
    assert.deepEqual(sorted("trending", new Map([[1, 2.5], [4, 2.5], [3, 0.1]])), [4, 1, 3, 2]);
    assert.deepEqual(sorted("trending"), [2, 3, 4, 1]);
  });

  await t.step("text relevance can be re-sorted", () => {
    assert.deepEqual(ids(index.search(query("product", { sort: "newest" }))), [2, 3, 1, 4]);
  });

  await t.step("pages and total", () => {
    const page = (n: number) => index.search(query("", { sort: "votes", page: n, per_page: 3 }));
    assert.equal(page(1).total, 4);
    assert.deepEqual(ids(page(1)), [2, 3, 4]);
    assert.deepEqual(ids(page(2)), [1]);
    assert.deepEqual(page(3), { items: [], total: 4 });
  });

  await t.step("paging is stable across a larger set (heap selection)", () => {
    const many = new SearchIndex();
    for (let id = 1; id <= 500; id++) many.upsert(doc(id, { votes: id % 7 }));
    const all: number[] = [];
    for (let p = 1; p <= 25; p++) {
      all.push(...ids(many.search(query("", { sort: "votes", page: p, per_page: 20 }))));
    }
    const expected = Array.from({ length: 500 }, (_, k) => k + 1)
      .sort((a, b) => b % 7 - a % 7 || a - b);
    assert.deepEqual(all, expected);
  });
});

Deno.test("updates", async (t) => {
  await t.step("upsert replaces the old terms", () => {
    const index = indexOf(doc(1, { name: "Oldname", description: "alpha" }));
    index.upsert(doc(1, { name: "Newname", description: "beta" }));
    assert.equal(index.size, 1);
    assert.deepEqual(ids(index.search(query("oldname"))), []);
    assert.deepEqual(ids(index.search(query("alpha"))), []);
    assert.deepEqual(ids(index.search(query("newname"))), [1]);
    assert.equal(index.summary(1)?.name, "Newname");
  });

  await t.step("upsert with another status removes the listing", () => {
    const index = indexOf(doc(1, { name: "Gone" }), doc(2));
    index.upsert(doc(1, { name: "Gone", status: "removed" }));
    index.upsert(doc(3, { status: "draft" }));
    assert.equal(index.size, 1);
    assert.deepEqual(ids(index.search(query("gone"))), []);
    assert.equal(index.summary(1), undefined);
    assert.equal(index.summary(3), undefined);
  });

  await t.step("remove", () => {
    const index = indexOf(doc(1, { name: "Alpha" }), doc(2, { name: "Alpha Two" }));
    index.remove(1);
    index.remove(99);
    assert.deepEqual(ids(index.search(query("alpha"))), [2]);
    assert.equal(index.size, 1);
  });

  await t.step("updateCounts changes the votes order and the summary", () => {
    const index = indexOf(doc(1, { votes: 1 }), doc(2, { votes: 2 }));
    assert.deepEqual(ids(index.search(query("", { sort: "votes" }))), [2, 1]);
    index.updateCounts(1, { votes: 3 });
    assert.deepEqual(ids(index.search(query("", { sort: "votes" }))), [1, 2]);
    assert.equal(index.summary(1)?.votes, 3);
    index.updateCounts(2, { views: 7, follows: 4 });
    assert.deepEqual(ids(index.search(query("", { sort: "most_viewed" }))), [2, 1]);
    assert.deepEqual(ids(index.search(query("", { sort: "most_followed" }))), [2, 1]);
    index.updateCounts(42, { votes: 1 }); // unknown id: no-op
  });

  await t.step("many replacements compact the index without losing anything", () => {
    const index = new SearchIndex();
    for (let id = 1; id <= 1500; id++) index.upsert(doc(id, { name: `Alpha${id}`, votes: id }));
    for (let id = 1; id <= 1500; id++) {
      index.upsert(doc(id, { name: `Beta${id}`, description: id % 2 ? "odd" : "even", votes: id }));
    }
    for (let id = 1; id <= 1500; id += 3) index.remove(id);
    assert.equal(index.size, 1000);
    assert.equal(index.search(query("alpha5")).total, 0);
    assert.equal(ids(index.search(query("beta5 ")))[0], 5);
    assert.equal(ids(index.search(query("beta5")))[0], 5); // and beta50… as prefix matches
    assert.equal(index.search(query("odd")).total, 500);
    assert.equal(index.search(query("even")).total, 500);
    assert.deepEqual(ids(index.search(query("", { sort: "votes", per_page: 3 }))), [
      1500,
      1499,
      1497,
    ]);
    index.upsert(doc(2, { name: "Gamma", votes: 5000 }));
    assert.deepEqual(ids(index.search(query("gamma"))), [2]);
    assert.equal(ids(index.search(query("", { sort: "votes" })))[0], 2);
  });
});

Deno.test("postings spread over several storage chunks, before and after compaction", () => {
  // 4,000 listings of 150 shared words: 600,000 postings, more than one 4 MB chunk holds.
  const words = Array.from({ length: 150 }, (_, k) => `word${k}`).join(" ");
  const index = new SearchIndex();
  for (let id = 1; id <= 4_000; id++) {
    index.upsert(doc(id, { description: `${words} unique${id}`, votes: id }));
  }
  assert.equal(index.search(query("word7 word149")).total, 4_000);
  assert.deepEqual(ids(index.search(query("unique3999"))), [3999]);
  for (let id = 1; id <= 2_000; id++) {
    index.upsert(doc(id, { description: `${words} other${id}`, votes: id }));
  }
  assert.equal(index.search(query("word0 ")).total, 4_000);
  assert.equal(index.search(query("unique5 ")).total, 0);
  assert.deepEqual(ids(index.search(query("other5 "))), [5]);
  assert.deepEqual(ids(index.search(query("unique2001 "))), [2001]);
  assert.deepEqual(ids(index.search(query("word3", { sort: "votes", per_page: 2 }))), [4000, 3999]);
});

Deno.test("toSearchDoc", () => {
  const listing = listing1(7, { extra_categories: ["crm", "payments"] });
  const stats: ListingStats = { ...EMPTY_STATS, votes: 3, views: 4, follows: 5 };
  const parents = new Map<string, string | null>([
    ["invoicing", "finance"],
    ["payments", "finance"],
    ["crm", "sales"],
    ["finance", null],
  ]);
  const d = toSearchDoc(listing, stats, parents);
  assert.deepEqual(d.categories.sort(), ["crm", "finance", "invoicing", "payments", "sales"]);
  assert.equal(d.domain, "ledgerly7.example");
  assert.equal(d.votes, 3);
  assert.equal(d.views, 4);
  assert.equal(d.follows, 5);
  assert.equal(d.description, listing.description);
});

function listing1(id: number, overrides: Partial<Listing> = {}): Listing {
  return {
    ...blankListing({
      name: `Ledgerly ${id}`,
      url: `https://ledgerly${id}.example`,
      tagline: "Invoice software for freelancers",
      description: "Send invoices and get paid.",
      stage: "launched",
      pricing_model: "Free",
      country: "DE",
      keywords: ["billing"],
      primary_category: "invoicing",
      status: "live",
      plan: "free",
      launched_at: "2026-02-01T00:00:00.000Z",
    }),
    id,
    slug: `ledgerly-${id}`,
    domain: `ledgerly${id}.example`,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

Deno.test("loadSearchIndex reads live and scheduled listings from KV", async (t) => {
  const kv = await Deno.openKv(":memory:");
  try {
    const categories: Category[] = [
      { slug: "finance", name: "Finance", description: "", faqs: [], parent: null, position: 0 },
      {
        slug: "invoicing",
        name: "Invoicing",
        description: "",
        faqs: [],
        parent: "finance",
        position: 0,
      },
    ];
    for (const c of categories) await kv.set(categoryKey(c.slug), c);
    const statuses = ["live", "scheduled", "draft", "removed", "live", "awaiting_badge"] as const;
    for (let id = 1; id <= 1_200; id++) {
      const status = statuses[(id - 1) % statuses.length];
      await kv.set(listingKey(id), listing1(id, { status }));
      await kv.set(listingStatsKey(id), { ...EMPTY_STATS, votes: id });
    }

    await t.step("a fresh index is ready at once", async () => {
      const index = new SearchIndex();
      await index.ready;
      assert.equal(index.search(query("")).total, 0);
    });

    await t.step("loads in the background and sets ready", async () => {
      const index = new SearchIndex();
      const loading = loadSearchIndex(kv, index);
      assert.equal(index.ready, loading);
      // Writes by other code while loading win over what the loader read.
      const parents = new Map([["invoicing", "finance"]]);
      index.upsert(toSearchDoc(listing1(1, { name: "Renamed" }), EMPTY_STATS, parents));
      index.remove(5);
      index.updateCounts(2, { votes: 9999 });
      await index.ready;
      assert.equal(index.size, 600 - 1); // ids 1, 2, 5 of every 6, less the removed one
      assert.equal(index.summary(1)?.name, "Renamed");
      assert.equal(index.summary(5), undefined);
      assert.equal(index.summary(3), undefined);
      assert.equal(index.summary(2)?.votes, 9999);
      assert.equal(index.summary(7)?.votes, 7);
      assert.equal(index.search(query("", { category: "finance" })).total, 399);
      assert.equal(index.search(query("", { status: "upcoming" })).total, 200);
      assert.deepEqual(ids(index.search(query("ledgerly 997"))), [997]);
      assert.equal(index.search(query("invoce softwre")).total, 399);
      assert.equal(ids(index.search(query("", { sort: "votes" })))[0], 1199);
      assert.equal(ids(index.search(query("", { sort: "votes", status: "upcoming" })))[0], 2);
    });
  } finally {
    kv.close();
  }
});
