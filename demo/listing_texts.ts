/** A listing's longer texts, from its theme and facts: description, FAQs and the paid sections. */
import type { NewListing } from "../kv/listings.ts";
import type { Faq, FounderStory, MediaItem, Milestone } from "../kv/types.ts";
import { slugify } from "../kv/slugs.ts";
import { isoDate } from "../services/platform/weeks.ts";
import { EU, type Theme } from "./data.ts";
import { DAY_MS } from "./plan_types.ts";
import { chance, int, pick, type Rng, sample } from "./rng.ts";
import { lcFirst, listText, ucFirst } from "./text.ts";

/** The description: 2 to 4 paragraphs from the theme, true to the listing's own facts. */
export function describe(rng: Rng, l: NewListing, theme: Theme, founderNames: string[]): string {
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

/** Two to four FAQs, the price first when it is known. */
export function faqsOf(rng: Rng, l: NewListing, theme: Theme): Faq[] {
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

/** The founder story of a paid listing. */
export function storyOf(rng: Rng, l: NewListing, theme: Theme, founderFirst: string): FounderStory {
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

/** Two to five milestones up to now, plus the launch once it happened; ids in date order. */
export function milestonesOf(
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

/** Screenshots of the dashboard and the first feature, sometimes a video tour. */
export function mediaOf(rng: Rng, l: NewListing): MediaItem[] {
  const media: MediaItem[] = [
    {
      type: "image",
      url: `${l.url}/images/dashboard.png`,
      caption: `The ${l.name} dashboard`,
    },
    {
      type: "image",
      url: `${l.url}/images/${slugify(l.features[0])}.png`,
      caption: l.features[0],
    },
  ];
  if (chance(rng, 0.4)) {
    media.push({
      type: "video",
      url: `${l.url}/videos/tour.mp4`,
      caption: "A two-minute tour",
    });
  }
  return media;
}
