/**
 * The demo directory for development stores: about 200 believable listings with founders, owner
 * accounts, votes, views, follows, awards, the paid billboard, Domain Rating and revenue history,
 * updates, reviews and a blog. Everything is written through the real data functions, so every
 * index, board and counter is what real use would produce.
 *
 * Deterministic: a seeded PRNG plans the whole directory first (names, texts, times), then the
 * plan is written. The same `now` gives the same directory (user ids aside, which are random
 * UUIDs from the accounts module).
 */
import { claimSeed } from "../kv/catalog.ts";
import { putBlogPost } from "../kv/blog.ts";
import { putFounder } from "../kv/founders.ts";
import { listingIdCounterKey, seedMarkerKey } from "../kv/keys.ts";
import {
  createListing,
  goLive,
  type NewListing,
  scheduleListing,
  updateListing,
} from "../kv/listings.ts";
import { getOrCreateUser } from "../kv/users.ts";
import type {
  BlogPost,
  Category,
  Faq,
  Founder,
  FounderStory,
  Link,
  MediaItem,
  Milestone,
  Socials,
} from "../kv/types.ts";
import { STAGES } from "../kv/types.ts";
import { decideWeekAwards } from "../services/directory/awards.ts";
import { defaultCategories, seedReferenceData } from "../services/platform/reference.ts";
import { addWeeks, isoDate, mondayOf, parseIsoDate } from "../services/platform/weeks.ts";
import { slugify } from "../kv/slugs.ts";
import {
  addBillboardContribution,
  castVote,
  followListing,
  recordDomainRating,
  recordRevenue,
  recordView,
} from "../kv/listing_stats.ts";
import { addListingUpdate, addReview } from "../kv/listing_feed.ts";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const SEED = 0x1a2b3c4d;
const PAST_WEEKS = 12;
const VOTER_COUNT = 400;
const FOUNDER_TARGET = 150;
/** Listings written at the same time; each listing's own writes stay sequential. */
const CONCURRENCY = 16;
/** Weights of idea, mvp, launched, growing, established (the order of STAGES). */
const STAGE_WEIGHTS = [4, 18, 42, 26, 10];

// ---------------------------------------------------------------------------------------------
// Deterministic randomness.

type Rng = () => number;

/** mulberry32: a small, fast 32-bit PRNG; the same seed gives the same sequence. */
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

function weighted<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [value, w] of items) {
    r -= w;
    if (r < 0) return value;
  }
  return items[items.length - 1][0];
}

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function sample<T>(rng: Rng, items: readonly T[], n: number): T[] {
  return shuffled(rng, items).slice(0, Math.min(n, items.length));
}

/** A UUID-shaped id from the PRNG (version 4 layout). */
function uuidFrom(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng() * 16).toString(16));
  hex[12] = "4";
  hex[16] = "89ab"[Math.floor(rng() * 4)];
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

// ---------------------------------------------------------------------------------------------
// Text helpers.

const KEEP_CASE = new Set([
  "Google",
  "Apple",
  "Slack",
  "Shopify",
  "Figma",
  "Stripe",
  "Markdown",
  "Playwright",
  "Docker",
  "Jira",
  "Style",
  "Storybook",
  "Mailchimp",
  "Chrome",
  "Kanban",
  "Garmin",
  "Amazon",
  "HubSpot",
]);

/** Lowercases the first letter unless the first word is a name or an acronym. */
function lcFirst(text: string): string {
  const word = text.split(/[\s,]/)[0];
  if (KEEP_CASE.has(word) || /[A-Z0-9]/.test(word.slice(1)) || /^\d/.test(word)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function ucFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a, b and c". */
function listText(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function ascii(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(
    /[^a-z0-9]/g,
    "",
  );
}

function monthOf(date: Date, offsetMonths = 0): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offsetMonths, 1));
  return d.toISOString().slice(0, 7);
}

// ---------------------------------------------------------------------------------------------
// Per-category themes: what a product of that category is about, so that its texts fit.

interface Theme {
  /** Name stems: "Invoice" → "Invoicely". */
  stems: string[];
  /** What the product handles, plural: "invoices". */
  thing: string;
  /** What kind of product it is: "invoicing app". */
  product: string;
  /** What it lets you do (verb phrase): "send invoices and collect payments". */
  job: string;
  audiences: [string, string, string];
  /** The pain it removes (gerund phrase): "chasing late payments by hand". */
  pain: string;
  /** What users get (verb phrase): "get paid on time". */
  outcome: string;
  taglines: string[];
  features: string[];
  keywords: string[];
  /** Sells to consumers rather than businesses. */
  consumer?: boolean;
  /** Developer audience: GitHub links, docs, more open source. */
  developer?: boolean;
}

const THEMES: Record<string, Theme> = {
  "apis": {
    stems: ["Query", "Endpoint", "Schema", "Route", "Hook"],
    thing: "APIs",
    product: "API workspace",
    job: "design, mock and document APIs",
    audiences: ["backend teams", "API-first startups", "platform engineers"],
    pain: "keeping docs, mocks and code in sync by hand",
    outcome: "ship API changes without breaking clients",
    taglines: [
      "API docs that never drift from your code",
      "Mock, test and document your API from one spec",
      "The OpenAPI workspace for teams that ship weekly",
      "Catch breaking API changes before your users do",
    ],
    features: [
      "OpenAPI 3.1 editor with live validation",
      "Mock servers from your spec in one click",
      "Breaking-change detection in pull requests",
      "Generated SDKs for TypeScript, Python and Go",
      "Hosted docs with a try-it console",
      "Request logs and replay",
      "Versioned changelogs for every endpoint",
      "A webhook testing inbox",
    ],
    keywords: [
      "api documentation",
      "openapi",
      "api mocking",
      "sdk generation",
      "rest api",
      "api testing",
    ],
    developer: true,
  },
  "code-review": {
    stems: ["Diff", "Merge", "Review", "Patch", "Commit"],
    thing: "pull requests",
    product: "code review tool",
    job: "review pull requests",
    audiences: ["engineering teams", "open-source maintainers", "tech leads"],
    pain: "waiting days for a reviewer",
    outcome: "merge good code faster",
    taglines: [
      "Pull request reviews in hours, not days",
      "Smarter diffs for busy reviewers",
      "Stacked pull requests without the pain",
      "Code review that keeps the whole team in the loop",
    ],
    features: [
      "Stacked pull requests",
      "Semantic diffs that ignore formatting noise",
      "Reviewer suggestions based on code ownership",
      "Slack and email digests of pending reviews",
      "Review time analytics per repository",
      "AI summaries of large changes",
      "GitHub and GitLab integration",
      "A merge queue with required checks",
    ],
    keywords: [
      "code review",
      "pull requests",
      "github",
      "merge queue",
      "developer productivity",
      "diff",
    ],
    developer: true,
  },
  "devops": {
    stems: ["Deploy", "Ship", "Pipe", "Cloud", "Infra"],
    thing: "deployments",
    product: "deployment platform",
    job: "build, deploy and roll back services",
    audiences: ["small platform teams", "startups without a DevOps engineer", "agencies"],
    pain: "hand-written YAML and flaky pipelines",
    outcome: "deploy on every merge with confidence",
    taglines: [
      "Deploys you can roll back in one click",
      "CI/CD without the YAML",
      "Preview environments for every pull request",
      "Your own PaaS on your own cloud account",
    ],
    features: [
      "Preview environments per pull request",
      "One-click rollbacks",
      "Build caching that cuts CI time in half",
      "Secrets management with an audit log",
      "Deploys to AWS, GCP or bare metal",
      "Docker and Nixpacks builds",
      "Scheduled jobs and cron",
      "Deploy notifications in Slack",
    ],
    keywords: ["ci/cd", "deployment", "devops", "preview environments", "docker", "infrastructure"],
    developer: true,
  },
  "testing": {
    stems: ["Test", "Check", "Assert", "Probe", "Spec"],
    thing: "tests",
    product: "testing platform",
    job: "write and run end-to-end tests",
    audiences: ["QA engineers", "frontend teams", "product teams"],
    pain: "flaky tests nobody trusts",
    outcome: "catch regressions before release",
    taglines: [
      "End-to-end tests that stop being flaky",
      "Record a test in the browser, run it on every commit",
      "Visual regression testing for every pull request",
      "Test coverage your whole team can read",
    ],
    features: [
      "A browser test recorder",
      "Automatic retries with flake detection",
      "Visual snapshot diffs",
      "Parallel runs across Chrome, Firefox and Safari",
      "Test reports linked to pull requests",
      "API and contract tests",
      "Scheduled production checks",
      "Playwright and Cypress import",
    ],
    keywords: [
      "end-to-end testing",
      "test automation",
      "qa",
      "visual regression",
      "playwright",
      "flaky tests",
    ],
    developer: true,
  },
  "databases": {
    stems: ["Table", "Data", "Row", "Index", "Shard"],
    thing: "databases",
    product: "managed Postgres service",
    job: "run and query Postgres databases",
    audiences: ["full-stack developers", "data-heavy startups", "indie hackers"],
    pain: "babysitting database servers",
    outcome: "get a production database in seconds",
    taglines: [
      "Serverless Postgres that scales to zero",
      "A spreadsheet-simple editor for your production database",
      "Branch your database like you branch your code",
      "Database backups you have actually tested",
    ],
    features: [
      "Database branching per pull request",
      "Point-in-time recovery",
      "A visual table editor with undo",
      "Query insights and slow-query alerts",
      "Built-in connection pooling",
      "Read replicas in one click",
      "Automated, tested backups",
      "A SQL editor with autocomplete",
    ],
    keywords: [
      "postgres",
      "database",
      "sql",
      "serverless database",
      "backups",
      "database branching",
    ],
    developer: true,
  },
  "monitoring": {
    stems: ["Uptime", "Pulse", "Signal", "Trace", "Alert"],
    thing: "incidents",
    product: "monitoring service",
    job: "monitor uptime, errors and performance",
    audiences: ["SaaS teams", "on-call engineers", "agencies running client sites"],
    pain: "hearing about outages from customers first",
    outcome: "know about problems before users do",
    taglines: [
      "Uptime monitoring with status pages built in",
      "Know your site is down before your customers do",
      "Errors, logs and traces in one calm dashboard",
      "On-call alerts that wake the right person",
    ],
    features: [
      "Checks every 30 seconds from 12 regions",
      "Public status pages on your own domain",
      "Error tracking with source maps",
      "On-call schedules and escalations",
      "Alerts by SMS, Slack and phone call",
      "Log search with saved views",
      "SSL and domain expiry warnings",
      "Incident timelines and postmortems",
    ],
    keywords: [
      "uptime monitoring",
      "status page",
      "error tracking",
      "observability",
      "on-call",
      "alerting",
    ],
    developer: true,
  },
  "task-management": {
    stems: ["Task", "Todo", "Plan", "Sprint", "Board"],
    thing: "tasks",
    product: "task manager",
    job: "plan and track tasks",
    audiences: ["small teams", "freelancers", "product managers"],
    pain: "to-do lists scattered across chat and email",
    outcome: "see what everyone is working on",
    taglines: [
      "Task boards your whole team will actually use",
      "Plan the week in five minutes",
      "The calm to-do list for busy teams",
      "Projects, tasks and deadlines in one simple view",
    ],
    features: [
      "Kanban boards and list views",
      "Recurring tasks",
      "Keyboard-first quick add",
      "Due dates with calendar sync",
      "Subtasks and checklists",
      "A workload view per person",
      "Templates for common projects",
      "Email-to-task forwarding",
    ],
    keywords: [
      "task management",
      "to-do list",
      "kanban",
      "project management",
      "team planning",
      "productivity",
    ],
  },
  "note-taking": {
    stems: ["Note", "Page", "Memo", "Jot", "Inkwell"],
    thing: "notes",
    product: "note-taking app",
    job: "capture and organise notes",
    audiences: ["researchers", "writers", "students"],
    pain: "notes lost across apps and notebooks",
    outcome: "find any note in seconds",
    taglines: [
      "Notes that link themselves",
      "Capture now, find it in seconds later",
      "A quiet place for your thinking",
      "Markdown notes, synced everywhere, stored as plain files",
    ],
    features: [
      "Backlinks and a graph view",
      "Offline-first sync",
      "Markdown with live preview",
      "A web clipper for Chrome and Safari",
      "Full-text search, including PDFs",
      "Daily notes",
      "End-to-end encrypted vaults",
      "Publish any note as a web page",
    ],
    keywords: [
      "note taking",
      "markdown",
      "knowledge base",
      "second brain",
      "personal wiki",
      "notes app",
    ],
    consumer: true,
  },
  "calendar": {
    stems: ["Cal", "Slot", "Meet", "Agenda", "Day"],
    thing: "meetings",
    product: "scheduling tool",
    job: "schedule meetings",
    audiences: ["consultants", "recruiters", "sales teams"],
    pain: "endless back-and-forth emails to find a time",
    outcome: "book meetings without the back-and-forth",
    taglines: [
      "Scheduling links that respect your focus time",
      "Book meetings in one click, across time zones",
      "One calendar for work, life and everything in between",
      "Protect your deep work and let meetings fit around it",
    ],
    features: [
      "Booking pages with your branding",
      "Round-robin scheduling for teams",
      "Google, Outlook and iCloud sync",
      "Automatic time zone detection",
      "Buffer times and daily limits",
      "Focus time blocking",
      "Paid bookings with Stripe",
      "Meeting reminders by email and SMS",
    ],
    keywords: [
      "scheduling",
      "calendar",
      "booking page",
      "meeting scheduler",
      "time zones",
      "appointments",
    ],
  },
  "time-tracking": {
    stems: ["Hour", "Clock", "Tick", "Time", "Punch"],
    thing: "hours",
    product: "time tracker",
    job: "track time and bill hours",
    audiences: ["freelancers", "agencies", "consultancies"],
    pain: "reconstructing timesheets on Friday afternoon",
    outcome: "bill every hour they work",
    taglines: [
      "Time tracking that fills in your timesheet for you",
      "One click to start, one click to invoice",
      "Know which projects actually make money",
      "Timesheets without the nagging",
    ],
    features: [
      "One-click timers in the browser and menu bar",
      "Automatic activity suggestions",
      "Billable rates per client and project",
      "Timesheet approvals",
      "Project profitability reports",
      "Invoices from tracked hours",
      "Idle detection",
      "Jira and Asana integration",
    ],
    keywords: [
      "time tracking",
      "timesheets",
      "billable hours",
      "freelance",
      "agency",
      "project profitability",
    ],
  },
  "automation": {
    stems: ["Flow", "Zap", "Relay", "Bot", "Chain"],
    thing: "workflows",
    product: "automation platform",
    job: "automate repetitive workflows",
    audiences: ["operations teams", "no-code builders", "small businesses"],
    pain: "copy-pasting between apps all day",
    outcome: "connect their apps without writing code",
    taglines: [
      "Automate the busywork between your apps",
      "No-code workflows with the power of code when you need it",
      "Your operations, on autopilot",
      "Connect 400 apps in a few clicks",
    ],
    features: [
      "A visual workflow builder",
      "400+ app connectors",
      "Webhooks and scheduled triggers",
      "Branching, loops and retries",
      "Run history with step-by-step logs",
      "JavaScript steps for custom logic",
      "Shared team workspaces",
      "A self-hosting option",
    ],
    keywords: [
      "workflow automation",
      "no-code",
      "integrations",
      "zapier alternative",
      "webhooks",
      "operations",
    ],
  },
  "seo": {
    stems: ["Rank", "Search", "Crawl", "Keyword", "Serp"],
    thing: "rankings",
    product: "SEO toolkit",
    job: "research keywords and track rankings",
    audiences: ["content marketers", "SEO agencies", "founders doing their own marketing"],
    pain: "guessing what to write next",
    outcome: "grow organic traffic month over month",
    taglines: [
      "Keyword research without the enterprise price tag",
      "Find the keywords you can actually rank for",
      "Rank tracking with daily updates",
      "Technical SEO audits in plain English",
    ],
    features: [
      "Keyword difficulty scores",
      "Daily rank tracking by location",
      "Site audits with fix suggestions",
      "Backlink monitoring",
      "Content briefs from top-ranking pages",
      "Competitor gap analysis",
      "Google Search Console integration",
      "White-label reports for clients",
    ],
    keywords: [
      "seo",
      "keyword research",
      "rank tracking",
      "backlinks",
      "site audit",
      "organic traffic",
    ],
  },
  "email-marketing": {
    stems: ["Mail", "Inbox", "Letter", "Send", "Dispatch"],
    thing: "newsletters",
    product: "email marketing platform",
    job: "write and send newsletters",
    audiences: ["creators", "e-commerce brands", "B2B marketers"],
    pain: "emails landing in spam",
    outcome: "grow a list that actually opens",
    taglines: [
      "Newsletters that land in the inbox, not spam",
      "Email marketing for creators who hate templates",
      "Write once, send beautifully",
      "Automated email sequences that feel personal",
    ],
    features: [
      "Drag-and-drop and Markdown editors",
      "Automated welcome sequences",
      "Audience segments and tags",
      "A/B testing of subject lines",
      "Deliverability monitoring",
      "Paid subscriptions",
      "Sign-up forms and landing pages",
      "Import from Mailchimp and Substack",
    ],
    keywords: [
      "email marketing",
      "newsletter",
      "email automation",
      "deliverability",
      "mailing list",
      "creators",
    ],
  },
  "social-media": {
    stems: ["Post", "Buzz", "Social", "Share", "Feed"],
    thing: "social posts",
    product: "social media scheduler",
    job: "plan and schedule social posts",
    audiences: ["social media managers", "solo founders", "small brands"],
    pain: "posting by hand on five platforms",
    outcome: "stay consistent on social without living in the apps",
    taglines: [
      "Schedule a month of posts in an afternoon",
      "One calendar for every social channel",
      "Social scheduling built for small teams",
      "Turn one idea into posts for every platform",
    ],
    features: [
      "Scheduling to X, LinkedIn, Instagram and Bluesky",
      "A visual content calendar",
      "Best-time-to-post suggestions",
      "Approval workflows for clients",
      "A link-in-bio page",
      "Post analytics by channel",
      "Reusable hashtag groups",
      "A team inbox for comments and DMs",
    ],
    keywords: [
      "social media scheduling",
      "content calendar",
      "linkedin",
      "instagram",
      "social media management",
      "creators",
    ],
  },
  "analytics": {
    stems: ["Metric", "Insight", "Stat", "Chart", "Tally"],
    thing: "page views",
    product: "web analytics tool",
    job: "understand website traffic",
    audiences: ["marketers", "indie hackers", "product teams"],
    pain: "cookie banners and bloated dashboards",
    outcome: "see what drives sign-ups",
    taglines: [
      "Privacy-friendly analytics without cookie banners",
      "Website analytics you can read in ten seconds",
      "Know which pages bring paying customers",
      "Simple, fast, GDPR-compliant web analytics",
    ],
    features: [
      "Cookie-free tracking under 2 KB",
      "A real-time dashboard",
      "Goal and funnel tracking",
      "UTM campaign reports",
      "Public dashboards to share",
      "Revenue attribution with Stripe",
      "Email and Slack reports",
      "Google Analytics import",
    ],
    keywords: [
      "web analytics",
      "privacy",
      "google analytics alternative",
      "gdpr",
      "conversion tracking",
      "dashboards",
    ],
  },
  "landing-pages": {
    stems: ["Launch", "Land", "Hero", "Site", "Fold"],
    thing: "landing pages",
    product: "landing page builder",
    job: "build and test landing pages",
    audiences: ["startup founders", "growth marketers", "agencies"],
    pain: "waiting on developers for every page change",
    outcome: "launch a page the same day",
    taglines: [
      "Landing pages that load fast and convert",
      "Build a launch page in an afternoon",
      "A/B test your headline without a developer",
      "From idea to live page in 15 minutes",
    ],
    features: [
      "A block-based page editor",
      "Built-in A/B testing",
      "Waitlist and lead forms",
      "Custom domains with SSL",
      "Page speed scores above 95",
      "Templates for launches and waitlists",
      "HubSpot and Mailchimp integrations",
      "Conversion analytics",
    ],
    keywords: [
      "landing page builder",
      "conversion",
      "a/b testing",
      "waitlist",
      "no-code website",
      "startup",
    ],
  },
  "ui-design": {
    stems: ["Pixel", "Frame", "Canvas", "Layer", "Shade"],
    thing: "interfaces",
    product: "UI design tool",
    job: "design user interfaces",
    audiences: ["product designers", "indie makers", "design agencies"],
    pain: "rebuilding the same components from scratch",
    outcome: "go from idea to polished screens faster",
    taglines: [
      "Design interfaces faster with real components",
      "UI kits that feel hand-made",
      "From wireframe to polished UI in one tool",
      "Pixel-perfect handoff to developers",
    ],
    features: [
      "A component library with variants",
      "Auto layout",
      "Developer handoff with CSS and Tailwind",
      "Real-time collaboration",
      "Figma import",
      "Colour and typography tokens",
      "Comments and a review mode",
      "Export to React",
    ],
    keywords: ["ui design", "ui kit", "design tool", "figma", "components", "handoff"],
  },
  "prototyping": {
    stems: ["Proto", "Mock", "Wire", "Click", "Draft"],
    thing: "prototypes",
    product: "prototyping tool",
    job: "build clickable prototypes",
    audiences: ["UX designers", "product managers", "founders pitching ideas"],
    pain: "static mockups that nobody understands",
    outcome: "test ideas with real users before building",
    taglines: [
      "Clickable prototypes in minutes, not days",
      "Test your idea before you write code",
      "Prototypes that feel like the real app",
      "User testing built into your prototype",
    ],
    features: [
      "Drag-and-drop interactions",
      "Realistic transitions and gestures",
      "Sharing by link, on any device",
      "User testing sessions with recordings",
      "Click heatmaps",
      "Figma and Sketch import",
      "Comments on every screen",
      "Version history",
    ],
    keywords: [
      "prototyping",
      "ux design",
      "user testing",
      "wireframes",
      "clickable prototype",
      "mockups",
    ],
  },
  "illustration": {
    stems: ["Doodle", "Brush", "Sketch", "Pigment", "Scribble"],
    thing: "illustrations",
    product: "illustration library",
    job: "create and customise illustrations",
    audiences: ["marketing teams", "indie makers", "app designers"],
    pain: "generic stock art that looks like everyone else's",
    outcome: "give their product a visual style of its own",
    taglines: [
      "Customisable illustrations in your brand colours",
      "Hand-drawn illustration packs for product teams",
      "Mix and match characters, scenes and objects",
      "Illustrations that match your brand in one click",
    ],
    features: [
      "2,000+ vector illustrations",
      "Recolouring to your brand palette",
      "SVG, PNG and Lottie export",
      "Mix-and-match characters",
      "Figma and Framer plugins",
      "A commercial licence included",
      "New packs every month",
      "Consistent styles across sets",
    ],
    keywords: [
      "illustrations",
      "vector art",
      "svg",
      "brand design",
      "stock illustrations",
      "design assets",
    ],
  },
  "design-systems": {
    stems: ["Token", "System", "Atom", "Pattern", "Swatch"],
    thing: "design tokens",
    product: "design system platform",
    job: "document and maintain design systems",
    audiences: ["design system teams", "frontend engineers", "scale-ups"],
    pain: "design and code drifting apart",
    outcome: "keep design and code in sync",
    taglines: [
      "Your design system, documented and in sync",
      "Design tokens from Figma to code, automatically",
      "One source of truth for design and engineering",
      "Design system docs your developers will read",
    ],
    features: [
      "Design token sync from Figma",
      "A generated docs site",
      "Component usage analytics",
      "Versioned releases and changelogs",
      "Style Dictionary export",
      "Storybook integration",
      "Accessibility checks",
      "Governance workflows",
    ],
    keywords: [
      "design system",
      "design tokens",
      "storybook",
      "component library",
      "documentation",
      "figma",
    ],
  },
  "ai-writing": {
    stems: ["Write", "Prose", "Word", "Quill", "Scribe"],
    thing: "drafts",
    product: "AI writing assistant",
    job: "draft articles, emails and product copy",
    audiences: ["content teams", "founders", "copywriters"],
    pain: "staring at a blank page",
    outcome: "publish good writing faster",
    taglines: [
      "An AI writing partner that keeps your voice",
      "First drafts in seconds, final drafts by you",
      "AI copywriting grounded in your own sources",
      "Long-form content that does not sound like AI",
    ],
    features: [
      "Brand voice training from your past writing",
      "A long-form editor with outlines",
      "Citations from your sources",
      "SEO suggestions as you write",
      "Rewrite and tone controls",
      "Team style guides",
      "A plagiarism check",
      "Export to WordPress and Webflow",
    ],
    keywords: [
      "ai writing",
      "copywriting",
      "content generation",
      "brand voice",
      "blog writing",
      "llm",
    ],
  },
  "ai-agents": {
    stems: ["Agent", "Pilot", "Mind", "Operator", "Loop"],
    thing: "AI agents",
    product: "agent platform",
    job: "build and run AI agents",
    audiences: ["developers", "operations teams", "support teams"],
    pain: "brittle scripts and glue code",
    outcome: "hand repetitive work to agents they can trust",
    taglines: [
      "AI agents that do the work, with a human in the loop",
      "Build agents with tools, memory and guardrails",
      "Deploy an AI agent to your inbox in ten minutes",
      "The control room for your AI agents",
    ],
    features: [
      "Tool calling against your own APIs",
      "Human approval steps",
      "Memory across runs",
      "Traces and cost tracking per run",
      "MCP server support",
      "Scheduled and event-driven runs",
      "Evaluation suites",
      "Role-based access",
    ],
    keywords: ["ai agents", "llm", "automation", "mcp", "agent framework", "workflows"],
    developer: true,
  },
  "ai-images": {
    stems: ["Render", "Dream", "Vision", "Lens", "Prism"],
    thing: "images",
    product: "AI image studio",
    job: "generate and edit images",
    audiences: ["e-commerce brands", "designers", "marketers"],
    pain: "paying for a photo shoot every time the catalogue changes",
    outcome: "create on-brand visuals in minutes",
    taglines: [
      "Product photos without the photo shoot",
      "Generate on-brand images in seconds",
      "AI image editing with real control",
      "Turn one product shot into a hundred scenes",
    ],
    features: [
      "Background removal and replacement",
      "Product scenes from a single photo",
      "Upscaling to 4K",
      "Style presets from your brand",
      "Batch processing",
      "Inpainting and outpainting",
      "Commercial usage rights",
      "An API for bulk jobs",
    ],
    keywords: [
      "ai image generation",
      "product photography",
      "background removal",
      "image editing",
      "generative ai",
      "upscaling",
    ],
  },
  "machine-learning-ops": {
    stems: ["Model", "Tensor", "Vector", "Train", "Infer"],
    thing: "models",
    product: "MLOps platform",
    job: "train, deploy and monitor ML models",
    audiences: ["ML engineers", "data science teams", "AI startups"],
    pain: "models that work in a notebook and nowhere else",
    outcome: "get models into production and keep them healthy",
    taglines: [
      "From notebook to production endpoint in one command",
      "GPU inference that scales to zero",
      "Experiment tracking your whole team can search",
      "Catch model drift before it costs you",
    ],
    features: [
      "Experiment tracking",
      "One-command model deployment",
      "Autoscaling GPU inference",
      "Drift and data quality monitoring",
      "A model registry with approvals",
      "A feature store",
      "Evaluation dashboards",
      "Cost tracking per model",
    ],
    keywords: [
      "mlops",
      "model deployment",
      "gpu inference",
      "experiment tracking",
      "model monitoring",
      "machine learning",
    ],
    developer: true,
  },
  "invoicing": {
    stems: ["Invoice", "Bill", "Remit", "Paid", "Dues"],
    thing: "invoices",
    product: "invoicing app",
    job: "send invoices and collect payments",
    audiences: ["freelancers", "agencies", "small businesses"],
    pain: "chasing late payments by hand",
    outcome: "get paid on time",
    taglines: [
      "Invoices that chase themselves",
      "Send an invoice in 30 seconds, get paid in days",
      "Invoicing for freelancers who hate admin",
      "Professional invoices with automatic reminders",
    ],
    features: [
      "Branded invoice templates",
      "Automatic payment reminders",
      "Card and bank transfer payments",
      "Recurring invoices",
      "Multi-currency invoicing",
      "Quotes that convert to invoices",
      "VAT and sales tax handling",
      "A client portal",
    ],
    keywords: [
      "invoicing",
      "invoice software",
      "freelance",
      "payments",
      "late payments",
      "billing",
    ],
  },
  "accounting": {
    stems: ["Ledger", "Book", "Balance", "Audit", "Sum"],
    thing: "books",
    product: "bookkeeping app",
    job: "keep the books",
    audiences: ["small business owners", "bookkeepers", "startups"],
    pain: "a shoebox of receipts at tax time",
    outcome: "close the month in an hour",
    taglines: [
      "Bookkeeping that does itself",
      "Close your books in an hour, not a week",
      "Accounting software for people who are not accountants",
      "Receipts in, tax-ready books out",
    ],
    features: [
      "Bank feeds from 5,000+ banks",
      "Receipt capture by photo or email",
      "Automatic categorisation",
      "Real-time profit and loss",
      "VAT returns",
      "Accountant access",
      "Multi-currency ledgers",
      "Year-end reports",
    ],
    keywords: ["accounting", "bookkeeping", "small business", "receipts", "tax", "profit and loss"],
  },
  "payments": {
    stems: ["Pay", "Coin", "Charge", "Checkout", "Till"],
    thing: "payments",
    product: "payments platform",
    job: "accept payments online",
    audiences: ["SaaS companies", "marketplaces", "online shops"],
    pain: "failed payments and checkout drop-off",
    outcome: "collect more revenue with less code",
    taglines: [
      "Checkout pages that convert, in every currency",
      "Recover failed payments automatically",
      "Payments for SaaS, without the plumbing",
      "One API for cards, wallets and bank transfers",
    ],
    features: [
      "Hosted checkout pages",
      "Smart retries for failed payments",
      "Subscriptions and usage billing",
      "Apple Pay and Google Pay",
      "Tax calculation",
      "Dunning emails",
      "A customer billing portal",
      "Payout reports",
    ],
    keywords: ["payments", "checkout", "subscriptions", "billing", "failed payments", "dunning"],
  },
  "personal-finance": {
    stems: ["Budget", "Penny", "Saver", "Wallet", "Cent"],
    thing: "budgets",
    product: "budgeting app",
    job: "budget and track spending",
    audiences: ["young professionals", "couples", "families"],
    pain: "wondering where the money went every month",
    outcome: "spend with a plan",
    taglines: [
      "A budget you will actually stick to",
      "See every account in one place",
      "Money planning for couples",
      "Your spending, sorted automatically",
    ],
    features: [
      "Secure bank connections",
      "Automatic spending categories",
      "Shared budgets for couples",
      "Savings goals",
      "Bill reminders",
      "Net worth tracking",
      "A subscription finder",
      "Monthly money reports",
    ],
    keywords: [
      "budgeting",
      "personal finance",
      "money management",
      "savings",
      "spending tracker",
      "net worth",
    ],
    consumer: true,
  },
  "crm": {
    stems: ["Deal", "Client", "Contact", "Rapport", "Account"],
    thing: "deals",
    product: "CRM",
    job: "track deals and customer relationships",
    audiences: ["small sales teams", "founders doing sales", "agencies"],
    pain: "deals slipping through the cracks",
    outcome: "close more deals with less admin",
    taglines: [
      "A CRM that updates itself from your inbox",
      "Pipelines that small teams actually keep up to date",
      "The lightweight CRM for founder-led sales",
      "Never forget a follow-up again",
    ],
    features: [
      "A visual sales pipeline",
      "Email and calendar sync",
      "Automatic contact enrichment",
      "Follow-up reminders",
      "Deal forecasting",
      "Custom fields and views",
      "A shared team inbox",
      "A mobile app",
    ],
    keywords: [
      "crm",
      "sales pipeline",
      "contact management",
      "follow-ups",
      "sales",
      "small business crm",
    ],
  },
  "lead-generation": {
    stems: ["Lead", "Prospect", "Reach", "Scout", "Hunt"],
    thing: "leads",
    product: "prospecting tool",
    job: "find and reach qualified leads",
    audiences: ["B2B sales teams", "agencies", "recruiters"],
    pain: "buying stale lead lists",
    outcome: "fill the pipeline with people who want to talk",
    taglines: [
      "Find verified B2B leads in minutes",
      "Cold outreach that does not feel cold",
      "Turn website visitors into qualified leads",
      "Prospect lists with verified emails",
    ],
    features: [
      "A B2B contact database",
      "Email verification",
      "Multi-step outreach sequences",
      "Website visitor identification",
      "LinkedIn prospecting",
      "CRM sync",
      "Intent signals",
      "Deliverability warm-up",
    ],
    keywords: [
      "lead generation",
      "prospecting",
      "cold email",
      "b2b sales",
      "outreach",
      "sales intelligence",
    ],
  },
  "customer-support": {
    stems: ["Help", "Desk", "Support", "Ticket", "Reply"],
    thing: "support tickets",
    product: "help desk",
    job: "answer customer questions",
    audiences: ["support teams", "SaaS companies", "online shops"],
    pain: "a shared inbox that nobody owns",
    outcome: "reply faster without hiring more",
    taglines: [
      "A help desk that feels like email",
      "Answer customers faster with AI-drafted replies",
      "Live chat, email and help center in one inbox",
      "Customer support for small teams that care",
    ],
    features: [
      "A shared inbox with assignments",
      "A live chat widget",
      "A help center builder",
      "AI-suggested replies",
      "Saved replies and macros",
      "SLA timers",
      "Customer satisfaction surveys",
      "Slack and Shopify integrations",
    ],
    keywords: [
      "help desk",
      "customer support",
      "live chat",
      "knowledge base",
      "ticketing",
      "customer service",
    ],
  },
  "online-courses": {
    stems: ["Course", "Learn", "Lesson", "Class", "Tutor"],
    thing: "courses",
    product: "course platform",
    job: "create and sell online courses",
    audiences: ["creators", "coaches", "trainers"],
    pain: "stitching together five tools to sell one course",
    outcome: "turn what they know into income",
    taglines: [
      "Create and sell courses from one place",
      "Course hosting with community built in",
      "Launch your first online course this weekend",
      "Cohort-based courses without the spreadsheets",
    ],
    features: [
      "Video hosting",
      "Drip content schedules",
      "Quizzes and certificates",
      "Community spaces",
      "Checkout with payment plans",
      "Cohort scheduling",
      "Student progress analytics",
      "A custom domain",
    ],
    keywords: [
      "online courses",
      "course platform",
      "e-learning",
      "creators",
      "cohort courses",
      "lms",
    ],
  },
  "language-learning": {
    stems: ["Lingo", "Speak", "Verb", "Phrase", "Accent"],
    thing: "languages",
    product: "language app",
    job: "learn a new language",
    audiences: ["adult learners", "expats", "travellers"],
    pain: "apps that teach words but not conversation",
    outcome: "hold real conversations sooner",
    taglines: [
      "Speak a new language from day one",
      "Language lessons built around real conversations",
      "Learn vocabulary from the shows you watch",
      "A patient conversation partner, any time",
    ],
    features: [
      "Speaking practice with feedback",
      "Spaced-repetition vocabulary",
      "Lessons from real videos",
      "Grammar explanations in plain language",
      "Progress streaks",
      "Offline lessons",
      "20+ languages",
      "Native-speaker audio",
    ],
    keywords: [
      "language learning",
      "vocabulary",
      "spaced repetition",
      "speaking practice",
      "learn spanish",
      "conversation",
    ],
    consumer: true,
  },
  "fitness": {
    stems: ["Fit", "Rep", "Stride", "Lift", "Move"],
    thing: "workouts",
    product: "training app",
    job: "plan and log workouts",
    audiences: ["gym-goers", "runners", "personal trainers"],
    pain: "random workouts with no plan",
    outcome: "get stronger week after week",
    taglines: [
      "Training plans that adapt to you",
      "Log a workout in seconds",
      "Strength training, planned for you",
      "Run your next personal best",
    ],
    features: [
      "Adaptive training plans",
      "Quick workout logging",
      "Progress charts",
      "Apple Health and Garmin sync",
      "An exercise video library",
      "Rest timers",
      "Coach sharing",
      "An offline mode",
    ],
    keywords: [
      "fitness app",
      "workout tracker",
      "strength training",
      "running plan",
      "personal trainer",
      "gym",
    ],
    consumer: true,
  },
  "mental-health": {
    stems: ["Calm", "Breath", "Still", "Mood", "Haven"],
    thing: "moods",
    product: "wellbeing app",
    job: "track mood and build calmer habits",
    audiences: ["busy professionals", "students", "people in therapy"],
    pain: "stress that builds up unnoticed",
    outcome: "notice patterns and feel steadier",
    taglines: [
      "A mood journal that helps you see patterns",
      "Two minutes a day for a calmer mind",
      "Guided breathing for stressful days",
      "Journaling prompts that actually help",
    ],
    features: [
      "Daily mood check-ins",
      "Guided breathing exercises",
      "Journaling prompts",
      "Pattern insights over time",
      "Private by design: data stays on the device",
      "Sleep tracking",
      "Sharing with your therapist",
      "Reminders that do not nag",
    ],
    keywords: ["mental health", "mood tracker", "journaling", "meditation", "wellbeing", "stress"],
    consumer: true,
  },
  "storefronts": {
    stems: ["Shop", "Store", "Cart", "Market", "Stall"],
    thing: "online stores",
    product: "store builder",
    job: "build and run an online store",
    audiences: ["makers", "small brands", "creators selling merch"],
    pain: "store builders that charge extra for every feature",
    outcome: "start selling this week",
    taglines: [
      "Open your online shop in an afternoon",
      "A storefront that loads in under a second",
      "Sell digital and physical products in one place",
      "Beautiful shops for independent makers",
    ],
    features: [
      "Store templates",
      "Product variants",
      "Discount codes",
      "Digital downloads",
      "Abandoned cart emails",
      "Multi-currency prices",
      "Inventory sync",
      "A custom domain with SSL",
    ],
    keywords: [
      "online store",
      "ecommerce",
      "shopify alternative",
      "storefront",
      "sell online",
      "digital products",
    ],
  },
  "inventory": {
    stems: ["Stock", "Shelf", "Crate", "Bin", "Pallet"],
    thing: "stock levels",
    product: "inventory system",
    job: "track inventory across channels",
    audiences: ["online retailers", "wholesalers", "small warehouses"],
    pain: "overselling and spreadsheet stock counts",
    outcome: "never oversell again",
    taglines: [
      "Inventory in sync across every channel",
      "Stop overselling for good",
      "Stock counts with your phone's camera",
      "Purchase orders that write themselves",
    ],
    features: [
      "Multi-channel stock sync",
      "Barcode scanning on mobile",
      "Low-stock alerts",
      "Purchase orders",
      "Multiple warehouses",
      "Batch and expiry tracking",
      "Shopify and Amazon integration",
      "Stock valuation reports",
    ],
    keywords: [
      "inventory management",
      "stock control",
      "warehouse",
      "barcode",
      "multichannel",
      "purchase orders",
    ],
  },
  "shipping": {
    stems: ["Ship", "Parcel", "Freight", "Route", "Courier"],
    thing: "shipments",
    product: "shipping platform",
    job: "ship orders and track parcels",
    audiences: ["e-commerce brands", "3PLs", "marketplace sellers"],
    pain: "printing labels one carrier site at a time",
    outcome: "ship more orders with fewer mistakes",
    taglines: [
      "Shipping labels for every carrier in one click",
      "Branded tracking pages that cut support tickets",
      "Ship smarter with automatic carrier choice",
      "Returns that do not eat your margin",
    ],
    features: [
      "Discounted labels for 50+ carriers",
      "Batch label printing",
      "Branded tracking pages",
      "Automatic carrier selection",
      "A returns portal",
      "Customs forms",
      "Delivery notifications",
      "Shopify and WooCommerce sync",
    ],
    keywords: [
      "shipping software",
      "shipping labels",
      "parcel tracking",
      "returns",
      "ecommerce shipping",
      "carriers",
    ],
  },
  "communication": {
    stems: ["Huddle", "Echo", "Thread", "Async", "Chatter"],
    thing: "team updates",
    product: "async communication tool",
    job: "share updates and talk asynchronously",
    audiences: ["remote teams", "distributed startups", "agencies"],
    pain: "a meeting for every decision",
    outcome: "replace status meetings with async updates",
    taglines: [
      "Async video updates instead of meetings",
      "Team chat without the noise",
      "Daily stand-ups that take two minutes",
      "Decisions written down, not lost in chat",
    ],
    features: [
      "Async video messages",
      "Threaded discussions",
      "Automatic stand-up prompts",
      "Transcripts and summaries",
      "Time zone-aware scheduling",
      "Slack and Teams integration",
      "A searchable decision log",
      "Guest access",
    ],
    keywords: [
      "remote work",
      "async communication",
      "team chat",
      "video messages",
      "stand-ups",
      "distributed teams",
    ],
  },
  "hiring": {
    stems: ["Hire", "Talent", "Recruit", "Crew", "Roster"],
    thing: "candidates",
    product: "applicant tracking system",
    job: "hire great people",
    audiences: ["startups", "recruiters", "hiring managers"],
    pain: "hiring pipelines living in spreadsheets",
    outcome: "make better hires faster",
    taglines: [
      "An applicant tracker small teams enjoy",
      "Hire remote developers in two weeks",
      "Structured interviews without the paperwork",
      "Careers pages that attract the right people",
    ],
    features: [
      "An applicant tracking pipeline",
      "A careers page builder",
      "Structured interview kits",
      "Scorecards",
      "Job board syndication",
      "Interview scheduling",
      "Candidate email templates",
      "Hiring reports",
    ],
    keywords: ["applicant tracking", "recruiting", "hiring", "ats", "remote hiring", "interviews"],
  },
  "password-managers": {
    stems: ["Vault", "Key", "Lock", "Pass", "Secret"],
    thing: "passwords",
    product: "password manager",
    job: "store and share passwords",
    audiences: ["small teams", "families", "IT admins"],
    pain: "passwords shared in chat messages",
    outcome: "share access safely",
    taglines: [
      "Passwords your whole team can share safely",
      "The password manager for small businesses",
      "Zero-knowledge vaults, simple sharing",
      "Log in everywhere with one master password",
    ],
    features: [
      "End-to-end encrypted vaults",
      "Browser extensions",
      "Shared team folders",
      "Passkey support",
      "Breach alerts",
      "Built-in two-factor codes",
      "An admin console with SSO",
      "Secure password sharing links",
    ],
    keywords: ["password manager", "security", "passkeys", "team passwords", "encryption", "2fa"],
  },
  "privacy": {
    stems: ["Shield", "Cloak", "Guard", "Veil", "Private"],
    thing: "personal data",
    product: "privacy service",
    job: "protect personal data",
    audiences: ["privacy-conscious people", "compliance teams", "journalists"],
    pain: "data brokers selling your details",
    outcome: "take back control of their data",
    taglines: [
      "Remove your personal data from broker sites",
      "Privacy compliance without the lawyers",
      "Email aliases that stop spam at the source",
      "GDPR requests handled in days, not weeks",
    ],
    features: [
      "Data broker removal requests",
      "Unlimited email aliases",
      "A cookie consent manager",
      "GDPR and CCPA request workflows",
      "Tracker blocking",
      "Data mapping",
      "A privacy policy generator",
      "Breach monitoring",
    ],
    keywords: ["privacy", "gdpr", "data removal", "email aliases", "compliance", "data protection"],
  },
};

/** A theme for a category without one (the tree may grow): built from its name. */
function fallbackTheme(category: Category): Theme {
  const name = category.name.toLowerCase();
  return {
    stems: [category.name.split(/\s+/)[0].replace(/[^A-Za-z]/g, "") || "Nova", "Nova", "Orbit"],
    thing: `${name} work`,
    product: `${name} tool`,
    job: `handle ${name} work`,
    audiences: ["small teams", "freelancers", "growing companies"],
    pain: "doing it all by hand",
    outcome: "spend less time on busywork",
    taglines: [
      `${category.name}, made simple`,
      `The friendly ${name} tool`,
      `${category.name} without the busywork`,
    ],
    features: [
      "A clean dashboard",
      "Team workspaces",
      "CSV import and export",
      "Email notifications",
      "An open API",
      "Role-based access",
    ],
    keywords: [name, "small business", "saas", "productivity"],
  };
}

// ---------------------------------------------------------------------------------------------
// Names, places and people.

const SUFFIXES = [
  "ly",
  "wise",
  "base",
  "flow",
  "stack",
  "hub",
  "kit",
  "desk",
  "pilot",
  "loop",
  "craft",
  "nest",
  "forge",
  "mint",
  "grid",
  "lane",
  "spark",
  "scope",
  "bird",
  "box",
  "works",
  "lab",
  "cast",
  "fox",
  "able",
  "ify",
];
const PREFIXES = [
  "Open",
  "Tiny",
  "Bright",
  "North",
  "Blue",
  "Good",
  "Hello",
  "Clear",
  "Swift",
  "Little",
  "True",
];
const TLDS: [string, number][] = [["com", 40], ["io", 20], ["app", 15], ["co", 9], ["dev", 8], [
  "so",
  8,
]];

const PLACES: [string, string[], number][] = [
  ["US", ["San Francisco", "New York", "Austin", "Seattle", "Boston", "Denver", "Chicago"], 26],
  ["GB", ["London", "Manchester", "Edinburgh", "Bristol"], 10],
  ["DE", ["Berlin", "Munich", "Hamburg", "Cologne"], 9],
  ["IN", ["Bengaluru", "Pune", "Hyderabad", "Delhi"], 9],
  ["FR", ["Paris", "Lyon", "Nantes"], 6],
  ["CA", ["Toronto", "Vancouver", "Montreal"], 6],
  ["NL", ["Amsterdam", "Utrecht", "Rotterdam"], 5],
  ["ES", ["Barcelona", "Madrid", "Valencia"], 5],
  ["SE", ["Stockholm", "Gothenburg", "Malmö"], 4],
  ["BR", ["São Paulo", "Florianópolis", "Rio de Janeiro"], 4],
  ["PT", ["Lisbon", "Porto"], 3],
  ["PL", ["Warsaw", "Kraków"], 3],
  ["AU", ["Sydney", "Melbourne"], 3],
  ["NG", ["Lagos", "Abuja"], 2],
  ["JP", ["Tokyo", "Osaka"], 2],
  ["SG", ["Singapore"], 2],
];
const EU = new Set(["DE", "FR", "NL", "ES", "SE", "PT", "PL"]);

/** First and last names by naming tradition. */
const NAME_POOLS: Record<string, [string[], string[]]> = {
  en: [
    [
      "Emily",
      "James",
      "Olivia",
      "Noah",
      "Hannah",
      "Ethan",
      "Grace",
      "Liam",
      "Chloe",
      "Ben",
      "Sarah",
      "Marcus",
      "Jasmine",
      "Tyler",
      "Rachel",
      "Owen",
      "Maya",
      "Daniel",
      "Aisha",
      "Sam",
    ],
    [
      "Carter",
      "Brooks",
      "Nguyen",
      "Patel",
      "Kim",
      "Walsh",
      "Hughes",
      "Bennett",
      "Foster",
      "Reyes",
      "Coleman",
      "Murphy",
      "Sullivan",
      "Chen",
      "Hayes",
      "Morgan",
      "Price",
      "Ward",
      "Flores",
      "Kowalski",
    ],
  ],
  de: [
    [
      "Lukas",
      "Anna",
      "Jonas",
      "Lea",
      "Felix",
      "Marie",
      "Tobias",
      "Sophie",
      "Jan",
      "Katharina",
      "Moritz",
      "Julia",
    ],
    [
      "Müller",
      "Schmidt",
      "Becker",
      "Wagner",
      "Hoffmann",
      "Schulz",
      "Koch",
      "Richter",
      "Klein",
      "Wolf",
      "Neumann",
      "Braun",
    ],
  ],
  fr: [
    [
      "Camille",
      "Louis",
      "Chloé",
      "Hugo",
      "Manon",
      "Julien",
      "Léa",
      "Antoine",
      "Inès",
      "Thomas",
      "Clara",
      "Mathieu",
    ],
    [
      "Martin",
      "Bernard",
      "Dubois",
      "Lefèvre",
      "Moreau",
      "Laurent",
      "Girard",
      "Roux",
      "Fournier",
      "Bonnet",
      "Lambert",
      "Mercier",
    ],
  ],
  nl: [
    ["Daan", "Sanne", "Bram", "Lotte", "Thijs", "Femke", "Ruben", "Eva", "Joris", "Noor"],
    [
      "de Vries",
      "Jansen",
      "van Dijk",
      "Bakker",
      "Visser",
      "Smit",
      "Meijer",
      "de Boer",
      "Mulder",
      "Bos",
    ],
  ],
  in: [
    [
      "Priya",
      "Arjun",
      "Ananya",
      "Rohan",
      "Kavya",
      "Vikram",
      "Sneha",
      "Aditya",
      "Meera",
      "Karthik",
      "Divya",
      "Rahul",
    ],
    [
      "Sharma",
      "Iyer",
      "Reddy",
      "Nair",
      "Gupta",
      "Menon",
      "Rao",
      "Kulkarni",
      "Desai",
      "Bhat",
      "Joshi",
      "Kapoor",
    ],
  ],
  es: [
    ["Lucía", "Pablo", "Marta", "Javier", "Carmen", "Diego", "Elena", "Álvaro", "Sofía", "Sergio"],
    [
      "García",
      "Fernández",
      "López",
      "Martínez",
      "Sánchez",
      "Romero",
      "Navarro",
      "Torres",
      "Ruiz",
      "Ortega",
    ],
  ],
  sv: [
    ["Erik", "Maja", "Oskar", "Elsa", "Axel", "Linnea", "Gustav", "Ebba", "Viktor", "Saga"],
    [
      "Lindqvist",
      "Johansson",
      "Andersson",
      "Karlsson",
      "Nilsson",
      "Berg",
      "Holm",
      "Lund",
      "Ekström",
      "Sandberg",
    ],
  ],
  pt: [
    [
      "João",
      "Beatriz",
      "Lucas",
      "Mariana",
      "Gabriel",
      "Larissa",
      "Rafael",
      "Camila",
      "Tiago",
      "Inês",
    ],
    [
      "Silva",
      "Santos",
      "Oliveira",
      "Souza",
      "Costa",
      "Ferreira",
      "Almeida",
      "Pereira",
      "Carvalho",
      "Ribeiro",
    ],
  ],
  pl: [
    ["Kacper", "Zofia", "Jakub", "Aleksandra", "Mateusz", "Natalia", "Piotr", "Magdalena"],
    ["Nowak", "Wójcik", "Kowalczyk", "Mazur", "Krawczyk", "Zając", "Król", "Wróbel"],
  ],
  ng: [
    ["Chinedu", "Amara", "Tunde", "Ngozi", "Emeka", "Funmi", "Kelechi", "Zainab"],
    ["Okafor", "Adeyemi", "Balogun", "Eze", "Nwosu", "Okonkwo", "Bello", "Adebayo"],
  ],
  ja: [
    ["Yuki", "Haruto", "Sakura", "Ren", "Aoi", "Kenji", "Mei", "Sota"],
    ["Tanaka", "Suzuki", "Takahashi", "Watanabe", "Ito", "Yamamoto", "Nakamura", "Kobayashi"],
  ],
  sg: [
    ["Wei Ling", "Jun Jie", "Hui Min", "Darren", "Shu Fen", "Zhi Hao"],
    ["Tan", "Lim", "Lee", "Ng", "Ong", "Goh"],
  ],
};
const POOL_OF_COUNTRY: Record<string, string> = {
  US: "en",
  GB: "en",
  CA: "en",
  AU: "en",
  DE: "de",
  FR: "fr",
  NL: "nl",
  IN: "in",
  ES: "es",
  SE: "sv",
  BR: "pt",
  PT: "pt",
  PL: "pl",
  NG: "ng",
  JP: "ja",
  SG: "sg",
};

const PAST_ROLES = [
  "spent six years as a backend engineer at a payments company",
  "led engineering at a mid-sized logistics company",
  "ran a small agency building online shops",
  "worked as a data scientist in retail banking",
  "was an early employee at a developer-tools startup",
  "worked as a product designer for travel and booking apps",
  "managed customer success at a B2B software company",
  "freelanced as a full-stack developer for a decade",
  "worked as a management consultant",
  "was a product manager at a large marketplace",
  "taught computer science at a secondary school",
  "worked in growth marketing at two venture-backed startups",
  "built internal tools for an investment bank",
  "ran operations at a fast-growing e-commerce brand",
  "worked as an accountant and learned to code at night",
  "did a PhD in machine learning",
];
const BIO_EXTRAS = [
  "Writes a monthly newsletter about building in public.",
  "Mentors first-time founders in a local accelerator.",
  "Speaks at meetups about shipping small products.",
  "Contributes to open-source projects on weekends.",
  "Runs most mornings and answers support emails after.",
  "Believes the best products come from boring problems.",
  "Shares revenue numbers and lessons openly on X.",
];
const COFOUNDER_AREAS = [
  "engineering",
  "design",
  "growth",
  "sales and partnerships",
  "product",
  "operations",
];

interface Place {
  country: string;
  city: string;
}

interface PlannedFounder {
  slug: string;
  name: string;
  first: string;
  country: string;
  city: string;
  pastRole: string;
  extra: string;
  socials: Socials;
  /** Plan indexes of the listings, in order; the first primary one gives the account. */
  listings: { plan: number; primary: boolean }[];
  email: string | null;
  bio: string;
}

/** A person's name in a tradition matching the country most of the time. */
function personName(rng: Rng, country: string): { first: string; last: string } {
  const poolName = chance(rng, 0.75)
    ? POOL_OF_COUNTRY[country] ?? "en"
    : pick(rng, Object.keys(NAME_POOLS));
  const [firsts, lasts] = NAME_POOLS[poolName];
  return { first: pick(rng, firsts), last: pick(rng, lasts) };
}

function placeOf(rng: Rng): Place {
  const [country, cities] = weighted(
    rng,
    PLACES.map(([c, cities, w]) => [[c, cities] as const, w] as const),
  );
  return { country, city: pick(rng, cities) };
}

// ---------------------------------------------------------------------------------------------
// The plan of one listing.

type Kind = "past" | "current" | "upcoming" | "awaiting_badge" | "draft";

interface PlannedListing {
  index: number;
  kind: Kind;
  plan: "free" | "paid" | null;
  theme: Theme;
  input: NewListing;
  createdAt: Date;
  /** When the week was booked (scheduled and launched ones). */
  bookedAt: Date | null;
  week: string | null;
  launchAt: Date | null;
  founders: number[];
  /** Votes to cast (times and voter indexes), views and follows. */
  votes: { at: Date; voter: number }[];
  views: Date[];
  follows: { at: Date; voter: number }[];
  billboard: { amount: number; at: Date; id: string }[];
  domainRatings: { date: string; value: number }[];
  revenue: { month: string; mrr_cents: number; source: "self_reported" | "verified" }[];
  updates: { title: string; body: string; at: Date }[];
  reviews: {
    id: string;
    voter: number | "owner";
    rating: number;
    body: string;
    flagged: boolean;
    at: Date;
  }[];
}

interface DemoPlan {
  listings: PlannedListing[];
  founders: PlannedFounder[];
  voters: { email: string; name: string }[];
  pastWeeks: string[];
}

const PRICING: Record<string, (rng: Rng, theme: Theme) => string> = {
  "Free": () => "Free forever",
  "Freemium": (rng, theme) =>
    pick(rng, [
      `Free for up to 3 users; Team $${int(rng, 2, 4) * 4}/user/month`,
      `Free plan with 100 ${theme.thing}/month; Pro $${pick(rng, [9, 12, 15, 19])}/month`,
      `Free for personal use; Business $${pick(rng, [8, 10, 12])}/user/month`,
    ]),
  "Subscription": (rng) =>
    pick(rng, [
      `Starter $${pick(rng, [9, 12, 15])}/month; Pro $${
        pick(rng, [29, 39, 49])
      }/month; 14-day free trial`,
      `$${pick(rng, [19, 24, 29])}/month or $${pick(rng, [190, 240, 290])}/year`,
      `Team $${pick(rng, [49, 79, 99])}/month for 10 seats; Enterprise on request`,
    ]),
  "One-time": (rng) =>
    pick(rng, [
      `$${pick(rng, [29, 49, 79, 99])} one-time license with a year of updates`,
      `$${pick(rng, [19, 39, 59])} once, lifetime updates`,
    ]),
  "Usage-based": (rng) =>
    pick(rng, [
      `First 10,000 requests free each month, then $${pick(rng, ["0.50", "1", "2"])} per 1,000`,
      `Pay as you go from $${pick(rng, ["0.01", "0.02", "0.05"])} per unit; no monthly minimum`,
    ]),
  "Open source": (rng) =>
    pick(rng, [
      `Free and open source (MIT); hosted cloud from $${pick(rng, [12, 19, 29])}/month`,
      `Self-host free (AGPL); managed plans from $${pick(rng, [25, 49])}/month`,
    ]),
};

const USP_POOL = [
  "Set up in under five minutes",
  "No credit card needed to start",
  "Import your existing {thing} from a CSV file",
  "Support answered by the people who build it",
  "Works with the tools you already use",
  "A public roadmap shaped by customers",
  "Built for {aud}, not for enterprises",
  "An open API and webhooks",
  "Keyboard-first and fast",
  "Transparent pricing with no per-seat surprises",
];

function fill(template: string, theme: Theme, name: string): string {
  return template.replaceAll("{thing}", theme.thing).replaceAll("{aud}", theme.audiences[0])
    .replaceAll(
      "{name}",
      name,
    );
}

/** The description: 2 to 4 paragraphs from the theme, true to the listing's own facts. */
function describe(rng: Rng, l: NewListing, theme: Theme, founderNames: string[]): string {
  const [a1, a2, a3] = theme.audiences;
  const name = l.name;
  const paragraphs: string[] = [];
  paragraphs.push(pick(rng, [
    `${name} helps ${a1} and ${a2} ${theme.job} without ${theme.pain}. ${
      pick(rng, [
        `The goal is simple: ${theme.outcome}.`,
        `Most customers use it to ${theme.outcome}.`,
        `It is built for people who want to ${theme.outcome} and get back to their real work.`,
      ])
    }`,
    `${
      ucFirst(theme.pain)
    } costs hours every week. ${name} is a ${theme.product} for ${a1}, ${a2} and ${a3}: it lets you ${theme.job} in one place, so you can ${theme.outcome}.`,
    `${name} is a ${theme.product} for ${a1} who need to ${theme.job}. It replaces ${theme.pain} with a simple routine, and it grows with you as ${a2} and ${a3} join.`,
  ]));
  const f = l.features.map(lcFirst);
  paragraphs.push(pick(rng, [
    `Inside you get ${listText(f.slice(0, 3))}.${
      f.length > 3
        ? ` There ${f[3].endsWith("s") ? "are" : "is"} also ${listText(f.slice(3))}.`
        : ""
    }`,
    `Everything starts with ${f[0]}. Add ${
      listText(f.slice(1, 3))
    }, and most of the busywork around ${theme.thing} disappears.${
      f.length > 3 ? ` Power users will like ${listText(f.slice(3))}.` : ""
    }`,
    `The features people mention most: ${
      listText(f.slice(0, Math.min(4, f.length)))
    }. Each one was built after watching ${a1} work, not from a checklist.`,
  ]));
  if (l.usps.length > 0 && chance(rng, 0.75)) {
    const u = l.usps.map(lcFirst);
    paragraphs.push(pick(rng, [
      `What sets ${name} apart: ${listText(u)}.`,
      `Why teams switch to ${name}: ${listText(u)}.`,
    ]));
  }
  const origin: string[] = [];
  if (l.city || l.founded_year) {
    const who = founderNames.length > 1 ? listText(founderNames) : founderNames[0];
    origin.push(
      `${name} was started${l.founded_year ? ` in ${l.founded_year}` : ""} by ${who}${
        l.city ? ` in ${l.city}` : ""
      }.`,
    );
  }
  if (l.pricing_summary) origin.push(`Pricing: ${l.pricing_summary}.`);
  if (origin.length > 0 && chance(rng, 0.7)) paragraphs.push(origin.join(" "));
  return paragraphs.join("\n\n");
}

function faqsOf(rng: Rng, l: NewListing, theme: Theme): Faq[] {
  const [a1, a2, a3] = theme.audiences;
  const pool: Faq[] = [
    {
      question: `Who is ${l.name} for?`,
      answer: `${l.name} is built for ${a1}, ${a2} and ${a3} who want to ${theme.outcome}.`,
    },
    {
      question: `Can I import my existing ${theme.thing}?`,
      answer:
        `Yes. You can import from a CSV file or connect the tool you use today; most imports finish in a few minutes.`,
    },
    {
      question: "Where is my data stored?",
      answer: l.country && EU.has(l.country)
        ? "All data is stored in the EU, encrypted at rest and in transit. You can export or delete it at any time."
        : "Data is encrypted at rest and in transit, with daily backups. You can export or delete it at any time.",
    },
    {
      question: `Does ${l.name} have an API?`,
      answer:
        "Yes: a documented REST API and webhooks for the main events, available on every plan.",
    },
    {
      question: "Can I cancel at any time?",
      answer:
        "Yes. There are no contracts; you keep access until the end of the period you paid for.",
    },
  ];
  const out: Faq[] = [];
  if (l.pricing_summary) {
    out.push({ question: `How much does ${l.name} cost?`, answer: `${l.pricing_summary}.` });
  }
  const n = int(rng, 2, 4) - out.length;
  const usable = pool.filter((q) =>
    !(q.question.startsWith("Can I cancel") && l.pricing_model !== "Subscription")
  );
  return [...out, ...sample(rng, usable, n)];
}

function storyOf(rng: Rng, l: NewListing, theme: Theme, founderFirst: string): FounderStory {
  const [a1, a2] = theme.audiences;
  const weeks = int(rng, 4, 14);
  const users = pick(rng, [40, 60, 120, 200, 350]);
  return {
    title: pick(rng, [
      `Why we built ${l.name}`,
      `The story behind ${l.name}`,
      `From side project to ${l.name}`,
    ]),
    story: `${founderFirst} started ${l.name}${
      l.founded_year ? ` in ${l.founded_year}` : ""
    } as a side project to ${theme.job}. It began as a tool for one team and grew by word of mouth among ${a1} and ${a2}.`,
    why_started:
      `After years of ${theme.pain}, ${founderFirst} wanted a ${theme.product} that did the obvious things well and stayed out of the way.`,
    problem: `${
      ucFirst(a1)
    } lose hours every week to ${theme.pain}. The existing tools were built for large companies, priced for them, and took weeks to set up.`,
    journey: `The first version took ${weeks} weeks and had one feature: ${
      lcFirst(l.features[0])
    }. ${users} people joined the waitlist before launch, and the first paying customer arrived a week after the beta opened.`,
    challenges:
      `Saying no was the hardest part. Every customer asked for something different, and keeping ${l.name} simple meant turning down good ideas that served only a few.`,
    achievements: `Today ${l.name} is used by ${a1} in more than ${
      int(rng, 8, 40)
    } countries, and most new customers arrive through recommendations.`,
    lessons: pick(rng, [
      "Talk to users every week, charge from the first day, and ship small changes often.",
      "Write the changelog before the feature. If it does not read well, the feature is not ready.",
      "A clear landing page beats a clever one. Most sign-ups came from plain descriptions of the problem.",
    ]),
    whats_next: `Next up: ${
      lcFirst(pick(rng, theme.features))
    }, a mobile app and more integrations.`,
  };
}

function milestonesOf(
  rng: Rng,
  l: NewListing,
  theme: Theme,
  launchAt: Date | null,
  now: Date,
): Milestone[] {
  const start = l.founded_year
    ? Date.UTC(l.founded_year, int(rng, 0, 5), int(rng, 1, 28))
    : now.getTime() - int(rng, 300, 700) * DAY_MS;
  const end = now.getTime() - 2 * DAY_MS;
  const titles: { title: string; description: string }[] = [
    {
      title: "First prototype",
      description: `A rough first version to ${theme.job}, shared with five friends.`,
    },
    {
      title: `Private beta with ${pick(rng, [12, 25, 40])} ${theme.audiences[0]}`,
      description: "Weekly calls with every beta user shaped the first public version.",
    },
    {
      title: "First paying customer",
      description: "The moment the side project became a business.",
    },
    {
      title: `${
        l.stage === "idea" || l.stage === "mvp"
          ? pick(rng, [25, 50])
          : pick(rng, [100, 250, 500, 1000])
      } customers`,
      description: "Most of them found us through a recommendation.",
    },
    {
      title: "Version 2.0",
      description: `Rebuilt around ${lcFirst(l.features[1] ?? l.features[0])}.`,
    },
  ];
  const n = int(rng, 2, Math.min(5, titles.length));
  const chosen = titles.slice(0, n);
  const span = Math.max(end - start, 30 * DAY_MS);
  const times = chosen.map((_, i) =>
    start + Math.floor(span * Math.pow((i + 0.8 * rng()) / n, 1.6))
  );
  const out: Milestone[] = chosen.map((m, i) => ({
    id: 0,
    date: isoDate(new Date(Math.min(times[i], end))),
    title: m.title,
    description: m.description,
  }));
  if (launchAt && launchAt.getTime() < now.getTime()) {
    out.push({
      id: 0,
      date: isoDate(launchAt),
      title: "Launched on Launch Directory",
      description: "Our public launch week.",
    });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date)).map((m, i) => ({ ...m, id: i + 1 }));
}

const UPDATE_TEMPLATES:
  ((rng: Rng, theme: Theme, name: string) => { title: string; body: string })[] = [
    (rng) => ({
      title: `v${int(rng, 1, 3)}.${int(rng, 1, 9)}: dark mode and CSV export`,
      body:
        "Dark mode is here, and every table can now be exported to CSV. Both were the most requested items on our public roadmap. Thank you for voting on them.",
    }),
    (rng, theme) => {
      const f = pick(rng, theme.features);
      return {
        title: `New: ${lcFirst(f)}`,
        body: `${
          ucFirst(lcFirst(f))
        } is now available on every plan. Thanks to everyone who tested the beta and sent feedback; more improvements are coming in the next weeks.`,
      };
    },
    () => ({
      title: "Our mobile apps are live",
      body:
        "You can now use the app on iOS and Android, with offline support and push notifications. Sign in with your existing account.",
    }),
    (rng) => ({
      title: "Faster everywhere",
      body: `We rewrote the data layer this month. Most pages now load about ${
        int(rng, 30, 60)
      }% faster, and large workspaces feel as quick as small ones.`,
    }),
    () => ({
      title: "Slack and Zapier integrations",
      body:
        "Get notifications in Slack and connect to thousands of apps through Zapier. Both are in Settings, under Integrations.",
    }),
    (rng, theme, name) => ({
      title: `${pick(rng, [500, 1000, 2500])} ${theme.audiences[0]} now use ${name}`,
      body:
        `A small milestone, and a big thank-you. Most of you found ${name} through a friend or colleague, which means a lot to a small team.`,
    }),
    () => ({
      title: "Public API out of beta",
      body:
        "The REST API is now stable and versioned, with webhooks for the main events. Documentation and examples are on our docs site.",
    }),
  ];

const REVIEW_GOOD = [
  "We moved our {thing} over in an afternoon. {feature} alone saves me an hour a week.",
  "Simple, fast and does exactly what it says. {feature} is the feature I did not know I needed.",
  "I tried three other tools before this one. {name} is the first my whole team kept using.",
  "Support replied within an hour when I got stuck with the import. Great product for {aud}.",
  "Clean interface and sensible defaults. I would love more integrations, but {featurelc} works really well.",
  "Been using it for a few months now. It quietly became part of our daily routine.",
  "Exactly the right amount of features. Setting it up took ten minutes.",
];
const REVIEW_MIXED = [
  "Solid start. {feature} works well, but I am missing a few reports and the mobile app feels early.",
  "Does the basics well and the pricing is fair. I hope the roadmap moves a bit faster.",
];
const REVIEW_BAD = [
  "Promising, but I ran into sync issues twice in the first week. Support was friendly, though.",
  "Not for us yet: it lacks the permissions model our team needs.",
];
const REVIEW_SPAM = [
  "Best tool ever!!! 10/10. Visit my profile for discount codes on followers.",
  "Great product. Check out my site for cheap backlinks and guaranteed traffic.",
];

// ---------------------------------------------------------------------------------------------
// Building the plan (pure: no store access).

function uniqueName(rng: Rng, theme: Theme, taken: Set<string>): string {
  for (let attempt = 0; attempt < 200; attempt++) {
    const stem = pick(rng, theme.stems);
    let name: string;
    if (chance(rng, 0.8)) {
      const suffix = pick(rng, SUFFIXES);
      const last = stem.charAt(stem.length - 1).toLowerCase();
      if ((suffix === "ly" && /[lyk]$/i.test(stem)) || suffix.charAt(0) === last) continue;
      const base = /[aeiouy]/.test(suffix.charAt(0)) && last === "e" ? stem.slice(0, -1) : stem;
      name = base + suffix;
    } else {
      name = pick(rng, PREFIXES) + stem;
    }
    if (name.length > 14 || taken.has(name.toLowerCase())) continue;
    taken.add(name.toLowerCase());
    return name;
  }
  // Very unlikely: the stems are used up; number the name.
  const name = `${pick(rng, theme.stems)}${taken.size}`;
  taken.add(name.toLowerCase());
  return name;
}

function domainFor(rng: Rng, name: string, theme: Theme, taken: Set<string>): string {
  const base = ascii(name);
  for (;;) {
    const tld = theme.developer && chance(rng, 0.3) ? "dev" : weighted(rng, TLDS);
    const variant = weighted(
      rng,
      [[base, 75], [`get${base}`, 12], [`${base}hq`, 7], [`use${base}`, 6]] as const,
    );
    // Demo websites live under the reserved .example domain: no real company's site is ever
    // fetched by a badge or claim check of the demo store.
    const domain = `${variant}${tld === "com" ? "" : `-${tld}`}.example`;
    if (!taken.has(domain)) {
      taken.add(domain);
      return domain;
    }
  }
}

/** A tagline not used yet: mostly the theme's own, else one built from its phrases. */
function taglineFor(rng: Rng, theme: Theme, used: Set<string>): string {
  const own = theme.taglines.filter((t) => !used.has(t));
  const audience = pick(rng, theme.audiences);
  const generic = [
    `${ucFirst(theme.job)} for ${audience}`,
    `The ${theme.product} for ${audience}`,
    `${ucFirst(theme.outcome)}: the ${theme.product} for ${audience}`,
    `${ucFirst(theme.job)} without ${theme.pain}`,
    `${pick(rng, theme.taglines)}, for ${audience}`,
  ].filter((t) => !used.has(t));
  const pool = own.length > 0 && (chance(rng, 0.7) || generic.length === 0) ? own : generic;
  const tagline = pool.length > 0 ? pick(rng, pool) : `${ucFirst(theme.job)}, minus the busywork`;
  used.add(tagline);
  return tagline;
}

function voteTarget(rng: Rng): number {
  const r = rng();
  if (r < 0.05) return int(rng, 100, 300);
  if (r < 0.17) return int(rng, 60, 110);
  return 5 + Math.floor(55 * Math.pow(rng(), 1.4));
}

/** A time in [from, to), skewed towards `from` when `skew` > 1. */
function timeBetween(rng: Rng, from: number, to: number, skew = 1): Date {
  return new Date(from + Math.floor((to - from) * Math.pow(rng(), skew)));
}

/** Plans the whole demo directory for `now`. */
function planDemo(now: Date, categories: Category[]): DemoPlan {
  const rng = mulberry32(SEED);
  const nowMs = now.getTime();
  const thisWeek = mondayOf(now);
  const parents = categories.filter((c) => c.parent === null);
  const children = categories.filter((c) => c.parent !== null);
  const themeOf = (slug: string): Theme => {
    const category = categories.find((c) => c.slug === slug)!;
    if (THEMES[slug]) return THEMES[slug];
    const kids = children.filter((c) => c.parent === slug && THEMES[c.slug]);
    return kids.length > 0 ? THEMES[pick(rng, kids).slug] : fallbackTheme(category);
  };
  const names = new Set<string>();
  const domains = new Set<string>();
  const taglinesUsed = new Set<string>();
  const year = now.getUTCFullYear();

  // Which listings, of which kind, in which week.
  const slots: {
    kind: Kind;
    plan: "free" | "paid" | null;
    week: string | null;
    launchAt: Date | null;
  }[] = [];
  const pastWeeks: string[] = [];
  for (let k = PAST_WEEKS; k >= 1; k--) pastWeeks.push(addWeeks(thisWeek, -k));
  const launchTime = (week: string) => {
    const day = weighted(
      rng,
      [[0, 30], [1, 24], [2, 18], [3, 12], [4, 8], [5, 4], [6, 4]] as const,
    );
    const ms = parseIsoDate(week)!.getTime() + day * DAY_MS + int(rng, 6, 16) * HOUR_MS +
      int(rng, 0, 59) * 60_000;
    return new Date(ms);
  };
  for (const week of pastWeeks) {
    const n = int(rng, 12, 15);
    for (let i = 0; i < n; i++) {
      slots.push({
        kind: "past",
        plan: chance(rng, 0.33) ? "paid" : "free",
        week,
        launchAt: launchTime(week),
      });
    }
  }
  const currentCount = int(rng, 12, 15);
  for (let i = 0; i < currentCount; i++) {
    const launchAt = launchTime(thisWeek);
    const plan = chance(rng, 0.33) ? "paid" : "free";
    if (launchAt.getTime() < nowMs) slots.push({ kind: "current", plan, week: thisWeek, launchAt });
    else slots.push({ kind: "upcoming", plan, week: thisWeek, launchAt: null });
  }
  const upcoming = int(rng, 19, 22);
  for (let i = 0; i < upcoming; i++) {
    const paid = chance(rng, 0.45);
    slots.push({
      kind: "upcoming",
      plan: paid ? "paid" : "free",
      week: addWeeks(thisWeek, paid ? int(rng, 1, 5) : int(rng, 6, 8)),
      launchAt: null,
    });
  }
  for (let i = 0, n = int(rng, 4, 6); i < n; i++) {
    slots.push({ kind: "awaiting_badge", plan: "free", week: null, launchAt: null });
  }
  for (let i = 0, n = int(rng, 4, 6); i < n; i++) {
    slots.push({ kind: "draft", plan: null, week: null, launchAt: null });
  }

  const listings: PlannedListing[] = slots.map((slot, index) => {
    const primary = chance(rng, 0.06) ? pick(rng, parents).slug : pick(rng, children).slug;
    const theme = themeOf(primary);
    const name = uniqueName(rng, theme, names);
    const domain = domainFor(rng, name, theme, domains);
    const url = `https://${domain}`;
    const place = placeOf(rng);
    const stage = weighted(rng, STAGES.map((s, i) => [s, STAGE_WEIGHTS[i]] as const));
    const pricingModel = theme.developer && chance(rng, 0.25) ? "Open source" : weighted(
      rng,
      [
        ["Free", 7],
        ["Freemium", 34],
        ["Subscription", 38],
        ["One-time", 8],
        ["Usage-based", theme.developer ? 12 : 4],
        ["Open source", 4],
      ] as const,
    );
    const foundedRange: Record<string, [number, number]> = {
      idea: [year - 1, year],
      mvp: [year - 2, year],
      launched: [year - 4, year],
      growing: [year - 7, year - 1],
      established: [year - 12, year - 3],
    };
    const [fy0, fy1] = foundedRange[stage];
    // Facts the product's own website did not state stay blank, and are listed as such.
    const notFound = sample(
      rng,
      ["founded_year", "city", "pricing_summary"],
      weighted(rng, [[0, 55], [1, 30], [2, 11], [3, 4]] as const),
    );
    const paid = slot.plan === "paid";
    const tagline = taglineFor(rng, theme, taglinesUsed);
    const features = sample(rng, theme.features, int(rng, 3, 6));
    const usps = sample(
      rng,
      [
        ...USP_POOL,
        ...(pricingModel === "Open source" ? ["Open source and self-hostable"] : []),
        ...(EU.has(place.country) ? ["Data hosted in the EU"] : []),
      ],
      int(rng, 2, 3),
    ).map((u) => fill(u, theme, name));
    const keywords = sample(rng, theme.keywords, int(rng, 3, 6));
    const tags = [
      ...sample(rng, theme.keywords, 2).map((k) => k.replace(/[^a-z0-9]+/g, "-")),
      theme.consumer ? "consumer" : "b2b",
      ...(pricingModel === "Open source" ? ["open-source"] : []),
      ...(chance(rng, 0.3) ? ["saas"] : []),
    ];
    const slugBase = slugify(name);
    const handle = ascii(name);
    const socials: Socials = {};
    if (chance(rng, 0.75)) socials.x = `https://x.com/${handle}`;
    if (chance(rng, 0.6)) socials.linkedin = `https://www.linkedin.com/company/${slugBase}`;
    if (theme.developer || pricingModel === "Open source") {
      if (chance(rng, 0.8)) socials.github = `https://github.com/${handle}`;
    }
    if (theme.consumer && chance(rng, 0.5)) {
      socials.instagram = `https://www.instagram.com/${handle}`;
    }
    if (chance(rng, 0.12)) socials.youtube = `https://www.youtube.com/@${handle}`;
    if (chance(rng, 0.1)) socials.discord = `https://discord.gg/${handle}`;
    if (chance(rng, 0.1)) socials.bluesky = `https://bsky.app/profile/${domain}`;
    const pricingSummary = notFound.includes("pricing_summary")
      ? null
      : PRICING[pricingModel](rng, theme);
    const links: Link[] = [{ label: "Website", url }];
    if (pricingSummary && pricingModel !== "Free") {
      links.push({ label: "Pricing", url: `${url}/pricing` });
    }
    if (theme.developer || chance(rng, 0.25)) {
      links.push({ label: "Docs", url: `https://docs.${domain}` });
    }
    if (chance(rng, 0.2)) links.push({ label: "Changelog", url: `${url}/changelog` });
    const extras = paid && chance(rng, 0.2)
      ? sample(rng, children.filter((c) => c.slug !== primary), int(rng, 1, 3)).map((c) => c.slug)
      : [];
    const launchAt = slot.launchAt;
    const anchor = launchAt ?? (slot.week ? parseIsoDate(slot.week)! : now);
    const leadDays = slot.plan === "free" ? int(rng, 44, 60) : int(rng, 3, 35);
    let createdAt = new Date(
      Math.min(anchor.getTime(), nowMs) - leadDays * DAY_MS - int(rng, 0, 23) * HOUR_MS,
    );
    if (slot.kind === "draft" || slot.kind === "awaiting_badge") {
      createdAt = new Date(nowMs - int(rng, 2, 30) * DAY_MS - int(rng, 0, 23) * HOUR_MS);
    }
    if (slot.kind === "upcoming" && createdAt.getTime() > nowMs - DAY_MS) {
      createdAt = new Date(nowMs - int(rng, 1, 20) * DAY_MS);
    }
    const bookedAt = slot.week
      ? new Date(Math.min(createdAt.getTime() + int(rng, 1, 48) * HOUR_MS, nowMs - HOUR_MS))
      : null;
    const input: NewListing = {
      name,
      url,
      tagline,
      short_description: "",
      description: "",
      stage,
      pricing_model: pricingModel,
      pricing_summary: pricingSummary,
      country: place.country,
      city: notFound.includes("city") ? null : place.city,
      founded_year: notFound.includes("founded_year") ? null : int(rng, fy0, fy1),
      features,
      usps,
      keywords,
      tags: [...new Set(tags)],
      primary_category: primary,
      extra_categories: extras,
      founder_slugs: [],
      faqs: [],
      socials,
      contact_email: `${pick(rng, ["hello", "hi", "team", "support", "contact"])}@${domain}`,
      demo_video_url: null,
      logo_url: null,
      headline: null,
      summary: null,
      seo_title: null,
      seo_description: null,
      links,
      not_found_on_website: notFound.sort(),
      status: "draft",
      plan: null,
      launch_week: null,
      launched_at: null,
      unlocked: paid ? ["story", "milestones", "media"] : [],
      story: null,
      milestones: [],
      media: [],
      approved_alternatives: [],
      featured: false,
      verified: chance(rng, 0.33),
      owner_id: null,
      cofounder_ids: [],
      created_at: createdAt.toISOString(),
    };
    input.faqs = faqsOf(rng, input, theme);
    return {
      index,
      kind: slot.kind,
      plan: slot.plan,
      theme,
      input,
      createdAt,
      bookedAt,
      week: slot.week,
      launchAt,
      founders: [],
      votes: [],
      views: [],
      follows: [],
      billboard: [],
      domainRatings: [],
      revenue: [],
      updates: [],
      reviews: [],
    };
  });

  // Founders: about 150 people, one or two per listing; some run more than one product.
  const founders: PlannedFounder[] = [];
  const founderSlugs = new Set<string>();
  const newFounder = (country: string, city: string): number => {
    for (;;) {
      const { first, last } = personName(rng, country);
      const name = `${first} ${last}`;
      const slug = slugify(name);
      if (founderSlugs.has(slug)) continue;
      founderSlugs.add(slug);
      const handle = `${ascii(first)}${ascii(last)}`.slice(0, 15);
      const socials: Socials = { linkedin: `https://www.linkedin.com/in/${slug}` };
      if (chance(rng, 0.7)) socials.x = `https://x.com/${handle}`;
      if (chance(rng, 0.3)) socials.github = `https://github.com/${handle}`;
      if (chance(rng, 0.15)) socials.bluesky = `https://bsky.app/profile/${handle}.bsky.social`;
      founders.push({
        slug,
        name,
        first,
        country,
        city,
        pastRole: pick(rng, PAST_ROLES),
        extra: pick(rng, BIO_EXTRAS),
        socials,
        listings: [],
        email: null,
        bio: "",
      });
      return founders.length - 1;
    }
  };
  // About 150 people for about 260 places (primary founders and co-founders): most new
  // products get a new founder, the rest come from serial founders.
  const order = shuffled(rng, listings.map((l) => l.index));
  const coNewBudget = 25;
  order.forEach((i, n) => {
    const l = listings[i];
    const serial = founders.map((_, fi) => fi).filter((fi) => founders[fi].listings.length === 1);
    const primary = n < FOUNDER_TARGET - coNewBudget || serial.length === 0
      ? newFounder(l.input.country!, l.input.city ?? "")
      : pick(rng, serial);
    l.founders.push(primary);
    founders[primary].listings.push({ plan: i, primary: true });
  });
  let coNew = 0;
  for (const i of order) {
    const l = listings[i];
    if (!chance(rng, 0.22)) continue;
    const others = founders.map((_, fi) => fi).filter((fi) =>
      fi !== l.founders[0] && founders[fi].listings.length < 2
    );
    const co = coNew < coNewBudget || others.length === 0
      ? (coNew++, newFounder(l.input.country!, l.input.city ?? ""))
      : pick(rng, others);
    l.founders.push(co);
    founders[co].listings.push({ plan: i, primary: false });
  }
  for (const f of founders) {
    const first = f.listings.find((x) => x.primary) ?? f.listings[0];
    const domain = new URL(listings[first.plan].input.url).hostname;
    f.email = `${ascii(f.first)}@${domain}`;
  }
  // Two founders of one listing may share a first name: give the second a distinct address.
  const emails = new Set<string>();
  for (const f of founders) {
    if (emails.has(f.email!)) {
      f.email = f.email!.replace("@", `.${ascii(f.name.split(" ").slice(-1)[0])}@`);
    }
    emails.add(f.email!);
  }

  for (const f of founders) f.bio = founderBio(rng, f, listings);

  // Texts that name the founders, and the paid sections.
  for (const l of listings) {
    const people = l.founders.map((fi) => founders[fi]);
    l.input.founder_slugs = people.map((p) => p.slug);
    l.input.description = describe(rng, l.input, l.theme, people.map((p) => p.name));
    const firstSentence = l.input.description.split(/(?<=\.)\s/)[0];
    l.input.short_description = firstSentence.length <= 300 ? firstSentence : l.input.tagline;
    if (l.plan === "paid") {
      l.input.story = storyOf(rng, l.input, l.theme, people[0].first);
      l.input.milestones = milestonesOf(rng, l.input, l.theme, l.launchAt, now);
      const media: MediaItem[] = [
        {
          type: "image",
          url: `${l.input.url}/images/dashboard.png`,
          caption: `The ${l.input.name} dashboard`,
        },
        {
          type: "image",
          url: `${l.input.url}/images/${slugify(l.input.features[0])}.png`,
          caption: l.input.features[0],
        },
      ];
      if (chance(rng, 0.4)) {
        media.push({
          type: "video",
          url: `${l.input.url}/videos/tour.mp4`,
          caption: "A two-minute tour",
        });
      }
      l.input.media = media;
    }
  }
  // A handful of featured listings (paid and live), and owner-approved alternatives.
  const livePaid = listings.filter((l) =>
    (l.kind === "past" || l.kind === "current") && l.plan === "paid"
  );
  for (const l of sample(rng, livePaid, 8)) l.input.featured = true;
  for (const l of sample(rng, livePaid, 10)) {
    const same = listings.filter((o) =>
      o !== l && o.input.primary_category === l.input.primary_category &&
      (o.kind === "past" || o.kind === "current")
    );
    l.input.approved_alternatives = sample(rng, same, int(rng, 1, 2)).map((o) => ({
      slug: slugify(o.input.name),
    }));
  }

  // Voters.
  const voters: { email: string; name: string }[] = [];
  for (let i = 1; i <= VOTER_COUNT; i++) {
    const { first, last } = personName(rng, placeOf(rng).country);
    voters.push({ email: `voter${i}@demo.example`, name: `${first} ${last}` });
  }

  // Activity of live listings: votes, views, follows and the rest, all before `now`.
  const live = listings.filter((l) => l.launchAt !== null);
  for (const l of live) {
    const launch = l.launchAt!.getTime();
    const weekEnd = parseIsoDate(addWeeks(l.week!, 1))!.getTime();
    const inWeekEnd = Math.min(weekEnd, nowMs);
    let target = voteTarget(rng);
    if (weekEnd > nowMs) {
      target = Math.max(2, Math.round(target * Math.min(1, (nowMs - launch) / (3 * DAY_MS))));
    }
    const voterIds = sample(rng, voters.map((_, i) => i), target);
    l.votes = voterIds.map((voter) => ({
      voter,
      at: weekEnd < nowMs && chance(rng, 0.15)
        ? timeBetween(rng, weekEnd, nowMs, 1.8)
        : timeBetween(rng, launch, inWeekEnd, 2.2),
    }));
    // Views are one write each: kept to a few per vote so a file store loads in seconds.
    const viewCount = Math.min(
      150,
      Math.max(target + 3, Math.round(target * (1 + 1.5 * rng())) + int(rng, 3, 12)),
    );
    l.views = Array.from({ length: viewCount }, () => timeBetween(rng, launch, nowMs, 2));
    const followCount = Math.min(
      voterIds.length,
      Math.round(target * (0.08 + 0.15 * rng())) + int(rng, 0, 3),
    );
    l.follows = l.votes.slice(0, followCount).map((v) => ({
      voter: v.voter,
      at: new Date(Math.min(v.at.getTime() + int(rng, 1, 600) * 60_000, nowMs - 60_000)),
    }));
  }
  const byKindPaid = (ls: PlannedListing[]) =>
    [...ls].sort((a, b) => (b.plan === "paid" ? 1 : 0) - (a.plan === "paid" ? 1 : 0));
  // Billboard: paid placement, mostly by paid listings.
  for (const l of sample(rng, byKindPaid(live).slice(0, 45), 15)) {
    const n = int(rng, 1, 4);
    for (let i = 0; i < n; i++) {
      const amount = weighted(
        rng,
        [[500, 20], [1000, 20], [2500, 18], [5000, 15], [10000, 12], [20000, 9], [
          50000,
          6,
        ]] as const,
      ) +
        (chance(rng, 0.3) ? int(rng, 1, 9) * 100 : 0);
      l.billboard.push({
        amount: Math.min(amount, 50000),
        at: timeBetween(rng, l.launchAt!.getTime(), nowMs),
        id: uuidFrom(rng),
      });
    }
  }
  // Domain Rating: monthly readings, trending.
  const stageDr: Record<string, [number, number]> = {
    idea: [1, 12],
    mvp: [3, 20],
    launched: [8, 35],
    growing: [20, 55],
    established: [35, 75],
  };
  for (const l of sample(rng, live, Math.min(120, live.length))) {
    const months = int(rng, 6, 12);
    const [lo, hi] = stageDr[l.input.stage ?? "launched"];
    let value = int(rng, lo, hi);
    const drift = weighted(rng, [[1, 65], [0, 20], [-1, 15]] as const);
    for (let m = months - 1; m >= 0; m--) {
      l.domainRatings.push({ date: `${monthOf(now, -m)}-01`, value });
      value = Math.max(
        0,
        Math.min(100, value + drift * int(rng, 0, 3) + (chance(rng, 0.2) ? int(rng, -1, 1) : 0)),
      );
    }
  }
  // Revenue: monthly recurring revenue with growth curves.
  const earners = live.filter((l) =>
    l.input.pricing_model !== "Free" &&
    ["launched", "growing", "established"].includes(l.input.stage!)
  );
  const stageMrr: Record<string, [number, number]> = {
    launched: [200, 3000],
    growing: [2000, 30000],
    established: [20000, 150000],
  };
  for (const l of sample(rng, earners, Math.min(60, earners.length))) {
    const months = int(rng, 3, 12);
    const [lo, hi] = stageMrr[l.input.stage!];
    const verified = chance(rng, 0.3);
    const growth = weighted(rng, [[0.12, 30], [0.06, 35], [0.02, 20], [-0.03, 15]] as const);
    let mrr = int(rng, lo, hi) * 100;
    for (let m = months; m >= 1; m--) {
      l.revenue.push({
        month: monthOf(now, -m),
        mrr_cents: mrr,
        source: verified ? "verified" : "self_reported",
      });
      mrr = Math.max(0, Math.round(mrr * (1 + growth + (rng() - 0.5) * 0.06) / 100) * 100);
    }
  }
  // Updates.
  for (const l of sample(rng, live.filter((x) => nowMs - x.launchAt!.getTime() > 3 * DAY_MS), 40)) {
    const n = int(rng, 1, 3);
    const templates = sample(rng, UPDATE_TEMPLATES, n);
    const times = templates.map(() => timeBetween(rng, l.launchAt!.getTime() + DAY_MS, nowMs)).sort(
      (a, b) => a.getTime() - b.getTime(),
    );
    l.updates = templates.map((t, i) => ({ ...t(rng, l.theme, l.input.name), at: times[i] }));
  }
  // Reviews: mostly genuine; a few by the owner or flagged, which the community rating ignores.
  for (const l of sample(rng, live.filter((x) => x.votes.length >= 3), 80)) {
    const n = int(rng, 1, 6);
    const reviewers = sample(rng, l.votes, n);
    const good = shuffled(rng, REVIEW_GOOD);
    const mixed = shuffled(rng, REVIEW_MIXED);
    const bad = shuffled(rng, REVIEW_BAD);
    const next = (pool: string[], fallback: string[]) => pool.shift() ?? pick(rng, fallback);
    for (const v of reviewers) {
      const r = rng();
      const f = pick(rng, l.input.features);
      const text = (t: string) =>
        t.replaceAll("{feature}", ucFirst(lcFirst(f))).replaceAll("{featurelc}", lcFirst(f))
          .replaceAll(
            "{thing}",
            l.theme.thing,
          ).replaceAll("{name}", l.input.name).replaceAll("{aud}", l.theme.audiences[0]);
      const at = new Date(Math.min(v.at.getTime() + int(rng, 1, 72) * HOUR_MS, nowMs - 60_000));
      if (r < 0.05) {
        l.reviews.push({
          id: uuidFrom(rng),
          voter: v.voter,
          rating: 5,
          body: pick(rng, REVIEW_SPAM),
          flagged: true,
          at,
        });
        continue;
      }
      const rating = weighted(rng, [[5, 45], [4, 35], [3, 13], [2, 5], [1, 2]] as const);
      const body = rating >= 4
        ? next(good, REVIEW_GOOD)
        : rating === 3
        ? next(mixed.length > 0 ? mixed : good, REVIEW_MIXED)
        : next(bad.length > 0 ? bad : mixed, REVIEW_BAD);
      l.reviews.push({
        id: uuidFrom(rng),
        voter: v.voter,
        rating,
        body: text(body),
        flagged: false,
        at,
      });
    }
    if (chance(rng, 0.1)) {
      l.reviews.push({
        id: uuidFrom(rng),
        voter: "owner",
        rating: 5,
        body:
          `We built ${l.input.name} because we needed it ourselves. Happy to answer any questions here!`,
        flagged: false,
        at: new Date(Math.min(l.launchAt!.getTime() + HOUR_MS, nowMs - 60_000)),
      });
    }
  }
  return { listings, founders, voters, pastWeeks };
}

/** A founder's bio: 2-3 sentences naming their products. */
function founderBio(rng: Rng, f: PlannedFounder, listings: PlannedListing[]): string {
  const own = f.listings.filter((x) => x.primary).map((x) => listings[x.plan]);
  const co = f.listings.filter((x) => !x.primary).map((x) => listings[x.plan]);
  const sentences: string[] = [];
  if (own.length === 1) {
    const { input, theme } = own[0];
    const aud = theme.audiences[0];
    sentences.push(pick(rng, [
      `${f.name} is the founder of ${input.name}, a ${theme.product} for ${aud}.`,
      `${f.name} builds ${input.name}, which helps ${aud} ${theme.job}.`,
      `${f.name} started ${input.name} to help ${aud} ${theme.outcome}.`,
    ]));
  } else if (own.length > 1) {
    sentences.push(pick(rng, [
      `${f.name} builds small, focused products: ${listText(own.map((l) => l.input.name))}.`,
      `${f.name} runs a one-person product studio behind ${
        listText(own.map((l) => l.input.name))
      }.`,
    ]));
  }
  if (co.length > 0) {
    sentences.push(
      own.length === 0
        ? `${f.name} co-founded ${co[0].input.name} and looks after ${pick(rng, COFOUNDER_AREAS)}.`
        : `${f.first} is also a co-founder of ${listText(co.map((l) => l.input.name))}.`,
    );
  }
  sentences.push(`Before that, ${f.first} ${f.pastRole}.`);
  if (sentences.length < 3) {
    sentences.push(f.city && chance(rng, 0.6) ? `${f.first} lives in ${f.city}.` : f.extra);
  }
  return sentences.join(" ");
}

// ---------------------------------------------------------------------------------------------
// Writing the plan.

async function runPool<T>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Loads the demo directory into a store (reference data is seeded first). Runs once: returns
 * false when the demo was already loaded or the store already holds listings.
 */
export async function loadDemoData(kv: Deno.Kv, now: Date): Promise<boolean> {
  if ((await kv.get(seedMarkerKey("demo"))).value !== null) return false;
  await seedReferenceData(kv, now);
  if ((await kv.get(listingIdCounterKey())).value !== null) return false;

  const plan = planDemo(now, defaultCategories());
  const nowMs = now.getTime();

  // Accounts: voters, then one per founder (email at their first product's domain).
  const voterIds: string[] = new Array(plan.voters.length);
  await runPool(plan.voters.map((v, i) => ({ v, i })), 50, async ({ v, i }) => {
    voterIds[i] = (await getOrCreateUser(kv, v.email, v.name, new Date(nowMs - 200 * DAY_MS))).id;
  });
  const founderUserIds: string[] = new Array(plan.founders.length);
  await runPool(plan.founders.map((f, i) => ({ f, i })), 50, async ({ f, i }) => {
    const firstListing = plan.listings[f.listings[0].plan];
    founderUserIds[i] = (await getOrCreateUser(kv, f.email!, f.name, firstListing.createdAt)).id;
  });

  // Listings in the order they were created, so ids grow with time.
  const byCreation = [...plan.listings].sort((a, b) =>
    a.createdAt.getTime() - b.createdAt.getTime()
  );
  const ids = new Map<number, number>();
  for (const l of byCreation) {
    const input: NewListing = {
      ...l.input,
      owner_id: founderUserIds[l.founders[0]],
      cofounder_ids: l.founders.slice(1).map((fi) => founderUserIds[fi]),
    };
    const created = await createListing(kv, input, l.createdAt);
    ids.set(l.index, created.id);
  }

  // Publishing states and all activity, listing by listing.
  await runPool(byCreation, CONCURRENCY, async (l) => {
    const id = ids.get(l.index)!;
    if (l.kind === "awaiting_badge") {
      await updateListing(
        kv,
        id,
        () => ({ status: "awaiting_badge", plan: "free" }),
        l.bookedAt ?? l.createdAt,
      );
      return;
    }
    if (l.kind === "draft") return;
    await scheduleListing(kv, id, l.week!, l.plan!, l.bookedAt!);
    if (!l.launchAt) return;
    await goLive(kv, id, l.launchAt);
    for (const v of l.votes) await castVote(kv, id, voterIds[v.voter], v.at);
    for (const [i, at] of l.views.entries()) {
      await recordView(kv, id, `demo-visitor-${id}-${i}`, at);
    }
    for (const f of l.follows) await followListing(kv, id, voterIds[f.voter], f.at);
    for (const b of l.billboard) await addBillboardContribution(kv, id, b.amount, b.at, b.id);
    for (const d of l.domainRatings) await recordDomainRating(kv, id, d.date, d.value);
    for (const r of l.revenue) await recordRevenue(kv, id, r);
    for (const u of l.updates) {
      await addListingUpdate(kv, id, { title: u.title, body: u.body }, u.at);
    }
    const owner = plan.founders[l.founders[0]];
    for (const r of l.reviews) {
      const isOwner = r.voter === "owner";
      await addReview(kv, {
        id: r.id,
        listing_id: id,
        user_id: isOwner ? founderUserIds[l.founders[0]] : voterIds[r.voter as number],
        author_name: isOwner ? owner.name : plan.voters[r.voter as number].name,
        rating: r.rating,
        body: r.body,
        flagged: r.flagged,
        created_at: r.at.toISOString(),
      });
    }
  });

  // Launch of the Week for each finished week, from the votes cast during it.
  for (const week of plan.pastWeeks) await decideWeekAwards(kv, week, now);

  // Founder profiles, now that listing ids are known.
  await runPool(plan.founders.map((f, i) => ({ f, i })), 25, async ({ f, i }) => {
    const firstListing = plan.listings[f.listings[0].plan];
    const founder: Founder = {
      slug: f.slug,
      name: f.name,
      bio: f.bio,
      country: f.country,
      avatar_url: null,
      socials: f.socials,
      listing_ids: f.listings.map((x) => ids.get(x.plan)!),
      user_id: founderUserIds[i],
      created_at: firstListing.createdAt.toISOString(),
    };
    await putFounder(kv, founder);
  });

  for (const post of blogPosts(now)) await putBlogPost(kv, post);

  await claimSeed(kv, "demo", now);
  return true;
}

// ---------------------------------------------------------------------------------------------
// The blog.

function blogPosts(now: Date): BlogPost[] {
  const at = (daysAgo: number, hour = 9) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, hour))
      .toISOString();
  const post = (
    slug: string,
    title: string,
    summary: string,
    daysAgo: number,
    author: string,
    tags: string[],
    body: string,
    faqs: Faq[],
  ): BlogPost => ({
    slug,
    title,
    summary,
    body: body.trim() + "\n",
    faqs,
    author,
    tags,
    published_at: at(daysAgo),
    updated_at: at(daysAgo),
  });
  return BLOG.map((b) =>
    post(b.slug, b.title, b.summary, b.daysAgo, b.author, b.tags, b.body, b.faqs)
  );
}

interface BlogSource {
  slug: string;
  title: string;
  summary: string;
  daysAgo: number;
  author: string;
  tags: string[];
  body: string;
  faqs: Faq[];
}

const BLOG: BlogSource[] = [
  {
    slug: "how-to-launch-well",
    title: "How to launch well: a checklist for your launch week",
    summary:
      "A practical checklist for the weeks before, during and after your launch on Launch Directory, from a complete listing to a useful first update.",
    daysAgo: 150,
    author: "Maya Lindqvist",
    tags: ["launching", "guides"],
    body: `
Every week, a few dozen products go live on Launch Directory. Some of them finish the week with hundreds of votes, a handful of new customers and a Launch of the Week award. Most of the difference is not luck: it is preparation. This checklist is what we see the best launches do.

## Two to six weeks before

**Finish your listing.** A listing is judged in the first five seconds: a clear name, a tagline that says what the product does (not how it feels), and a description that names the people it is for. Fill in features, pricing and FAQs. A complete profile converts visitors into voters and followers far better than a half-empty one.

**Check the facts against your website.** Every value on your listing should be something your own site states. If your pricing page is out of date, fix the page first, then the listing. Visitors will click through, and a mismatch costs trust.

**Pick your week.** On the free plan, your launch week is set 6 to 8 weeks ahead when you choose the free listing. With a paid launch you choose the week yourself, or go live at once. Avoid weeks when you are travelling or shipping a big release: you want to be around to answer questions.

**Tell your people.** Your existing users, newsletter readers and friends are your first voters. Tell them the date, not just "soon".

## On launch day

- **Be there early.** Listings go live at the start of their week or at the moment of launch; the first hours matter because votes in the launch week decide the weekly ranking.
- **Post one honest update.** What you shipped, what is next, and what you would love feedback on. Followers of your listing are told about updates.
- **Answer every question.** Reviews and questions show up on your profile; a thoughtful answer is the best advertisement you have.
- **Share the listing, not a vote request.** Ask people to take a look. Votes come only from signed-in people on the site, one per person per listing, and that is what makes them worth having.

## During the week

The weekly board ranks launches by the votes cast during their launch week. Votes after the week still count toward your all-time total, so there is no need to rush people. Keep a steady rhythm instead:

1. Reply to reviews within a day.
2. Share one short story about a customer or a decision you made.
3. Add a milestone when something real happens (first paying customer, 100 users).

## After the week

When the week ends, places 1 to 3 are awarded as **Launch of the Week**. Whether you win or not, your listing stays in the directory, in its categories and in search. That long tail is often worth more than the launch itself.

Put the badge you earned on your homepage, post a short retrospective as an update, and look at what visitors did: which sections they read, which questions they asked. Then improve the listing. A good listing keeps working long after launch week.

## The short version

| When | What to do |
|---|---|
| 6 weeks before | Complete the listing, check it against your site, choose a week |
| 1 week before | Tell your users and your newsletter the date |
| Launch day | Be online, post an update, answer everything |
| After the week | Add the badge, write a retrospective, refine the listing |

Launching is not a single day. It is a small project with a clear start and a long, useful tail.
`,
    faqs: [
      {
        question: "Which day of the week is best to launch?",
        answer:
          "Weeks run Monday to Sunday in UTC. Launching early in the week gives your listing more days to collect votes that count for the weekly board.",
      },
      {
        question: "Do votes after my launch week still count?",
        answer:
          "Yes, for the all-time board and your category. The weekly board and the Launch of the Week awards use only the votes cast during your launch week.",
      },
      {
        question: "Can I change my listing after it goes live?",
        answer: "Yes. Edits publish at once and are kept in a version history.",
      },
    ],
  },
  {
    slug: "write-your-listing-from-your-website",
    title: "Write your listing from your own website's facts",
    summary:
      "How the AI draft works, why every value quotes your own site, and why a blank field is better than an invented one.",
    daysAgo: 128,
    author: "Tom Okafor",
    tags: ["listings", "ai", "guides"],
    body: `
When you submit your website, Launch Directory reads it and drafts a complete listing for you in about a minute. It is fast, but speed is not the point. The point is that every value in the draft is **true to your own site**.

## How the draft is built

1. **We read your site, politely.** The crawler identifies itself, respects your robots.txt and reads only the pages it is allowed to. It looks for the pages that usually hold facts: the homepage, pricing, about, features, FAQ and contact pages.
2. **Every value quotes its evidence.** For each field (tagline, features, pricing, country, founding year and so on) the draft keeps the sentences from your pages that support it. You can see those quotes next to each field while you edit.
3. **Quotes are checked.** A value whose quotes cannot be found word for word on a page we read is dropped. This happens whichever model writes the draft.
4. **Missing facts stay blank.** If your site never says where you are based or when you started, the draft leaves those fields empty and marks them *not found*.

## Why blanks are a feature

It is tempting to want a full profile straight away. But an invented founding year or a guessed price is worse than nothing: visitors compare your listing with your site, and a single wrong fact makes them doubt the rest.

So the public profile lists, in a field called \`not_found_on_website\`, the facts your own site did not state. It tells readers the gap is deliberate, not sloppy. And it tells you exactly what to add to your website if you want the listing to carry it.

> A blank field is an honest answer. A guessed one is a small lie with your name on it.

## Editing the draft

Each field has a state: drafted by the AI, not found, edited by you, or entered by hand. You can:

- **Edit** any value; it becomes yours and is marked as such.
- **Lock** a field so a later redraft leaves it alone.
- **Regenerate** a field when you have updated your site and want a fresh draft from the new text.
- **Restore** a field to the AI's original value if you change your mind.

Your own edits are never overwritten by the AI. When the draft reads well, submit it: it is saved as a listing, not yet published. Publishing is a separate, deliberate step.

## What makes a good listing

- **A tagline that says what it does.** "Invoices that chase themselves" beats "The future of finance".
- **Features as outcomes.** "Automatic payment reminders" tells a reader more than "Smart automation engine".
- **Pricing a reader can compare.** One line is enough: "Free for 3 users; Team $12/user/month".
- **FAQs from real questions.** Use the questions people ask you in sales calls and support emails.
- **Founders with names.** People back people. Add your bio and your co-founders.

## When your site changes

Listings are living documents. After a pricing change or a big release, update your website first and then the listing, so the two never disagree. Every edit is kept in a version history, so nothing is lost.

Your website is the source of truth. Your listing is its best summary.
`,
    faqs: [
      {
        question: "Does the crawler respect robots.txt?",
        answer:
          "Yes. It identifies itself with a named user agent and reads only the pages robots.txt allows.",
      },
      {
        question: "What does not_found_on_website mean on a profile?",
        answer:
          "It lists the facts the company's own website did not state. Those fields are left blank on purpose instead of being guessed.",
      },
      {
        question: "Will a redraft overwrite my edits?",
        answer:
          "No. Fields you edited or locked keep your value; only the fields you ask to regenerate are redrafted.",
      },
    ],
  },
  {
    slug: "badges-and-the-free-queue",
    title: "Badges and the free queue: launching without paying",
    summary:
      "How the free plan works: a launch week 6 to 8 weeks out, a badge on your homepage, and what happens when we find it.",
    daysAgo: 105,
    author: "Maya Lindqvist",
    tags: ["badges", "free plan", "launching"],
    body: `
You never have to pay to launch on Launch Directory. The free plan puts your product in the same weekly calendar, on the same boards and in the same categories as a paid launch. It asks for two things in return: a little patience, and a badge.

## How the free queue works

When you choose the free plan for a saved listing, it is queued for a launch week **6 to 8 weeks ahead**. The exact range is a site setting, shown when you choose. Each week has a fixed number of free slots, so the queue stays fair: first come, first served.

Your listing then waits for one check: **the Launch Directory badge on the homepage of your website.** Once we find the badge, the listing is ready to go live in its week. Until then, its status is *awaiting badge*.

## Why a badge?

A badge is a small, honest exchange. We give you a launch, a profile and a permanent place in the directory; you give the directory a link that helps the next founder find it. It also proves that the person listing the product controls the website, which keeps spam out of the free queue.

## Adding the badge

Every listing has a badge page with ready-made embed code. Pick a style and paste the HTML into your homepage:

- **Shapes:** standard, outline, pill, banner or square.
- **Modes:** light, dark, or auto (follows the visitor's colour scheme).
- **Sizes:** small, medium or large.

The embed is a plain link with an SVG image: no scripts, no tracking, nothing that slows your page down. Put it in your footer or next to your other "as seen on" logos. It has to be on the **homepage** of the website your listing points to, because that is the page we check.

## Badges you can earn

The "Listed on" badge is the one the free queue looks for, and it is available as soon as your listing is queued. It is only the first. As your listing grows, you can show:

| Badge | When you can show it |
|---|---|
| Listed on | Your listing is published: queued, scheduled or live |
| Launched on | Your listing is live |
| Featured | Your listing is featured |
| Verified | You proved ownership of the website |
| #1, #2 or #3 in a category | Your listing is in the top three of its primary category by community votes |
| Launch of the Week | You placed #1, #2 or #3 in your launch week |

Each badge comes with the same choice of shapes, modes and sizes, and ready HTML to copy.

## Skipping the queue

If 6 to 8 weeks is too long, there are two ways to go faster. A free listing can buy a **skip the queue** option, which replaces its queued week with an earlier one of your choice. Or you can choose a **paid launch**: it goes live at once or in the week you pick, with no badge requirement, and it unlocks the founder story, milestones and media sections of your profile.

Either way, the ranking rules stay the same. Paying changes *when* you launch, never how votes are counted.

## Common problems

- **The badge is on a subpage.** Move it to the homepage.
- **The homepage is rendered only by JavaScript.** Make sure the badge link is in the HTML the server sends.
- **robots.txt blocks us.** Allow our user agent on your homepage, or the check cannot read it.
`,
    faqs: [
      {
        question: "How far ahead is the free launch week?",
        answer:
          "6 to 8 weeks ahead of the day you choose the free plan. The range is a site setting.",
      },
      {
        question: "Where exactly must the badge be?",
        answer:
          "On the homepage of the website your listing points to, as a link in the HTML the server returns.",
      },
      {
        question: "Does a paid launch rank higher?",
        answer:
          "No. Paying changes when you launch, not how votes are counted or how awards are decided.",
      },
    ],
  },
  {
    slug: "how-ranking-works",
    title: "How ranking works: community votes, the paid billboard and the other boards",
    summary:
      "Launch Directory has five boards and they never mix. Here is what each one measures, and why the billboard is always labelled paid.",
    daysAgo: 84,
    author: "Launch Directory team",
    tags: ["ranking", "votes", "billboard"],
    body: `
Directories lose their readers' trust the moment money quietly changes the order of things. So we made a simple rule: **each ranking measures one thing, and they never mix.** There are five boards.

## 1. Community: this week

The weekly board lists one week's launches, ranked by the **votes cast during that week**. A vote counts for the weekly board only if it arrives in the listing's own launch week, Monday to Sunday (UTC). This is the board that decides Launch of the Week.

## 2. Community: all time

The all-time board ranks live listings by every community vote they ever received. A product that keeps earning votes months after launch climbs here, even if its launch week was quiet.

Votes on both community boards have the same rules:

- Only signed-in people can vote, on the website.
- One vote per person per listing.
- There is no voting through the API or the MCP server.
- Votes cannot be bought, and paid products do not get extra weight.

## 3. The billboard (paid)

The billboard is a **paid** ranking by money contributed. Anyone can contribute to a listing's billboard total, from a small minimum upwards. The listing with the most money contributed is at the top.

It is useful: it gives founders a simple, transparent way to buy attention, and readers always know what they are looking at. That is why the billboard is **always labelled paid**, wherever it appears. Billboard money never touches the community boards, never adds votes and never influences awards.

## 4. Domain Rating

This board ranks listings by the Domain Rating of their website, a third-party SEO metric between 0 and 100 that estimates the strength of a site's backlinks. We show it with a trend, because a rating that is rising tells you more than a single number. It is not a measure of quality, and it is not ours: read the separate post on Domain Rating for what it does and does not mean.

## 5. Revenue

The revenue board ranks listings by their latest monthly recurring revenue, as shared by their founders. Sharing is optional. Figures are marked as **self-reported** or **verified**, so you can weigh them accordingly.

## Trending and the other sections

On the launches page you will also find sections such as *trending* (votes with a time decay, so recent votes count more), *most viewed* and *most followed*. They help you browse; they are not awards.

## Why keep them apart?

Because each answers a different question:

| Question | Board |
|---|---|
| What did people like this week? | Community: this week |
| What have people liked most, ever? | Community: all time |
| Who paid most for attention? | Billboard (paid) |
| Whose website has the strongest backlinks? | Domain Rating |
| Who earns the most recurring revenue? | Revenue |

Mixing them into one score would make every answer worse. Keeping them separate lets founders compete where they are strong, and lets readers trust what they see.

## What this means if you are launching

Focus on the community boards: a complete listing, a good launch week and real conversations. If you want extra visibility, the billboard is there, clearly labelled, and it will never be confused with the votes you earned.
`,
    faqs: [
      {
        question: "Can paying improve my position on the community boards?",
        answer:
          "No. Community boards count only votes from signed-in people on the site. The billboard is a separate, paid ranking.",
      },
      {
        question: "Which votes count for the weekly board?",
        answer: "Only the votes cast during the listing's launch week, Monday to Sunday in UTC.",
      },
      {
        question: "Is revenue verified?",
        answer:
          "Each figure is marked as self-reported or verified, so you can see which is which.",
      },
    ],
  },
  {
    slug: "domain-rating-explained",
    title: "Domain Rating, explained",
    summary:
      "What Domain Rating measures, why it appears on listings with a trend, and what it cannot tell you about a product.",
    daysAgo: 63,
    author: "Tom Okafor",
    tags: ["seo", "domain rating", "ranking"],
    body: `
Every listing on Launch Directory can show a **Domain Rating** for its website, and there is a board that ranks listings by it. It is a useful signal, as long as you know what it is and what it is not.

## What it measures

Domain Rating (often shortened to DR) is a **third-party SEO metric**. It scores a website from 0 to 100 by the strength of the links pointing to it from other websites: how many distinct sites link to it, and how strong those sites are in turn.

The scale is logarithmic. Moving from 10 to 20 is fairly easy; moving from 60 to 70 is very hard. A brand-new product usually starts in single digits, a few years of good content and press tend to bring it into the 30s or 40s, and only well-known sites reach the 80s and 90s.

## Why we show it

Backlinks are slow, hard-won evidence that other people found a website worth mentioning. For a reader comparing two tools, a rising DR is a hint that a product is being talked about. For a founder, it is a simple way to track whether launches, guest posts and integrations are building lasting visibility.

## Why we show a trend

A single number hides the story. So each listing keeps a **monthly history** of readings, and the profile shows the direction: up, flat or down over recent months. A DR of 25 that was 12 six months ago says more than a DR of 40 that has not moved in a year.

## What it does not tell you

- **It is not quality.** A great product with few backlinks can have a low DR.
- **It is not traffic.** Links and visitors are related, but not the same thing.
- **It is not ours.** We display the metric; we do not compute it, and launching here does not change it directly.
- **It can be gamed.** Link schemes inflate DR for a while. That is one reason we show the history rather than just the latest value.

## How readings get onto listings

Readings come from a data provider or are entered by the site team, one per month, and the latest reading becomes the listing's current rating. Listings without readings simply do not appear on the board. There is nothing for founders to submit.

## Improving your DR, the boring way

1. **Publish things worth linking to:** guides, benchmarks, free tools.
2. **Be listed where your customers look:** directories, marketplaces, integration pages.
3. **Write for others:** guest posts and podcast appearances earn relevant links.
4. **Fix what you have:** broken pages that others link to waste the links you already earned.

None of this is fast, which is exactly why a steadily rising DR is worth something.

## The board in context

The Domain Rating board is one of five separate boards. It never changes community rankings, awards or the paid billboard. Think of it as one more lens for browsing, not a verdict.
`,
    faqs: [
      {
        question: "Who calculates Domain Rating?",
        answer:
          "It is a third-party SEO metric. Launch Directory displays the readings with their history; it does not compute them.",
      },
      {
        question: "Does launching here raise my Domain Rating?",
        answer:
          "A listing is one link among many. DR reflects your whole backlink profile, so any change is gradual.",
      },
    ],
  },
  {
    slug: "launch-of-the-week-awards",
    title: "How Launch of the Week is decided",
    summary:
      "Places #1, #2 and #3 go to the launches with the most community votes cast during their launch week. Nothing else counts.",
    daysAgo: 45,
    author: "Launch Directory team",
    tags: ["awards", "votes"],
    body: `
Every Monday, the week that just ended gets its **Launch of the Week** awards: places #1, #2 and #3. The rules are short on purpose.

## The rules

1. **Only that week's launches compete.** A listing competes in the week it went live.
2. **Only community votes count.** Votes from signed-in people on the website, one per person per listing.
3. **Only votes cast during the week count.** Monday 00:00 to Sunday 23:59, UTC. Votes that arrive later still help on the all-time board, but not for the award.
4. **Ties go to the earlier launch.** If two listings finish with the same number of votes, the one that went live first ranks higher.
5. **Nothing else matters.** Not the plan, not the billboard, not Domain Rating, not revenue.

The awards are decided once, at the weekly rollover, and then they are final. A decided week is never recomputed.

## What winners get

Winners receive a **Launch of the Week** badge with their place and week, ready to embed in the same shapes, modes and sizes as every other badge. The award appears on the listing's profile and in the awards list, newest week first, and it stays there.

## Why not a jury?

Juries are slow, and they reward the products that jurors already know. A vote-based award with clear rules is easy to understand and easy to check: anyone can look at the weekly board and see why the winners won.

## Why votes only in the launch week?

Because a launch is an event. The weekly board compares products that launched in the same week, under the same conditions. Counting votes from later weeks would favour whoever launched earliest in the month, and make the result change long after the week had ended.

## Tips, if you are aiming for the podium

- **Launch early in the week.** More days in the week means more time for votes that count.
- **Bring your community, but let them decide.** Ask people to look, not to vote. Voting rings get noticed, and a listing that people actually like earns votes for months.
- **Be present.** Answer questions and reviews the same day.
- **Make the listing complete.** A visitor who understands your product in ten seconds is far more likely to vote for it.

## For the curious: what we store

For each week, the award records the place, the listing and the number of votes it received in the week. That is all, and it is enough to explain every result.
`,
    faqs: [
      {
        question: "When are the awards decided?",
        answer:
          "At the weekly rollover after the week ends (Sunday 23:59 UTC). Once decided, they do not change.",
      },
      {
        question: "Can a paid launch win more easily?",
        answer:
          "No. Only community votes cast during the launch week count; the plan plays no part.",
      },
      {
        question: "What happens with a tie?",
        answer: "The listing that went live earlier in the week takes the higher place.",
      },
    ],
  },
  {
    slug: "founder-stories-and-milestones",
    title: "Telling your founder story: stories, milestones and updates",
    summary:
      "Three ways to show the people and the progress behind your product, and how to write each one so readers finish it.",
    daysAgo: 27,
    author: "Maya Lindqvist",
    tags: ["founders", "stories", "guides"],
    body: `
People back people. A listing can tell a reader what a product does; a founder story tells them **why it exists and who is behind it**. Launch Directory gives you three ways to do that.

## 1. The founder story

The story section has a few short parts, each answering one question:

- **Why you started.** The moment you decided to build it.
- **The problem.** Who suffers from it and how, in concrete terms.
- **The journey.** The first version, the first users, the first payment.
- **Challenges.** What was hard, and what you got wrong.
- **Achievements.** What you are proud of, with numbers where you have them.
- **Lessons.** What you would tell a founder starting today.
- **What's next.** Where the product is going.

You do not need to fill in all of them. Three honest parts beat seven vague ones. The story section is part of the paid profile: it appears when your listing has it unlocked, for example with a paid launch.

### Writing tips

- **Start with a scene, not a mission.** "In 2023 I spent a weekend reconciling 400 invoices by hand" beats "We believe in empowering small businesses".
- **Use numbers.** "Six weeks", "40 beta users", "first customer in Lisbon".
- **Admit one mistake.** It makes everything else believable.
- **Keep paragraphs short.** Most people read stories on their phones.

## 2. Milestones

Milestones are dated facts: *first prototype*, *private beta with 25 teams*, *first paying customer*, *version 2.0*. Each has a date, a title, and optionally a short description and a link.

A good milestone list reads like a timeline of evidence. Add them as they happen rather than in a batch; a list that keeps growing shows a product that keeps moving.

## 3. Updates

Updates are short posts on your listing: a title and a few sentences. Use them for releases, integrations, pricing changes and thank-yous. When you post one, the people who follow your listing are told.

Good updates are specific:

- "v2.3: dark mode and CSV export"
- "Now integrated with Slack"
- "1,000 freelancers now use our app: thank you"

Avoid updates that only say "big things coming". Post when something has shipped.

## Founder profiles

Each founder also has a profile page: a short bio, social links, the companies they have listed and the stories they have published. Keep your bio to two or three sentences: what you build now, what you did before, and one human detail.

If you have co-founders, invite them from your draft so each can add their own profile. A team with names and faces is more trustworthy than a logo.

## Interview answers

Finally, there is a short list of interview questions: what the product does in one sentence, how you found your first ten users, what you would do differently. Answer the ones you like; the answers are free text and help readers understand how you think.

Your product's features can be copied. Your story cannot.
`,
    faqs: [
      {
        question: "Who can see the founder story?",
        answer:
          "Everyone, once the story section is unlocked on your listing, for example with a paid launch. Milestones follow the same rule.",
      },
      {
        question: "Do followers get notified of updates?",
        answer: "Yes. Posting an update tells the people who follow your listing.",
      },
    ],
  },
  {
    slug: "api-and-mcp-for-agents",
    title: "Use Launch Directory from code and AI assistants: the API and MCP server",
    summary:
      "Every operation of Launch Directory is available as a REST endpoint and as an MCP tool with the same name. Here is how to start.",
    daysAgo: 9,
    author: "Tom Okafor",
    tags: ["api", "mcp", "developers"],
    body: `
Everything you can read on Launch Directory, and most of what founders do in the dashboard, is available to code: a **REST API** under \`/api/v1\` and an **MCP server** at \`/mcp\` for AI assistants. Both expose the same operations, and each MCP tool has the same name as the REST operation it mirrors.

## Reading is open

Public data needs no sign-in: searching listings, reading profiles, categories, launch weeks, leaderboards, founders, blog posts, awards and badges.

\`\`\`bash
BASE_URL="http://localhost:8000/api/v1"

# Search live listings about invoicing, most voted first
curl -s "$BASE_URL/listings?q=invoicing&sort=votes&per_page=5"

# This week's launches, ranked by community votes
curl -s "$BASE_URL/launches/weeks/this"

# The paid billboard (always labelled paid)
curl -s "$BASE_URL/leaderboards/billboard"
\`\`\`

Paginated operations take \`page\` (1 to 1000) and \`per_page\` (1 to 100). The OpenAPI 3.1 description of every operation is served at \`/api/v1/openapi.json\`.

## Writing needs a key or a token

Operations that change things (submitting a website, editing a draft, posting an update, building an order) need an **API key** from your account, sent as a bearer token:

\`\`\`bash
curl -s -X POST "$BASE_URL/drafts" \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"url": "https://example.com"}'
\`\`\`

The draft starts in the *crawling* state and is ready in about a minute; poll it every few seconds. Operations that create things accept an \`Idempotency-Key\` header, so a retried request never creates a second draft.

## MCP for AI assistants

Point any MCP client that supports Streamable HTTP at \`/mcp\`. Public tools work straight away. For signed-in tools, the server answers with the standard OAuth challenge, your client opens our sign-in page, and you choose what to allow. Scopes are simple:

| Scope | What it allows |
|---|---|
| account:read | Reading your account, drafts, listings, claims and orders |
| listings:write | Submitting, editing and publishing your listings |
| orders:write | Quotes and checkout links |

## Things an API will never do

- **Vote.** Votes come only from people on the website. There is no vote endpoint and no vote tool.
- **Take payment details.** Paid products are bought through a checkout link. The API creates the order and returns \`checkout_url\`; a person opens it and pays on our checkout page. An assistant should hand that link to you and never ask for card details.
- **Invent facts.** Drafts quote your own website. Values your site does not state stay blank.

## Ideas

- A Slack bot that posts this week's launches in your category every Monday.
- An assistant that drafts your listing from your site, shows you the evidence, and submits it when you approve.
- A dashboard that tracks your listing's votes, followers and Domain Rating trend.

Errors share one shape, with a stable \`code\`, a message that says what failed, and per-field \`details\`. Rate limits answer 429 with a \`Retry-After\` header. Build against those and your integration will keep working as the directory grows.
`,
    faqs: [
      {
        question: "Can I vote through the API or MCP?",
        answer: "No. Votes come only from signed-in people on the website.",
      },
      {
        question: "How do I pay for a product through the API?",
        answer:
          "You don't send payment details. create_checkout returns a checkout_url; a person opens it and pays on the site's checkout page.",
      },
      {
        question: "Do I need to sign in to read listings?",
        answer:
          "No. Public read operations accept anonymous calls, as well as tokens and API keys.",
      },
    ],
  },
];
