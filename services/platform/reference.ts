/**
 * Reference data written on first start: the category tree, products and prices, interview
 * questions and site settings. Each set is seeded once; later changes by the site team stay.
 */
import { invalidateCategoryCache } from "../../kv/categories.ts";
import { seedReferenceSet } from "../../kv/catalog.ts";
import type { Category, Product, SiteSettings } from "../../kv/types.ts";
import { slugify } from "../../kv/slugs.ts";

export const DEFAULT_SETTINGS: SiteSettings = {
  name: "Launch Directory",
  tagline: "Discover new products, launched every week",
  purpose:
    "A public directory of products with a weekly launch calendar, ranked boards, founder profiles, a blog, awards and embeddable badges. Founders list their products; people discover them and vote.",
  free_queue_min_weeks: 6,
  free_queue_max_weeks: 8,
  free_slots_per_week: 25,
  paid_slots_per_week: 15,
  paid_booking_weeks: 12,
  billboard_min_cents: 500,
  trending_half_life_hours: 36,
  seller_country: "DE",
  seller_name: "Launch Directory",
  // Set by the site team before the first real sale; receipts show what is set.
  seller_address: "",
  seller_vat_number: "",
};

/** Top-level categories and their subcategories: [name, description, subcategory names]. */
const TREE: [string, string, string[]][] = [
  ["Developer Tools", "Tools that help software teams write, test, ship and run code.", [
    "APIs",
    "Code Review",
    "DevOps",
    "Testing",
    "Databases",
    "Monitoring",
  ]],
  ["Productivity", "Apps that help people and teams get more done with less effort.", [
    "Task Management",
    "Note Taking",
    "Calendar",
    "Time Tracking",
    "Automation",
  ]],
  ["Marketing", "Software for reaching, converting and keeping customers.", [
    "SEO",
    "Email Marketing",
    "Social Media",
    "Analytics",
    "Landing Pages",
  ]],
  ["Design", "Tools for designers: interfaces, graphics, prototypes and assets.", [
    "UI Design",
    "Prototyping",
    "Illustration",
    "Design Systems",
  ]],
  ["Artificial Intelligence", "Products built on machine learning and large language models.", [
    "AI Writing",
    "AI Agents",
    "AI Images",
    "Machine Learning Ops",
  ]],
  ["Finance", "Money tools for businesses and people.", [
    "Invoicing",
    "Accounting",
    "Payments",
    "Personal Finance",
  ]],
  ["Sales", "Software that helps teams find, win and manage customers.", [
    "CRM",
    "Lead Generation",
    "Customer Support",
  ]],
  ["Education", "Learning platforms, course builders and study tools.", [
    "Online Courses",
    "Language Learning",
  ]],
  ["Health & Fitness", "Apps for wellbeing, exercise and health care.", [
    "Fitness",
    "Mental Health",
  ]],
  ["E-commerce", "Tools for selling online.", ["Storefronts", "Inventory", "Shipping"]],
  ["Remote Work", "Tools for distributed teams.", ["Communication", "Hiring"]],
  ["Security", "Products that protect people, data and systems.", ["Password Managers", "Privacy"]],
];

/** The default category tree, flattened, with slugs. */
export function defaultCategories(): Category[] {
  const out: Category[] = [];
  TREE.forEach(([name, description, children], i) => {
    const slug = slugify(name);
    out.push({
      slug,
      name,
      description,
      parent: null,
      position: i,
      faqs: [
        {
          question: `What is in the ${name} category?`,
          answer:
            `${description} Listings are ranked by community votes; paid placement never changes that order.`,
        },
        {
          question: `How do I list my product in ${name}?`,
          answer:
            "Submit your website URL: the service drafts your listing from your own site, you review it, then launch for free in the queue or pick a week with a paid launch.",
        },
      ],
    });
    children.forEach((child, j) => {
      out.push({
        slug: slugify(child),
        name: child,
        description: `${child} products in ${name}.`,
        parent: slug,
        position: j,
        faqs: [],
      });
    });
  });
  return out;
}

/** Products and their default prices (changed later by the site team in KV). */
export function defaultProducts(): Product[] {
  const product = (
    p: Omit<Product, "position" | "active" | "unlocks"> & { unlocks?: Product["unlocks"] },
    i: number,
  ) => ({ unlocks: [], ...p, position: i, active: true }) as Product;
  return [
    {
      code: "launch",
      name: "Paid launch",
      description:
        "Go live now, or in the week you choose, without the free queue or the badge requirement. Unlocks story, milestones and media.",
      price_cents: 4900,
      needs_listing: true,
      week: "optional",
      for_plans: ["none", "free"],
      unlocks: ["story", "milestones", "media"],
    },
    {
      code: "skip_queue",
      name: "Skip the queue",
      description:
        "Free listings only: replace the free-queue week with an earlier week of your choice.",
      price_cents: 1900,
      needs_listing: true,
      week: "required",
      for_plans: ["free"],
    },
    {
      code: "featured",
      name: "Featured placement",
      description:
        "A Featured badge and a place in the featured row of the home page for four weeks.",
      price_cents: 9900,
      needs_listing: true,
      week: "none",
      for_plans: ["free", "paid"],
      period_weeks: 4,
    },
    {
      code: "done_for_you",
      name: "Done-for-you listing",
      description: "Our team writes and polishes the listing, FAQs and founder story with you.",
      price_cents: 14900,
      needs_listing: true,
      week: "none",
      for_plans: ["none", "free", "paid"],
    },
    {
      code: "launch_bundle",
      name: "Launch bundle",
      description: "Paid launch, featured placement and done-for-you listing together.",
      price_cents: 24900,
      needs_listing: true,
      week: "optional",
      for_plans: ["none", "free"],
      unlocks: ["story", "milestones", "media"],
      period_weeks: 4,
    },
    {
      code: "extra_categories",
      name: "Extra categories",
      description: "Show the listing in up to 3 more categories.",
      price_cents: 2900,
      needs_listing: true,
      week: "none",
      for_plans: ["paid"],
    },
    {
      code: "relaunch",
      name: "Relaunch",
      description: "Launch again in a chosen week after a major new version.",
      price_cents: 3900,
      needs_listing: true,
      week: "required",
      for_plans: ["free", "paid"],
    },
    {
      code: "ai_review",
      name: "AI listing review",
      description:
        "A written review of the listing's wording and gaps, quoted from your own website.",
      price_cents: 1500,
      needs_listing: true,
      week: "none",
      for_plans: ["none", "free", "paid"],
    },
    {
      code: "billboard_min",
      name: "Billboard contribution",
      description:
        "Contribute any amount from the minimum up to the billboard, a PAID ranking by money contributed, always shown as paid.",
      price_cents: 500,
      needs_listing: true,
      week: "none",
      for_plans: ["free", "paid"],
    },
    {
      code: "trophy_cabinet",
      name: "Trophy cabinet",
      description: "A trophy cabinet page and embeddable widget showing the listing's awards.",
      price_cents: 1900,
      needs_listing: true,
      week: "none",
      for_plans: ["free", "paid"],
      options: [
        {
          name: "theme",
          type: "enum",
          values: ["classic", "minimal", "dark"],
          required: false,
          description: "Look of the cabinet; default classic",
        },
        {
          name: "show_runner_up",
          type: "boolean",
          required: false,
          description: "Also show #2 and #3 places",
        },
        {
          name: "headline",
          type: "string",
          max_length: 80,
          required: false,
          description: "Headline above the trophies",
        },
      ],
    },
  ].map((p, i) => product(p as Parameters<typeof product>[0], i));
}

export const DEFAULT_INTERVIEW_QUESTIONS = [
  "What does your product do, in one sentence?",
  "What problem made you start building it?",
  "Who is it for?",
  "How did you find your first ten users?",
  "What was the hardest part of building it so far?",
  "What would you do differently if you started again?",
  "How do you make money, or plan to?",
  "What tools does your team rely on every day?",
  "What is next on your roadmap?",
  "What advice would you give a founder launching this week?",
];

/** Seeds every reference set that was never seeded. Safe to call at every start. */
export async function seedReferenceData(kv: Deno.Kv, now: Date): Promise<void> {
  await seedReferenceSet(kv, { name: "settings", records: [DEFAULT_SETTINGS] }, now);
  if (await seedReferenceSet(kv, { name: "categories", records: defaultCategories() }, now)) {
    invalidateCategoryCache(kv);
  }
  await seedReferenceSet(kv, { name: "products", records: defaultProducts() }, now);
  const questions = DEFAULT_INTERVIEW_QUESTIONS.map((question, i) => ({
    id: i + 1,
    question,
    position: i,
  }));
  await seedReferenceSet(kv, { name: "interview_questions", records: questions }, now);
}
