/** `/listings/:slug`: a listing's full public profile, its alternatives and the badge builder. */
import type { Context } from "hono";
import type { ComponentChildren } from "preact";
import { getConnInfo } from "hono/deno";
import {
  BADGE_MODES,
  BADGE_SHAPES,
  BADGE_SIZES,
  badgeDimensions,
  type BadgeSet,
  type BadgeShape,
  type BadgeSize,
  DEFAULT_BADGE_STYLE,
  getAlternatives,
  getBadges,
  getPublicListing,
} from "../../services/directory/mod.ts";
import { type Deps, sha256Hex } from "../../services/platform/mod.ts";
import type { FounderStory } from "../../kv/types.ts";
import ListingLogo from "../../components/ListingLogo.tsx";
import ListingRow from "../../components/ListingRow.tsx";
import ExternalLink from "../../components/ExternalLink.tsx";
import Paragraphs from "../../components/Paragraphs.tsx";
import { island } from "../../components/island.tsx";
import {
  displayHost,
  formatDate,
  formatMoney,
  formatNumber,
  humanize,
  plural,
  safeUrl,
} from "../../components/format.ts";
import BadgeBuilderIsland, {
  type BadgeBuilderProps,
  type BuilderBadge,
} from "../../islands/BadgeBuilder.tsx";
import { categoryNames, type PageHandler, renderPage } from "./_page.tsx";
import { recordView } from "../../kv/listing_stats.ts";

const BadgeBuilder = island("BadgeBuilder", BadgeBuilderIsland);

type Profile = Awaited<ReturnType<typeof getPublicListing>>;
type Alternatives = Awaited<ReturnType<typeof getAlternatives>>;

/** A SHA-256 hex of the client's IP and user agent: counts views per visitor without keeping the IP. */
export async function visitorId(c: Context): Promise<string> {
  let ip = c.req.header("x-forwarded-for")?.split(",")[0]?.trim() ?? "";
  if (!ip) {
    try {
      ip = getConnInfo(c).remote.address ?? "";
    } catch {
      // Not served by Deno.serve (app.request in tests): no connection info.
    }
  }
  const text = `${ip || "unknown"}\n${c.req.header("user-agent") ?? ""}`;
  return await sha256Hex(text);
}

async function countView(c: Context, deps: Deps, listingId: number): Promise<void> {
  try {
    await recordView(deps.kv, listingId, await visitorId(c), deps.now());
  } catch (err) {
    console.error(`Cannot record a view of listing ${listingId}:`, err);
  }
}

/** The badge builder's props: every earned badge with its URLs and sizes for each style. */
export function badgeBuilderProps(set: BadgeSet): BadgeBuilderProps {
  const badges: BuilderBadge[] = set.badges.map((b) => {
    const dimensions = {} as BuilderBadge["dimensions"];
    for (const shape of BADGE_SHAPES) {
      dimensions[shape] = {} as Record<BadgeSize, [number, number]>;
      for (const size of BADGE_SIZES) {
        const { width, height } = badgeDimensions(b, { shape, mode: "light", size });
        dimensions[shape as BadgeShape][size] = [width, height];
      }
    }
    return {
      kind: b.kind,
      label: b.label,
      title: b.title,
      detail: b.detail,
      alt: b.alt,
      images: b.images,
      dimensions,
    };
  });
  return {
    listingName: set.listing.name,
    linkUrl: `${set.listing.url}?ref=badge`,
    badges,
    style: set.style,
    shapes: BADGE_SHAPES,
    modes: BADGE_MODES,
    sizes: BADGE_SIZES,
  };
}

export const handler: PageHandler = async (ctx) => {
  const { c, deps } = ctx;
  const slug = c.req.param("slug") ?? "";
  const listing = await getPublicListing(deps, slug);
  const [alternatives, badges, names] = await Promise.all([
    getAlternatives(deps, slug),
    getBadges(deps, slug, DEFAULT_BADGE_STYLE),
    categoryNames(deps),
    countView(c, deps, listing.id),
  ]);
  return renderPage(
    ctx,
    {
      title: `${listing.seo.title || listing.name}: ${listing.tagline}`,
      fullTitle: false,
      description: listing.seo.description || listing.short_description || listing.tagline,
      path: `/listings/${listing.slug}`,
      imageUrl: safeUrl(listing.logo_url),
      ogType: "website",
    },
    <ListingPage
      listing={listing}
      alternatives={alternatives}
      badges={badgeBuilderProps(badges)}
      names={names}
    />,
  );
};

/** Display names of the social platform keys. */
export const SOCIAL_LABELS: Record<string, string> = {
  x: "X",
  linkedin: "LinkedIn",
  github: "GitHub",
  youtube: "YouTube",
  facebook: "Facebook",
  instagram: "Instagram",
  tiktok: "TikTok",
  discord: "Discord",
  reddit: "Reddit",
  threads: "Threads",
  bluesky: "Bluesky",
  mastodon: "Mastodon",
  website: "Website",
  custom: "Link",
};

const STORY_LABELS: [keyof FounderStory, string][] = [
  ["story", "The story"],
  ["why_started", "Why we started"],
  ["problem", "The problem"],
  ["journey", "The journey"],
  ["challenges", "Challenges"],
  ["achievements", "Achievements"],
  ["lessons", "Lessons learned"],
  ["whats_next", "What's next"],
];

/** Rel for links to a listing's own sites: user-submitted, so not endorsed unless ownership is verified. */
function outboundRel(verified: boolean): string {
  return verified ? "noopener ugc" : "noopener ugc nofollow";
}

/** A small line chart of the Domain Rating history. */
function Sparkline({ points }: { points: { date: string; value: number }[] }) {
  if (points.length < 2) return null;
  const w = 160;
  const h = 36;
  const values = points.map((p) => p.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const xy = points.map((p, i) =>
    `${((i / (points.length - 1)) * w).toFixed(1)},${
      (h - 4 - ((p.value - min) / span) * (h - 8)).toFixed(1)
    }`
  );
  return (
    <svg
      class="sparkline"
      viewBox={`0 0 ${w} ${h}`}
      width={w}
      height={h}
      role="img"
      aria-label={`Domain Rating from ${values[0]} to ${values.at(-1)}`}
    >
      <polyline
        points={xy.join(" ")}
        fill="none"
        stroke="currentColor"
        stroke-width="2"
        stroke-linejoin="round"
        stroke-linecap="round"
      />
    </svg>
  );
}

function Stars({ average }: { average: number }) {
  const full = Math.round(average);
  return (
    <span class="stars" aria-hidden="true">
      {"★".repeat(full)}
      <span class="stars-empty">{"★".repeat(5 - full)}</span>
    </span>
  );
}

function Section(
  { id, title, children }: { id: string; title: string; children: ComponentChildren },
) {
  return (
    <section class="card profile-section" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

function StatusBanner({ listing }: { listing: Profile }) {
  if (listing.status === "scheduled" && listing.launch_week) {
    return (
      <p class="banner">
        Launching in the week of{" "}
        <a href={`/launches/${listing.launch_week}`}>{formatDate(listing.launch_week)}</a>. Votes
        open when it goes live.
      </p>
    );
  }
  if (listing.status === "awaiting_badge") {
    return (
      <p class="banner">
        Listed. The launch follows once the badge is found on the product's website.
      </p>
    );
  }
  return null;
}

interface ListingPageProps {
  listing: Profile;
  alternatives: Alternatives;
  badges: BadgeBuilderProps;
  names: Record<string, string>;
}

/** The listing page. */
export default function ListingPage({ listing, alternatives, badges, names }: ListingPageProps) {
  const rel = outboundRel(listing.verified);
  const website = safeUrl(listing.url);
  const categories = [listing.categories.primary, ...listing.categories.extra];
  const socials = Object.entries(listing.socials).filter(([, url]) => safeUrl(url));
  const rating = listing.community_rating;
  const dr = listing.domain_rating;
  const signInHref = `/signin?next=${encodeURIComponent(`/listings/${listing.slug}`)}`;
  const story = "story" in listing ? listing.story : undefined;
  const milestones = "milestones" in listing ? listing.milestones : undefined;
  const media = "media" in listing ? listing.media : undefined;

  return (
    <article class="profile" itemscope itemtype="https://schema.org/SoftwareApplication">
      <StatusBanner listing={listing} />
      <header class="profile-header">
        <ListingLogo name={listing.name} logoUrl={listing.logo_url} size="l" />
        <div class="profile-title">
          <h1 itemprop="name">
            {listing.name}
            {listing.verified && (
              <span class="pill pill-verified" title="Ownership verified">Verified</span>
            )}
            {listing.featured && <span class="pill pill-featured">Featured</span>}
          </h1>
          <p class="profile-tagline" itemprop="description">{listing.tagline}</p>
          <p class="chips">
            {categories.map((cat) => (
              <a key={cat.slug} class="chip" href={`/categories/${encodeURIComponent(cat.slug)}`}>
                {cat.name}
              </a>
            ))}
            {listing.stage && <span class="chip chip-muted">{humanize(listing.stage)}</span>}
            {listing.pricing.model && <span class="chip chip-muted">{listing.pricing.model}</span>}
          </p>
        </div>
        <div class="profile-actions">
          {website && (
            <a class="button" href={website} rel={rel} target="_blank" itemprop="url">
              Visit {displayHost(website)} ↗
            </a>
          )}
          <div class="vote-box">
            <span class="vote-count">
              <strong>{formatNumber(listing.votes)}</strong>{" "}
              {listing.votes === 1 ? "vote" : "votes"}
            </span>
            {listing.status === "live" && (
              <a class="button button-ghost" href={signInHref}>Sign in to vote</a>
            )}
          </div>
        </div>
      </header>

      {listing.awards.length > 0 && (
        <ul class="award-ribbon" aria-label="Awards">
          {listing.awards.map((a) => (
            <li key={`${a.week}-${a.place}`} class={`award award-${a.place}`}>
              <a href={`/launches/${a.week}`}>
                <span class="award-place">#{a.place}</span> Launch of the Week · {a.iso_week}
              </a>
            </li>
          ))}
        </ul>
      )}

      <div class="profile-grid">
        <div class="profile-main">
          <Section id="about" title={`About ${listing.name}`}>
            {listing.headline && <p class="lead">{listing.headline}</p>}
            {listing.description
              ? <Paragraphs text={listing.description} />
              : <Paragraphs text={listing.short_description} />}
            {listing.demo_video_url && safeUrl(listing.demo_video_url) && (
              <p>
                <ExternalLink href={listing.demo_video_url} rel={rel}>
                  Watch the demo video ↗
                </ExternalLink>
              </p>
            )}
          </Section>

          {(listing.features.length > 0 || listing.usps.length > 0) && (
            <Section id="features" title="Features">
              {listing.features.length > 0 && (
                <ul class="checklist">
                  {listing.features.map((f) => <li key={f}>{f}</li>)}
                </ul>
              )}
              {listing.usps.length > 0 && (
                <>
                  <h3>What sets it apart</h3>
                  <ul class="checklist checklist-star">
                    {listing.usps.map((u) => <li key={u}>{u}</li>)}
                  </ul>
                </>
              )}
            </Section>
          )}

          <Section id="pricing" title="Pricing">
            {listing.pricing.model || listing.pricing.summary
              ? (
                <dl class="facts">
                  {listing.pricing.model && (
                    <>
                      <dt>Model</dt>
                      <dd>{listing.pricing.model}</dd>
                    </>
                  )}
                  {listing.pricing.summary && (
                    <>
                      <dt>Plans</dt>
                      <dd>{listing.pricing.summary}</dd>
                    </>
                  )}
                </dl>
              )
              : <p class="muted">Pricing is not stated.</p>}
          </Section>

          {story && Object.values(story).some(Boolean) && (
            <Section id="story" title={story.title || "Founder story"}>
              {STORY_LABELS.filter(([key]) =>
                story[key]
              ).map(([key, label]) => (
                <div key={key} class="story-part">
                  {key !== "story" && <h3>{label}</h3>}
                  <Paragraphs text={story[key] ?? ""} />
                </div>
              ))}
            </Section>
          )}

          {milestones && milestones.length > 0 && (
            <Section id="milestones" title="Milestones">
              <ol class="timeline">
                {milestones.map((m) => (
                  <li key={m.id}>
                    <time datetime={m.date}>{formatDate(m.date)}</time>
                    <strong>
                      {m.url && safeUrl(m.url)
                        ? <ExternalLink href={m.url} rel={rel}>{m.title}</ExternalLink>
                        : m.title}
                    </strong>
                    {m.description && <p>{m.description}</p>}
                  </li>
                ))}
              </ol>
            </Section>
          )}

          {media && media.some((m) => safeUrl(m.url)) && (
            <Section id="media" title="Media">
              <div class="media-grid">
                {media.filter((m) => safeUrl(m.url)).map((m, i) => (
                  <figure key={i}>
                    {m.type === "image"
                      ? (
                        <img
                          src={safeUrl(m.url)}
                          alt={m.caption || `${listing.name} screenshot ${i + 1}`}
                          loading="lazy"
                        />
                      )
                      : <ExternalLink href={m.url} rel={rel}>▶ Watch video</ExternalLink>}
                    {m.caption && <figcaption>{m.caption}</figcaption>}
                  </figure>
                ))}
              </div>
            </Section>
          )}

          {listing.latest_updates.length > 0 && (
            <Section id="updates" title="Latest updates">
              <ol class="updates">
                {listing.latest_updates.map((u, i) => (
                  <li key={i}>
                    <h3>{u.title}</h3>
                    <time class="muted" datetime={u.created_at}>{formatDate(u.created_at)}</time>
                    <Paragraphs text={u.body} />
                  </li>
                ))}
              </ol>
            </Section>
          )}

          {listing.faqs.length > 0 && (
            <Section id="faqs" title="Questions and answers">
              <div class="faqs">
                {listing.faqs.map((f, i) => (
                  <details key={i}>
                    <summary>{f.question}</summary>
                    <Paragraphs text={f.answer} />
                  </details>
                ))}
              </div>
            </Section>
          )}

          <Section id="alternatives" title={`Alternatives to ${listing.name}`}>
            {alternatives.items.length === 0
              ? <p class="muted">No alternatives are listed yet.</p>
              : (
                <ul class="rows">
                  {alternatives.items.map(({ approved, listing: alt }) => (
                    <ListingRow
                      key={alt.slug}
                      listing={alt}
                      categoryNames={names}
                      note={approved ? "Suggested by the team" : undefined}
                      extra={listing.status === "live" && (
                        <a
                          href={`/compare?a=${encodeURIComponent(listing.slug)}&b=${
                            encodeURIComponent(alt.slug)
                          }`}
                        >
                          Compare with {listing.name}
                        </a>
                      )}
                    />
                  ))}
                </ul>
              )}
          </Section>

          <Section id="badges" title="Badges for your website">
            <p class="muted">
              Show visitors where {listing.name}{" "}
              was listed. Pick a badge and a style, then paste the code into the website.
            </p>
            <BadgeBuilder {...badges} />
          </Section>
        </div>

        <aside class="profile-side" aria-label={`${listing.name} at a glance`}>
          <section class="card" aria-labelledby="stats-title">
            <h2 id="stats-title" class="sr-only">Numbers</h2>
            <dl class="stats">
              <div>
                <dt>Votes</dt>
                <dd>{formatNumber(listing.votes)}</dd>
              </div>
              <div>
                <dt>Views</dt>
                <dd>{formatNumber(listing.views)}</dd>
              </div>
              <div>
                <dt>Followers</dt>
                <dd>{formatNumber(listing.follows)}</dd>
              </div>
            </dl>
            <div class="side-block">
              <h3>Community rating</h3>
              {rating.average === null ? <p class="muted">No reviews yet.</p> : (
                <p>
                  <Stars average={rating.average} /> <strong>{rating.average.toFixed(1)}</strong>
                  {" "}
                  / 5 from {plural(rating.count, "review")}
                </p>
              )}
            </div>
            <div class="side-block">
              <h3>Domain Rating</h3>
              {dr === null ? <p class="muted">Not measured yet.</p> : (
                <>
                  <p>
                    <strong class="big">{dr.value}</strong>{" "}
                    <span class={`trend trend-${dr.trend}`}>
                      {dr.trend === "up" ? "▲" : dr.trend === "down" ? "▼" : "■"}{" "}
                      {dr.change_90d > 0 ? `+${dr.change_90d}` : dr.change_90d} in 90 days
                    </span>
                  </p>
                  <Sparkline points={dr.history} />
                  <p class="muted small">
                    A {dr.source}, as of {formatDate(dr.as_of)}.
                  </p>
                </>
              )}
            </div>
            {listing.revenue && (
              <div class="side-block">
                <h3>Revenue</h3>
                <p>
                  <strong class="big">{formatMoney(listing.revenue.mrr_cents)}</strong> MRR
                </p>
                <p class="muted small">
                  {listing.revenue.source === "verified" ? "Verified" : "Self-reported"} for{" "}
                  {listing.revenue.month}.
                </p>
              </div>
            )}
          </section>

          {listing.founders.length > 0 && (
            <section class="card" aria-labelledby="founders-title">
              <h2 id="founders-title">Founders</h2>
              <ul class="people">
                {listing.founders.map((f) => (
                  <li key={f.slug}>
                    <ListingLogo name={f.name} logoUrl={f.avatar_url} size="s" />
                    <div>
                      <a href={`/founders/${encodeURIComponent(f.slug)}`}>{f.name}</a>
                      {f.bio && <p class="muted small">{f.bio}</p>}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section class="card" aria-labelledby="details-title">
            <h2 id="details-title">Details</h2>
            <dl class="facts">
              {listing.launched_at && (
                <>
                  <dt>Launched</dt>
                  <dd>
                    {listing.launch_week
                      ? (
                        <a href={`/launches/${listing.launch_week}`}>
                          {formatDate(listing.launched_at)}
                        </a>
                      )
                      : formatDate(listing.launched_at)}
                  </dd>
                </>
              )}
              {(listing.city || listing.country) && (
                <>
                  <dt>Based in</dt>
                  <dd>{[listing.city, listing.country].filter(Boolean).join(", ")}</dd>
                </>
              )}
              {listing.founded_year && (
                <>
                  <dt>Founded</dt>
                  <dd>{listing.founded_year}</dd>
                </>
              )}
              {listing.contact_email && (
                <>
                  <dt>Contact</dt>
                  <dd>
                    <a href={`mailto:${listing.contact_email}`}>{listing.contact_email}</a>
                  </dd>
                </>
              )}
            </dl>
            {listing.tags.length > 0 && (
              <p class="chips">
                {listing.tags.map((t) => <span key={t} class="chip chip-muted">#{t}</span>)}
              </p>
            )}
          </section>

          {(socials.length > 0 || listing.links.length > 0) && (
            <section class="card" aria-labelledby="links-title">
              <h2 id="links-title">Links</h2>
              <ul class="link-list">
                {socials.map(([key, url]) => (
                  <li key={key}>
                    <ExternalLink href={url!} rel={rel}>
                      {SOCIAL_LABELS[key] ?? humanize(key)}
                    </ExternalLink>
                  </li>
                ))}
                {listing.links.filter((l) =>
                  safeUrl(l.url)
                ).map((l) => (
                  <li key={l.url}>
                    <ExternalLink href={l.url} rel={rel}>{l.label}</ExternalLink>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {listing.not_found_on_website.length > 0 && (
            <section class="card" aria-labelledby="notfound-title">
              <h2 id="notfound-title">Not stated on the company's website</h2>
              <p class="muted small">
                We only publish facts the company's own website states. These were not found:
              </p>
              <ul class="plain-list">
                {listing.not_found_on_website.map((field) => (
                  <li key={field}>{humanize(field)}</li>
                ))}
              </ul>
            </section>
          )}

          {listing.status === "live" && (
            <p class="side-note">
              <a href={`/compare?a=${encodeURIComponent(listing.slug)}`}>
                Compare {listing.name} with another product →
              </a>
            </p>
          )}
        </aside>
      </div>
    </article>
  );
}
