/** What the product is about: its stage, categories, and the terms behind tags and keywords. */
import { type CategoryChoice, type DraftedValue, type EvidenceQuote } from "../evidence.ts";
import type { PageView } from "./pages.ts";
import {
  jsonLdObjects,
  metaDescription,
  NONE,
  proseRuns,
  quote,
  quoteFor,
  value,
  windowAround,
} from "./pages.ts";
import { containsPhrase, contentStems, looseText, words } from "../text.ts";
import { categoryTerms } from "../vocabulary.ts";
import { titleParts } from "./identity.ts";

const STAGE_STATEMENTS: { stage: string; re: RegExp }[] = [
  {
    stage: "launched",
    re:
      /\b(now generally available|generally available|general availability|out of beta|(?:we(?:'ve| have)?|officially|finally) launched|now live|version 1\.0 is (?:here|out|live))\b/iu,
  },
  {
    stage: "mvp",
    re:
      /\b((?:currently |now )?in (?:public |private |open |closed )?(?:beta|alpha)|(?:public|private|open|closed) beta|beta (?:version|release|program|access|testers)|early access|mvp)\b/iu,
  },
  { stage: "idea", re: /\b(coming soon|join (?:the|our) waitlist|pre-launch)\b/iu },
];

/** The stage the site states (launched, beta, coming soon), never a dated past one. */
export function draftStage(views: PageView[]): DraftedValue {
  for (const { stage, re } of STAGE_STATEMENTS) {
    for (const v of views) {
      for (const seg of v.segments) {
        if (seg.excluded) continue;
        if (stage === "launched" && /\b(will|soon|plan|planned|next)\b/i.test(seg.text)) continue;
        // A dated history line ("In 2023 we launched the beta") tells the past, not the stage now.
        if (
          /\b(?:19|20)\d\d\b/.test(seg.text) && stage !== "launched" &&
          !/\b(still|currently|today|right now)\b/i.test(seg.text)
        ) continue;
        if (re.test(seg.text)) {
          return value(stage, [quote(v, windowAround(seg.text, seg.text.match(re)![0]))]);
        }
      }
    }
  }
  return NONE;
}

/** Up to three categories whose terms the site uses most (weighted by page and place). */
export function draftCategories(views: PageView[], categories: CategoryChoice[]): DraftedValue {
  if (categories.length === 0) return NONE;
  const weighted: { view: PageView; text: string; weight: number }[] = [];
  for (const v of views) {
    const base = v.kind === "home" ? 2 : v.kind === "features" || v.kind === "about" ? 1 : 0.5;
    const meta = metaDescription(v);
    if (meta) weighted.push({ view: v, text: meta, weight: base * 2 });
    for (const seg of v.segments) {
      if (!seg.excluded) {
        weighted.push({ view: v, text: seg.text, weight: seg.heading ? base * 1.5 : base });
      }
    }
  }
  // Weighted word counts once; phrases are counted in the joined texts.
  const wordWeight = new Map<string, number>();
  const looseTexts = weighted.map((w) => {
    const loose = looseText(w.text);
    for (const word of loose.split(" ")) {
      wordWeight.set(word, (wordWeight.get(word) ?? 0) + w.weight);
    }
    return { weight: w.weight, loose: ` ${loose} ` };
  });
  const phraseWeight = (phrase: string) => {
    let total = 0;
    for (const w of looseTexts) {
      for (
        let at = w.loose.indexOf(` ${phrase} `);
        at >= 0;
        at = w.loose.indexOf(` ${phrase} `, at + 1)
      ) {
        total += w.weight;
      }
    }
    return total;
  };
  const described = ` ${looseText(productDescription(views).join(" | "))} `;
  const scored = categories.map((c) => {
    const terms = categoryTerms(c.name).map((t) => looseText(t)).filter(Boolean);
    let score = 0;
    const hits = new Set<string>();
    for (const t of terms) {
      const n = t.includes(" ") ? phraseWeight(t) : wordWeight.get(t) ?? 0;
      if (n > 0) {
        score += n;
        hits.add(t);
      }
    }
    const total = score * (1 + 0.25 * (hits.size - 1));
    return { c, score: total, hits: hits.size, supported: describedBy(described, terms, total) };
  }).filter((s) => s.score >= MIN_CATEGORY_SCORE && s.supported).sort((a, b) =>
    b.score - a.score || Number(a.c.parent === null) - Number(b.c.parent === null)
  );
  if (scored.length === 0) return NONE;
  const top = scored[0].score;
  const picked = scored.filter((s) => s.score >= top * 0.4).slice(0, 3);
  const quotes: EvidenceQuote[] = [];
  for (const p of picked) {
    const terms = categoryTerms(p.c.name);
    for (const t of terms) {
      const q = quoteFor(views, t, 240);
      if (q) {
        quotes.push(q);
        break;
      }
    }
  }
  return value(picked.map((p) => p.c.name), quotes);
}

/** The least weighted use of a category's terms across the site for it to be drafted. */
const MIN_CATEGORY_SCORE = 4;
/** A category its description names with one single word only needs this much use site-wide. */
const SINGLE_WORD_SCORE = 8;

/**
 * What the product says it is: the home page's meta and Open Graph descriptions, its h1 and the
 * opening prose, and the JSON-LD descriptions. Categories must be supported here.
 */
export function productDescription(views: PageView[]): string[] {
  const home = views.find((v) => v.kind === "home") ?? views[0];
  if (!home) return [];
  const f = home.page.facts;
  const out = [metaDescription(home) ?? "", f.og?.["description"] ?? "", f.title ?? ""];
  for (const h of f.headings ?? []) if (h.level <= 2) out.push(h.text);
  out.push(...proseRuns(home, 700, 2));
  for (const o of jsonLdObjects(home)) {
    if (typeof o.description === "string") out.push(o.description);
  }
  return out.filter(Boolean);
}

/**
 * Whether the product's description supports a category: two of its terms, or a phrase of
 * them, stated there; one single word only when the site uses its terms a lot.
 */
function describedBy(described: string, terms: string[], score: number): boolean {
  const inDesc = terms.filter((t) => described.includes(` ${t} `));
  if (inDesc.length >= 2 || inDesc.some((t) => t.includes(" "))) return true;
  return inDesc.length === 1 && score >= SINGLE_WORD_SCORE;
}

const GENERIC_TERMS = new Set(
  ("home features feature pricing price prices plan plans about contact blog docs documentation login log sign " +
    "signup started start free trial try demo book learn read help support faq faqs question questions answer " +
    "terms privacy policy cookie cookies rights reserved copyright inc ltd gmbh llc company team careers " +
    "jobs press email mail month year week day today new now get make made use used using work works " +
    "way ways need needs want like best better great easy simple simply fast every everything thing things " +
    "people customer customers user users product products app apps tool tools platform software website " +
    "site page pages team's start-up startup available includes included include one two three per " +
    "unlimited up plus pro enterprise business monthly annual yearly billed cancel anytime see " +
    "paid help helps let lets keep know go find look looking all way more less without within " +
    "watch minute minutes second seconds hour hours time times first last next back around").split(
      " ",
    ),
);

/** Verbs (and verb-like words) product copy uses: never a tag or a keyword on their own. */
const VERBS = new Set(
  ("add adds build builds built create creates created manage manages track tracks send sends " +
    "sent ship ships shipped write writes run runs save saves share shares turn turns land lands " +
    "go goes give gives take takes bring brings connect connects sync syncs stay stays start " +
    "stop pay pays set sets love loves join joins sign try tries trust trusts help helps grow " +
    "grows collect collects check checks choose pick write ask asks stop spend spends focus " +
    "focuses launch launches power powers handle handles deliver delivers offer offers " +
    "provide provides support supports enable enables allow allows let lets keep keeps make " +
    "makes get gets automate automates designed built-in ready loved trusted").split(" "),
);

/** Whether a word can stand in a noun phrase (not a verb, an adverb or a bare number). */
function nounish(word: string): boolean {
  return !VERBS.has(word) && !/ly$/.test(word) && !/^\d/.test(word);
}

/** The first `max` terms, with only the quotes they need. */
export function firstTerms(terms: DraftedValue, max: number): DraftedValue {
  const list = (terms.value as string[] | null)?.slice(0, max) ?? [];
  if (list.length === 0) return NONE;
  const quotes = terms.evidence.filter((q) => list.some((t) => containsPhrase(q.quote, t)));
  return value(list, quotes);
}

/** The items of the home and features pages' content lists. */
function featureItems(views: PageView[]): string[] {
  return views.filter((v) => v.kind === "home" || v.kind === "features")
    .flatMap((v) => v.segments.filter((s) => s.item && !s.excluded).map((s) => s.text));
}

/**
 * Punctuation that ends a clause inside a segment: commas, brackets, dashes between spaces, and
 * stops or colons before a space ("Node.js" stays one word).
 */
const CLAUSE_BREAK_RE = /[,;!?()[\]{}…|·•]|[.:](?=\s|$)|\s[–—-]\s/u;

/**
 * The names the site goes by (the product's, its home og:site_name, and a home title part written
 * as a name: "Home — Marram Studio"): never a tag.
 */
function siteNames(views: PageView[], name: string | null): string[] {
  const home = views.find((v) => v.kind === "home") ?? views[0];
  const og = home?.page.facts.og;
  const site = og?.["og:site_name"] ?? og?.["site_name"];
  const title = home?.page.facts.title ?? home?.page.title ?? "";
  const named = titleParts(title).filter((p) =>
    words(p).length >= 2 && words(p).length <= 3 && words(p).every((w) => /^\p{Lu}/u.test(w))
  );
  return [name, site, ...named].filter((n): n is string => !!n);
}

/** The `max` most used meaningful words and word pairs, each with a quote. */
export function draftTerms(views: PageView[], name: string | null, max: number): DraftedValue {
  const nameStems = new Set(siteNames(views, name).flatMap((n) => contentStems(n)));
  const counts = new Map<string, { count: number; form: string }>();
  const bump = (key: string, form: string, weight: number) => {
    const e = counts.get(key);
    if (e) e.count += weight;
    else counts.set(key, { count: weight, form });
  };
  // The stem of a word worth counting, or null (cached: pages repeat their words).
  const stems = new Map<string, string | null>();
  const termStem = (w: string): string | null => {
    let st = stems.get(w);
    if (st === undefined) {
      const cs = w.length > 2 && !GENERIC_TERMS.has(w) && !/\d|@|\./.test(w) ? contentStems(w) : [];
      st = cs.length === 1 && !nameStems.has(cs[0]) ? cs[0] : null;
      stems.set(w, st);
    }
    return st;
  };
  for (const v of views) {
    const weight = v.kind === "home" ? 2 : v.kind === "features" ? 1.5 : 1;
    for (const seg of v.segments) {
      if (seg.excluded) continue;
      // A word pair never spans a clause break ("every harbour, seven days ahead").
      for (const clause of seg.text.split(CLAUSE_BREAK_RE)) {
        const ws = words(clause).map((w) => w.toLowerCase());
        const st = ws.map((w) => nounish(w) ? termStem(w) : null);
        ws.forEach((w, i) => {
          if (st[i]) bump(st[i]!, w, weight * (seg.heading ? 1.5 : 1));
          if (st[i] && st[i + 1]) bump(`${st[i]} ${st[i + 1]}`, `${w} ${ws[i + 1]}`, weight * 1.8);
        });
      }
    }
  }
  // Only terms the product's own description or feature list states.
  const own = ` ${looseText([...productDescription(views), ...featureItems(views)].join(" | "))} `;
  const ranked = [...counts.entries()].filter(([k, e]) =>
    e.count >= (k.includes(" ") ? 3 : 4) && own.includes(` ${looseText(e.form)} `)
  )
    .sort((a, b) => b[1].count - a[1].count || a[1].form.localeCompare(b[1].form));
  const terms: string[] = [];
  for (const [key, e] of ranked) {
    if (terms.length >= max) break;
    // A word already covered by a chosen phrase (or the reverse) adds nothing.
    if (terms.some((t) => ` ${t} `.includes(` ${e.form} `) || ` ${e.form} `.includes(` ${t} `))) {
      continue;
    }
    if (key.includes(" ")) {
      const [a, b] = key.split(" ");
      if ((counts.get(a)?.count ?? 0) > e.count * 3 && (counts.get(b)?.count ?? 0) > e.count * 3) {
        continue;
      }
    }
    terms.push(e.form);
  }
  if (terms.length === 0) return NONE;
  const quotes: EvidenceQuote[] = [];
  const found: string[] = [];
  for (const t of terms) {
    const covered = quotes.find((q) => containsPhrase(q.quote, t));
    if (covered) {
      found.push(t);
      continue;
    }
    const q = quoteFor(views, t, 200);
    if (q) {
      quotes.push(q);
      found.push(t);
    }
  }
  return found.length > 0 ? value(found, quotes) : NONE;
}
