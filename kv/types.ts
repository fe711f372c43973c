/** Records stored in Deno KV. Field names follow the interface specification. */

/** The OAuth scopes (and API key scopes) of the signed-in operations. */
export const SCOPES = ["account:read", "listings:write", "orders:write"] as const;
export type Scope = typeof SCOPES[number];

/** The fourteen social platform keys. */
export const SOCIAL_KEYS = [
  "x",
  "linkedin",
  "github",
  "youtube",
  "facebook",
  "instagram",
  "tiktok",
  "discord",
  "reddit",
  "threads",
  "bluesky",
  "mastodon",
  "website",
  "custom",
] as const;
export type SocialKey = typeof SOCIAL_KEYS[number];
export type Socials = Partial<Record<SocialKey, string>>;

export const LISTING_STATUSES = [
  "draft",
  "awaiting_badge",
  "scheduled",
  "live",
  "removed",
] as const;
export type ListingStatus = typeof LISTING_STATUSES[number];

export const PAID_SECTIONS = ["story", "milestones", "media"] as const;
export type PaidSection = typeof PAID_SECTIONS[number];

export const STAGES = ["idea", "mvp", "launched", "growing", "established"] as const;

export interface Faq {
  question: string;
  answer: string;
}

export interface FounderStory {
  title?: string;
  story?: string;
  why_started?: string;
  problem?: string;
  journey?: string;
  challenges?: string;
  achievements?: string;
  lessons?: string;
  whats_next?: string;
}

export interface Milestone {
  id: number;
  date: string;
  title: string;
  description?: string;
  url?: string;
}

export interface MediaItem {
  type: "image" | "video";
  url: string;
  caption?: string;
}

export interface Link {
  label: string;
  url: string;
}

/** An alternative the owner approved, by slug. */
export interface ApprovedAlternative {
  slug: string;
}

/** A listing: every field of the full profile plus ownership and publishing state. */
export interface Listing {
  id: number;
  slug: string;
  name: string;
  url: string;
  /** Registrable host of `url`, lowercase, without `www.`. */
  domain: string;
  tagline: string;
  short_description: string;
  description: string;
  stage: string | null;
  pricing_model: string | null;
  pricing_summary: string | null;
  country: string | null;
  city: string | null;
  founded_year: number | null;
  features: string[];
  usps: string[];
  keywords: string[];
  tags: string[];
  /** Primary category slug. */
  primary_category: string;
  /** Up to three extra category slugs (paid listings). */
  extra_categories: string[];
  /** Slugs of founder profiles, first = primary founder. */
  founder_slugs: string[];
  faqs: Faq[];
  socials: Socials;
  contact_email: string | null;
  demo_video_url: string | null;
  logo_url: string | null;
  headline: string | null;
  summary: string | null;
  seo_title: string | null;
  seo_description: string | null;
  links: Link[];
  not_found_on_website: string[];
  status: ListingStatus;
  plan: "free" | "paid" | null;
  /** Monday of the launch week, when scheduled or launched. */
  launch_week: string | null;
  /** When the listing went live (ISO date-time). */
  launched_at: string | null;
  unlocked: PaidSection[];
  story: FounderStory | null;
  milestones: Milestone[];
  media: MediaItem[];
  approved_alternatives: ApprovedAlternative[];
  featured: boolean;
  /** When a bought Featured period ends (ISO date-time); absent or null: no end. */
  featured_until?: string | null;
  /** The bought trophy cabinet page and widget; absent or null: none. */
  trophy_cabinet?: TrophyCabinet | null;
  verified: boolean;
  owner_id: string | null;
  cofounder_ids: string[];
  created_at: string;
  updated_at: string;
}

/** A listing's trophy cabinet, as the trophy_cabinet product sets it. */
export interface TrophyCabinet {
  theme: "classic" | "minimal" | "dark";
  /** Also show #2 and #3 places. */
  show_runner_up: boolean;
  headline: string | null;
  /** When the cabinet was first turned on (ISO date-time). */
  since: string;
}

/** Counters kept beside a listing; the ranked-board keys are moved in the same atomic write. */
export interface ListingStats {
  votes: number;
  views: number;
  follows: number;
  /** Sum of billboard contributions in cents. */
  billboard_cents: number;
  /** Latest Domain Rating (0-100), or null when unknown. */
  domain_rating: number | null;
  /** Latest monthly recurring revenue in cents, or null when not shared. */
  mrr_cents: number | null;
}

export interface ListingUpdate {
  id: string;
  listing_id: number;
  title: string;
  body: string;
  created_at: string;
}

export interface Review {
  id: string;
  listing_id: number;
  user_id: string;
  author_name: string;
  rating: number;
  body: string;
  /** Hidden from the page and the rating until the site team decides on its flags. */
  flagged: boolean;
  created_at: string;
  /** When its author last edited it; absent or null when never. */
  updated_at?: string | null;
  /** How many people flagged it. */
  flags?: number;
  /** The site team's last decision on its flags; an edit by its author clears a "kept". */
  decision?: ReviewDecision | null;
  /** The owner's (or a co-founder's) public answer, given once. */
  answer?: ReviewAnswer | null;
}

/** The public answer of a listing's team to a review. */
export interface ReviewAnswer {
  body: string;
  user_id: string;
  author_name: string;
  created_at: string;
}

/** The site team's decision on a flagged review. */
export interface ReviewDecision {
  outcome: "kept" | "removed";
  /** Email of the team member who decided. */
  by: string;
  reason: string;
  at: string;
}

/** One person's flag of a review. */
export interface ReviewFlag {
  review_id: string;
  listing_id: number;
  user_id: string;
  /** Optional; "" when none was given. */
  reason: string;
  created_at: string;
}

export interface DomainRatingPoint {
  date: string;
  value: number;
}

export interface RevenueFigure {
  /** Month `YYYY-MM`. */
  month: string;
  mrr_cents: number;
  source: "self_reported" | "verified";
}

export interface BillboardContribution {
  id: string;
  listing_id: number;
  amount_cents: number;
  created_at: string;
}

export interface Category {
  slug: string;
  name: string;
  description: string;
  faqs: Faq[];
  /** Parent slug, or null for a top-level category. */
  parent: string | null;
  position: number;
}

export interface Founder {
  slug: string;
  name: string;
  bio: string;
  country: string | null;
  avatar_url: string | null;
  socials: Socials;
  /** Listings this founder is on. */
  listing_ids: number[];
  user_id: string | null;
  created_at: string;
}

export interface BlogPost {
  slug: string;
  title: string;
  summary: string;
  /** Full text in Markdown. */
  body: string;
  faqs: Faq[];
  author: string;
  tags: string[];
  published_at: string;
  updated_at: string;
}

export interface Award {
  /** Monday of the week. */
  week: string;
  place: 1 | 2 | 3;
  listing_id: number;
  votes: number;
  awarded_at: string;
}

export interface InterviewQuestion {
  id: number;
  question: string;
  position: number;
}

/** How a product uses the week field of an order item. */
export type WeekRule = "none" | "optional" | "required";

export interface ProductOption {
  name: string;
  type: "enum" | "boolean" | "string";
  values?: string[];
  max_length?: number;
  required: boolean;
  description: string;
}

export interface Product {
  code: string;
  name: string;
  description: string;
  price_cents: number;
  needs_listing: boolean;
  week: WeekRule;
  /** Which listing plans may buy it (e.g. skip_queue only for free listings). */
  for_plans: ("free" | "paid" | "none")[];
  options?: ProductOption[];
  /** Paid sections this product unlocks. */
  unlocks: PaidSection[];
  /** How long a period the product gives, in weeks (featured: default 4). */
  period_weeks?: number;
  position: number;
  active: boolean;
}

/** Site settings kept in KV (seeded with defaults on first start, changed by the site team). */
export interface SiteSettings {
  name: string;
  tagline: string;
  purpose: string;
  /** The free-plan queue: launch week this many weeks out, from min to max. */
  free_queue_min_weeks: number;
  free_queue_max_weeks: number;
  /** Free launches per week. */
  free_slots_per_week: number;
  /** Paid launches per week. */
  paid_slots_per_week: number;
  /** How many weeks ahead paid launches may be booked. */
  paid_booking_weeks: number;
  /** Minimum billboard contribution in cents. */
  billboard_min_cents: number;
  /** Trending half-life in hours. */
  trending_half_life_hours: number;
  /** Seller country for VAT. */
  seller_country: string;
  /** The seller on receipts: legal name, postal address and VAT number. */
  seller_name: string;
  seller_address: string;
  seller_vat_number: string;
}

export interface User {
  id: string;
  email: string;
  name: string;
  created_at: string;
}

/**
 * What a vote is judged on later, recorded with it: never the voter's full address, only its
 * network (IPv4 /24, IPv6 /48), and the user agent only as a hash.
 */
export interface VoteSignals {
  /** Seconds from the voter's sign-up to the vote. */
  account_age_s: number;
  /** The voter's votes for other listings at the time (counted up to 10). */
  other_votes: number;
  /** Listings the voter owned at the time (counted up to 10). */
  owned_listings: number;
  /** Whether the voter had any other activity: other votes or owned listings. */
  other_activity: boolean;
  /** e.g. `203.0.113.0/24` or `2001:db8:1::/48`; null when the address was unknown. */
  network_prefix: string | null;
  /** SHA-256 hex of the User-Agent header; null when none was sent. */
  user_agent_sha256: string | null;
  /** Seconds from the listing going live to the vote (null when it has no launch time). */
  since_live_s: number | null;
}

/** The site team's decision to void a vote. */
export interface VoteVoiding {
  at: string;
  reason: string;
}

/** One person's vote for one listing: `["votes", listing_id, user_id]`. */
export interface Vote {
  listing_id: number;
  user_id: string;
  at: string;
  /** The launch week whose community board the vote moved, or null (cast outside it). */
  week: string | null;
  /** Null for votes recorded without them (demo data). */
  signals: VoteSignals | null;
  voided: VoteVoiding | null;
  /** Set by the cluster job when the vote is part of a suspicious cluster (it still counts). */
  flag?: VoteFlag | null;
}

/** A vote's place in a suspicious cluster the cluster job found. */
export interface VoteFlag {
  cluster_id: string;
  /** The rule that matched: `network_burst` or `baseline_burst`. */
  reason: VoteClusterRule;
  flagged_at: string;
}

export type VoteClusterRule = "network_burst" | "baseline_burst";

/** One vote of a cluster, as the site team judges it (no address, no name). */
export interface ClusterVote {
  user_id: string;
  at: string;
  account_age_s: number;
  other_activity: boolean;
  network_prefix: string | null;
}

/** Suspicious votes for one listing found together: `["vote_clusters", id]`. */
export interface VoteCluster {
  id: string;
  listing_id: number;
  rule: VoteClusterRule;
  /** What matched, in words, e.g. "12 votes from 203.0.113.0/24 within 10 minutes". */
  detail: string;
  /** The shared network prefix (network_burst), or null. */
  network_prefix: string | null;
  votes: ClusterVote[];
  first_at: string;
  last_at: string;
  flagged_at: string;
  status: "open" | "voided" | "cleared";
  decision: { at: string; by: string; reason: string } | null;
}

/** A vote the site team voided, kept privately: `["votes_voided", listing_id, user_id]`. */
export interface VoidedVote {
  listing_id: number;
  user_id: string;
  /** When the vote was cast. */
  at: string;
  week: string | null;
  signals: VoteSignals | null;
  cluster_id: string | null;
  voided_at: string;
  reason: string;
  by: string;
  /** The public moderation log entry of the voiding. */
  log_id: string;
}

/** What a moderation log entry records: a voiding of votes or a decision on a review or listing. */
export type ModerationKind =
  | "votes_voided"
  | "review_removed"
  | "review_kept"
  | "listing_removed"
  | "listing_restored";

/**
 * One site-team decision on the public moderation log, never with an identity (no voter, reviewer,
 * flagger, team member or email): `["moderation_log", at, id]`.
 */
export interface ModerationEntry {
  id: string;
  /** Absent on entries written before kinds existed: those are `votes_voided`. */
  kind?: ModerationKind;
  at: string;
  listing_id: number;
  slug: string;
  name: string;
  /** Votes voided (`votes_voided`); 0 for the other kinds. */
  votes: number;
  /** Flags the review had when decided (`review_removed`, `review_kept`). */
  flags?: number;
  reason: string;
  /** Set when the votes belonged to a week whose Launch of the Week was already decided. */
  awards_note: string | null;
}

/** A signed-in browser session; stored under the SHA-256 of its cookie value. */
export interface Session {
  user_id: string;
  /** Synchronizer token every form post of this session must carry. */
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

/** A one-time sign-in link; stored under the SHA-256 of its token. */
export interface SignInToken {
  email: string;
  /** Where to go after sign-in (a path on this site). */
  next: string;
  created_at: string;
}

/** An API key; the secret itself is never stored, only its SHA-256. */
export interface ApiKey {
  id: string;
  user_id: string;
  name: string;
  /** The first characters of the key, shown in lists (e.g. `ld_3f9a1c`). */
  prefix: string;
  scopes: Scope[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A registered (RFC 7591) or metadata-document (CIMD) OAuth client. */
export interface OAuthClient {
  client_id: string;
  client_name: string;
  redirect_uris: string[];
  token_endpoint_auth_method: "none" | "client_secret_post" | "client_secret_basic";
  client_secret_hash: string | null;
  grant_types: string[];
  response_types: string[];
  application_type: "web" | "native";
  scope: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  source: "registration" | "metadata_document";
  created_at: string;
}

/** An authorization code; stored under its SHA-256, single use, short-lived. */
export interface AuthorizationCode {
  client_id: string;
  user_id: string;
  redirect_uri: string;
  code_challenge: string;
  scopes: Scope[];
  resource: string;
  created_at: string;
}

/** A grant of one user to one client: the family of its access and refresh tokens. */
export interface TokenFamily {
  id: string;
  user_id: string;
  client_id: string;
  scopes: Scope[];
  resource: string;
  created_at: string;
  last_used_at: string;
  revoked_at: string | null;
}

/** An opaque access or refresh token; stored under its SHA-256. */
export interface OAuthToken {
  kind: "access" | "refresh";
  family_id: string;
  client_id: string;
  user_id: string;
  scopes: Scope[];
  resource: string;
  created_at: string;
  expires_at: string;
  /** Refresh tokens: when it was exchanged (a second use revokes the family). */
  used_at: string | null;
}

/** A free listing's place in the free queue: its launch week and its number in that week. */
export interface FreeReservation {
  /** Monday of the reserved launch week. */
  week: string;
  /** Reservation number within the week (grows with each reservation; orders the queue). */
  seq: number;
  reserved_at: string;
}

/** The last look for the service's badge on a listing's homepage. */
export interface BadgeCheck {
  status: "found" | "not_found" | "error";
  checked_at: string;
  /** What was found or why not, in words. */
  reason: string;
  /** The page the badge link was found on (after redirects), when found. */
  found_at_url: string | null;
}

/** A listing's free plan, kept beside the listing and written in the listing's atomic writes. */
export interface FreePlan {
  listing_id: number;
  /** The reserved week, or null after the week was lost (until the badge is found). */
  reservation: FreeReservation | null;
  badge_check: BadgeCheck | null;
  /** A week that began without the badge found (its slot was released), until a new one is taken. */
  lost_week: string | null;
  chosen_at: string;
}

/** One week of the free queue: slots taken and the next reservation number. */
export interface FreeWeek {
  reserved: number;
  next_seq: number;
}

/** A mail kept in the outbox (the embedded mail transport) or sent by SMTP. */
export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
  transport: "outbox" | "smtp";
  /** SMTP mails: the state of delivery through the queue (null for the outbox). */
  delivery: MailDelivery | null;
}

/** How far an SMTP mail got; a mail marked `sent` is never sent again. */
export interface MailDelivery {
  status: "queued" | "sending" | "sent" | "failed";
  /** Send attempts so far. */
  attempts: number;
  /** When the running attempt started: a lease that keeps a second worker from sending too. */
  sending_since: string | null;
  sent_at: string | null;
  last_error: string | null;
}

/** States of a draft field record. */
export const FIELD_STATES = ["ai", "not_found", "edited", "manual", "override", "deleted"] as const;
export type FieldState = typeof FIELD_STATES[number];

/** A quote from the founder's website backing a drafted value. */
export interface Quote {
  quote: string;
  url: string;
  /**
   * Where the quote stands: visible text (absent means text), a meta value, a JSON-LD value, a
   * string of the page's app JSON, or a content image's alt text.
   */
  source?: "text" | "meta" | "jsonld" | "app" | "alt";
  /** The meta name, JSON-LD path, app JSON path or image URL of a non-text quote. */
  locator?: string;
}

/** One draft field: its value, where it came from, and the AI's own value (for restore). */
export interface FieldRecord {
  value: unknown;
  state: FieldState;
  /** Quotes behind the current value (empty once a person changed it). */
  evidence: Quote[];
  ai_value: unknown;
  ai_evidence: Quote[];
}

export type DraftStatus = "crawling" | "drafting" | "ready";

/** A listing being drafted from its website. */
export interface Draft {
  id: string;
  user_id: string;
  url: string;
  domain: string;
  status: DraftStatus;
  progress: {
    stage: string;
    message: string;
    pages_read: number;
    pages_planned: number;
    updated_at: string;
  };
  drafter: "extractive" | "llm" | null;
  /**
   * Why the draft is not by the drafter configured: the LLM was wanted but timed out or failed,
   * and the extractive drafter stood in. Absent or null when the configured drafter drafted.
   */
  drafter_note?: { wanted: "llm"; reason: string; at: string } | null;
  /** What the crawl read (page texts are stored separately as the evidence base). */
  crawl: {
    pages: { url: string; kind: string; title: string; fetched_at: string; status: number }[];
    disallowed: string[];
    failed: { url: string; reason: string }[];
    error: string | null;
    crawl_delay_s: number;
  } | null;
  fields: Record<string, FieldRecord>;
  faqs: { question: string; answer: string; evidence: Quote[] }[];
  founders: {
    name: string;
    title: string | null;
    bio: string | null;
    evidence: Quote[];
    user_id: string | null;
    /** The founder's own links found next to their name on the site (absent when none). */
    socials?: Socials;
    /** Quotes behind each of `socials` by key (the card naming the founder, and the link). */
    social_evidence?: Record<string, Quote[]>;
  }[];
  company_socials: Record<string, FieldRecord>;
  founder_socials: Socials;
  /**
   * Quotes behind the AI-drafted founder_socials by key; a key the person set has none. Absent on
   * drafts stored before founders' links were drafted.
   */
  founder_social_evidence?: Record<string, Quote[]>;
  story: Record<string, FieldRecord>;
  milestones: {
    date: string;
    title: string;
    description: string | null;
    url: string | null;
    evidence: Quote[];
  }[];
  /** Which list parts a person has replaced (the AI leaves those alone). */
  edited_parts: string[];
  competitor: {
    url: string;
    status: "reading" | "ready" | "failed";
    error: string | null;
    comparison: unknown;
    updated_at: string;
  } | null;
  seo: { title: string | null; meta: string | null };
  /** Values the verifier dropped, with the reason (transparency). */
  dropped: { field: string; reason: string }[];
  invites: { email: string; invited_at: string; accepted_by: string | null }[];
  listing_id: number | null;
  submitted_at: string | null;
  created_at: string;
  updated_at: string;
}

/** An invitation to add one's founder profile to a draft; stored under its token's SHA-256. */
export interface CofounderInvite {
  draft_id: string;
  email: string;
  invited_by: string;
  created_at: string;
  accepted_by: string | null;
}

/** Order statuses: pending until paid, or expired (24 h unpaid), canceled or refunded. */
export type OrderStatus = "pending" | "paid" | "expired" | "canceled" | "refunded";

/** A task of the site team that a paid line needs (e.g. done_for_you's writing), as the line shows it. */
export interface LineTask {
  id: string;
  title: string;
  status: "open" | "done";
  done_at: string | null;
}

/** A site-team task's status: the order line shows `in_progress` as `open`. */
export type SiteTaskStatus = "open" | "in_progress" | "done";

/** A task in the site team's list, with what it is for. */
export interface SiteTask extends Omit<LineTask, "status"> {
  status: SiteTaskStatus;
  /** The team member's email it is assigned to (absent or null: nobody). */
  assignee?: string | null;
  order_number: string;
  line: number;
  listing_id: number | null;
  /** What to do, for the person doing it. */
  details: string;
  created_at: string;
  done_by: string | null;
}

/** A validated order item with its price (USD cents, excluding VAT), as quotes and orders show it. */
export interface PricedItem {
  product: string;
  name: string;
  listing_id?: number;
  week?: string;
  categories?: string[];
  amount_cents?: number;
  options?: Record<string, string | number | boolean>;
  unit_price_cents: number;
  quantity: 1;
  total_cents: number;
}

/** One line of an order: the priced item and its fulfilment. */
export interface OrderLine extends PricedItem {
  /** True once everything the line delivers is done, its site-team tasks included. */
  fulfilled: boolean;
  fulfilled_at: string | null;
  /** When the automatic part was applied (exactly once); null before. */
  applied_at: string | null;
  /** What fulfilment did, in words (e.g. "Live now", "Scheduled for the week of 2026-12-07"). */
  result: string | null;
  /** Parts done by the site team, shown until done. */
  tasks: LineTask[];
}

/** A weekly slot an unpaid order holds: a paid launch week or an earlier free-queue week. */
export interface WeekHold {
  pool: "free" | "paid";
  week: string;
  /** The line whose week it is. */
  line: number;
}

/** The billing details the person gives on the checkout page. */
export interface BillingDetails {
  name: string;
  address: string;
  country: string;
  vat_number: string | null;
}

/** The VAT decided for an order (as on the quote). */
export interface OrderVat {
  country: string | null;
  rate_percent: number;
  rate_bp: number;
  reverse_charge: boolean;
  vat_number: string | null;
  note: string;
  rates_as_of: string;
}

/** An order; `number` is its public id (at most 32 characters). */
export interface Order {
  number: string;
  user_id: string;
  status: OrderStatus;
  lines: OrderLine[];
  currency: "usd";
  subtotal_cents: number;
  vat: OrderVat;
  vat_cents: number;
  total_cents: number;
  billing: BillingDetails | null;
  /** Weeks held while pending; released on expiry or cancel, booked by fulfilment. */
  holds: WeekHold[];
  /** SHA-256 of the checkout link's secret. */
  checkout_token_hash: string;
  payment: {
    provider: "test" | "stripe";
    session_id: string | null;
    payment_intent: string | null;
    refund_id: string | null;
  };
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  fulfilled_at: string | null;
  canceled_at: string | null;
  refunded_at: string | null;
  updated_at: string;
  /** The site team's cancel or refund: who, why, and what it reversed and kept. */
  team_action?: OrderTeamAction;
}

/** What a site-team cancel or refund did to an order, shown on the console's order page. */
export interface OrderTeamAction {
  action: "cancel" | "refund";
  by: string;
  reason: string;
  at: string;
  reversed: string[];
  kept: string[];
}

/** How a claim proves that its claimant runs the listed website. */
export type ClaimMethod = "dns" | "meta" | "file" | "email";
/** pending (proof not found yet), verified, failed (refused or declined), expired (14 days). */
export type ClaimStatus = "pending" | "verified" | "failed" | "expired";

/** The result of the last check of a claim's proof. */
export interface ClaimCheck {
  at: string;
  found: boolean;
  reason: string;
}

/** The site team's review of a verified claim on a listing that already had an owner. */
export interface ClaimReview {
  state: "open" | "co_owner" | "transferred" | "declined";
  /** The site team's reason, mailed to both people (null while open). */
  reason: string | null;
  /** Email of the site team member who decided (null while open). */
  decided_by: string | null;
  decided_at: string | null;
  opened_at: string;
}

/** A claim of a listing by a person who runs its website. */
export interface Claim {
  id: number;
  user_id: string;
  listing_id: number;
  slug: string;
  /** The listing's domain when the claim was made: the proof must be there. */
  domain: string;
  method: ClaimMethod;
  /** The address the link went to (method email), else null. */
  email: string | null;
  /** What to publish (dns, meta, file); null for email claims. */
  token: string | null;
  /** SHA-256 of the mailed link's secret (method email), else null. */
  link_sha256: string | null;
  status: ClaimStatus;
  created_at: string;
  expires_at: string;
  verified_at: string | null;
  last_check: ClaimCheck | null;
  /** Verification attempts made (verify_claim calls on a pending claim). */
  attempts: number;
  review: ClaimReview | null;
}

/** One action of the site team's console, as the append-only audit log keeps it. */
export interface AuditEntry {
  /** Time-ordered (newest last in key order). */
  id: string;
  at: string;
  /** The team member's email. */
  by: string;
  /** What was done, a stable word: e.g. "order.refund", "claim.decide", "settings.update". */
  action: string;
  /** What it was done to: e.g. { type: "order", id: "LD-…" }. */
  target: { type: string; id: string };
  /** The reason given (required where the action affects a founder), or null. */
  reason: string | null;
  /** A short account of the change, e.g. before → after of changed settings. */
  detail: Record<string, unknown>;
}
