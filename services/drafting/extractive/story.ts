/** The founding story by section (from about pages) and dated milestones (from any page). */
import { type DraftProposal, type StorySection } from "../evidence.ts";
import type { PageView, Segment } from "./pages.ts";
import { isProse, MAX_PROSE_QUOTE, proseRuns, quote, value, windowAround } from "./pages.ts";
import { looseText, words } from "../text.ts";
import { inOtherZone } from "./people.ts";

const STORY_HEADINGS: { section: StorySection; re: RegExp }[] = [
  {
    section: "why_started",
    re:
      /\b(why we (?:started|built|created|made)|why .* exists|how (?:it|we) (?:all )?(?:started|began)|the beginning|origin)\b/iu,
  },
  { section: "problem", re: /\b(the problem|problem we solve|what'?s wrong|the challenge we)\b/iu },
  {
    section: "journey",
    re: /\b(our journey|the journey|how we got here|timeline|our history|history)\b/iu,
  },
  { section: "challenges", re: /\b(challenges|what was hard|hardest)\b/iu },
  {
    section: "achievements",
    re: /\b(achievements|milestones so far|what we'?ve achieved|by the numbers)\b/iu,
  },
  { section: "lessons", re: /\b(lessons|what we learned|what we'?ve learned)\b/iu },
  {
    section: "whats_next",
    re: /\b(what'?s next|the road ahead|roadmap|looking ahead|the future)\b/iu,
  },
  { section: "story", re: /\b(our story|the story|story behind|how it started)\b/iu },
];
const STORY_CUES: { section: StorySection; re: RegExp }[] = [
  {
    section: "why_started",
    re:
      /\b(we started|i started|we built|we created|started .+ because|because we|it all started|the idea came|born out of|got tired of|were tired of)\b/iu,
  },
  {
    section: "problem",
    re:
      /\b(problem|struggl\w*|painful|tedious|wasted? (?:hours|time|days)|spent hours|frustrat\w*|too (?:many|much|hard|complicated))\b/iu,
  },
  {
    section: "whats_next",
    re:
      /\b(next(?: year| up)?,? we|we'?re (?:now )?working on|we plan to|on our roadmap|coming next)\b/iu,
  },
];

function sectionText(view: PageView, heading: Segment): Segment[] {
  const i = view.segments.indexOf(heading);
  const out: Segment[] = [];
  for (const seg of view.segments.slice(i + 1)) {
    if (seg.heading) break;
    if (seg.excluded) continue;
    if (seg.end - (out[0]?.start ?? seg.start) > MAX_PROSE_QUOTE) break;
    out.push(seg);
  }
  return out.filter((s) => words(s.text).length >= 4);
}

/** Story sections from the about pages: under matching headings, else sentences with a cue. */
export function draftStory(views: PageView[]): DraftProposal["story"] {
  const out: DraftProposal["story"] = {};
  const about = views.filter((v) => v.kind === "about");
  for (const v of about) {
    for (const seg of v.segments) {
      if (!seg.heading || seg.excluded) continue;
      const match = STORY_HEADINGS.find((h) => h.re.test(seg.text));
      if (!match || out[match.section]) continue;
      const body = sectionText(v, seg);
      if (body.length === 0) continue;
      const text = v.text.slice(body[0].start, body[body.length - 1].end);
      out[match.section] = value(text, [quote(v, text)]);
      if (match.section === "story" && !out.title) {
        out.title = value(seg.text, [quote(v, seg.text)]);
      }
    }
    for (const cue of STORY_CUES) {
      if (out[cue.section]) continue;
      const seg = v.segments.find((s) => isProse(s, 5) && cue.re.test(s.text));
      if (seg) out[cue.section] = value(seg.text, [quote(v, seg.text)]);
    }
    if (!out.story) {
      const runs = proseRuns(v, 600, 1);
      if (runs[0] && Object.keys(out).length > 0) out.story = value(runs[0], [quote(v, runs[0])]);
    }
  }
  return out;
}

const MONTH_NAMES =
  "January|February|March|April|May|June|July|August|September|October|November|December";
const DATED_RE = new RegExp(
  `\\b(?:(?:in|on|by|since)\\s+)?(?:(\\d{1,2})\\s+)?(?:(${MONTH_NAMES}|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\.?\\s+)?(?:(\\d{1,2}),?\\s+)?((?:19|20)\\d\\d)\\b,?\\s*`,
  "iu",
);

/** Past events worth a milestone when a sentence dates them ("founded in 2021", "shipped in 2023"). */
const EVENT_RE =
  /\b(founded|started|launched|shipped|released|raised|opened|reached|passed|crossed|acquired|joined|won|incorporated)\b/iu;

/** A blog post, news item or article by its path. */
const POST_PATH_RE = /\/(?:blog|news|posts?|articles?|journal|magazine)\//i;
const POST_TYPE_RE = /^(?:BlogPosting|NewsArticle|Article|TechArticle|SocialMediaPosting|Report)$/;
/** A post's byline: "Posted on 14 March 2024 by …", "Published 2 May 2023", "Last updated …". */
const BYLINE_RE =
  /^(?:posted|published|updated|written)\b|\b(?:posted|published|written) (?:on|by|in)\b|\blast (?:updated|modified|edited)\b|\bmin(?:ute)?s? read\b/i;

/** A URL's path, or "" when it is no URL (then judged by the markup alone). */
function pathOf(url: string, base?: string): string {
  try {
    return new URL(url, base).pathname;
  } catch {
    return "";
  }
}

/**
 * Whether a page is a blog post or article (its path, og:type article, or a JSON-LD article
 * type): its dates are the post's, never a company milestone.
 */
export function isPostPage(v: PageView): boolean {
  const path = pathOf(v.url);
  const f = v.page.facts;
  const ogType = f?.og?.["type"] ?? f?.og?.["og:type"] ?? "";
  const objects = (f?.json_ld ?? []).flatMap((o) => {
    const graph = o?.["@graph"];
    return Array.isArray(graph) ? [o, ...graph as Record<string, unknown>[]] : [o];
  });
  const types = objects.flatMap((o) => {
    const t = o?.["@type"];
    return Array.isArray(t) ? t : [t];
  });
  return POST_PATH_RE.test(path) || /^article$/i.test(ogType.trim()) ||
    types.some((t) => typeof t === "string" && POST_TYPE_RE.test(t));
}

/** A heading over a block of posts: "From the blog", "Latest posts", "From the journal", "News". */
const POSTS_HEADING_RE = /\b(?:blog|journal|news(?:room)?|posts|articles)\b/i;
/** A same-site link to one post: its path names a blog, or dates it ("/2024/02/12/slug/"). */
const POST_LINK_RE =
  /\/(?:blog|news|posts?|articles?|journal|magazine)\/.|\/(?:19|20)\d\d\/\d\d?\//i;

/** The level of a heading segment as the page reports it (2 when unknown). */
function headingLevel(view: PageView, seg: Segment): number {
  const key = looseText(seg.text);
  return (view.page.facts.headings ?? []).find((h) => looseText(h.text) === key)?.level ?? 2;
}

/** Whether a heading is a post's title: the text of a same-site link to a post. */
function isPostTitle(view: PageView, seg: Segment): boolean {
  const key = looseText(seg.text);
  return (view.page.facts.links ?? []).some((l) =>
    looseText(l.text) === key && POST_LINK_RE.test(pathOf(l.url, view.url))
  );
}

const postsCache = new WeakMap<PageView, Set<Segment>>();

/**
 * Whether a segment belongs to post teasers (a block of blog, journal or news cards, on any page):
 * a teaser zone, or what stands under a heading of posts or a post's linked title, down to the
 * next heading of the same or a higher level. A post's text and dates are never the company's.
 */
export function inPostsBlock(view: PageView): (seg: Segment) => boolean {
  let marked = postsCache.get(view);
  if (!marked) {
    marked = new Set();
    let blockLevel: number | null = null;
    for (const seg of view.segments) {
      if (seg.heading) {
        const level = headingLevel(view, seg);
        if (blockLevel !== null && level <= blockLevel) blockLevel = null;
        if (blockLevel === null && (POSTS_HEADING_RE.test(seg.text) || isPostTitle(view, seg))) {
          blockLevel = level;
        }
      }
      if (blockLevel !== null || inOtherZone(view, seg)) marked.add(seg);
    }
    postsCache.set(view, marked);
  }
  const posts = marked;
  return (seg) => posts.has(seg);
}

/** Dated events (timeline entries and dated sentences), in date order; never a post's dates. */
export function draftMilestones(views: PageView[]): DraftProposal["milestones"] {
  const out: DraftProposal["milestones"] = [];
  for (const v of views.filter((v) => !isPostPage(v))) {
    const inPosts = inPostsBlock(v);
    v.segments.forEach((seg, i) => {
      if (seg.excluded || out.length >= 20 || BYLINE_RE.test(seg.text) || inPosts(seg)) return;
      let text = seg.text;
      const dateSource = seg.text;
      let quoteText = seg.text;
      // A timeline entry: the heading is the date, the next sentence says what happened.
      if (seg.heading && DATED_RE.test(seg.text) && seg.text.replace(DATED_RE, "").trim() === "") {
        const next = v.segments[i + 1];
        if (!next || next.heading || next.excluded) return;
        text = next.text;
        quoteText = v.text.slice(seg.start, next.end);
        if (quoteText.length > 300) return;
      } else if (seg.heading || !isProse(seg, 4, false)) return;
      else {
        const m = seg.text.match(DATED_RE);
        if (!m) return;
        const dated = m.index! <= 3 || m[2] || /^(?:in|on|by|since)\b/i.test(m[0]);
        if (!dated) return;
        if (m.index! <= 3) text = seg.text.slice(m.index! + m[0].length);
        else if (m[2]) {
          text = (seg.text.slice(0, m.index) + " " + seg.text.slice(m.index! + m[0].length)).trim();
        } else if (EVENT_RE.test(seg.text) && seg.text.length <= 200) text = seg.text;
        else return;
      }
      const date = statedDate(dateSource);
      if (!date) return;
      if (/\b(copyright|©|all rights reserved)\b/i.test(seg.text)) return;
      const title = text.replace(/^[,\s]+/, "").replace(/[.!]$/, "").replace(
        /^./,
        (c) => c.toUpperCase(),
      ).slice(0, 200);
      if (words(title).length < 2) return;
      out.push({
        date,
        title,
        description: null,
        url: null,
        evidence: [quote(v, windowAround(quoteText, title.slice(0, 20), 300))],
      });
    });
  }
  const seen = new Set<string>();
  return out.filter((m) => {
    const k = `${m.date} ${looseText(m.title)}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  }).sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The full date a text states ("14 March 2024", "March 14, 2024", "2024-03-14"), or null: a year
 * or a month and year alone is no date (no day is ever made up).
 */
function statedDate(text: string): string | null {
  const iso = text.match(/\b((?:19|20)\d\d)-(\d{2})-(\d{2})\b/);
  const m = text.match(DATED_RE);
  let date: string | null = null;
  if (iso) date = `${iso[1]}-${iso[2]}-${iso[3]}`;
  else if (m && m[2] && (m[1] ?? m[3])) {
    const day = Number(m[1] ?? m[3]);
    date = `${m[4]}-${String(monthIndex(m[2])).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  }
  if (!date || Number.isNaN(Date.parse(date))) return null;
  return new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date ? date : null;
}

function monthIndex(name: string): number {
  return MONTH_NAMES.split("|").findIndex((m) =>
    m.toLowerCase().startsWith(name.slice(0, 3).toLowerCase())
  ) + 1;
}
