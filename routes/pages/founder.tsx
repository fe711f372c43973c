/**
 * `/founders/:slug`: a founder's bio, interview answers, socials, companies, published stories,
 * and the follow button with the follower count.
 */
import { categoryNames, getFounder } from "../../services/directory/mod.ts";
import Breadcrumbs from "../../components/Breadcrumbs.tsx";
import Avatar from "../../components/Avatar.tsx";
import { countryName } from "../../components/country.ts";
import ListingRow from "../../components/ListingRow.tsx";
import Paragraphs from "../../components/Paragraphs.tsx";
import SocialLinks, { linkableSocials } from "../../components/SocialLinks.tsx";
import StoryParts from "../../components/StoryParts.tsx";
import { safeUrl } from "../../components/format.ts";
import FollowBox, { type Following } from "../../components/FollowBox.tsx";
import { founderFollowing } from "../community/follows.tsx";
import { type PageHandler, renderPage } from "./_page.tsx";

type Founder = Awaited<ReturnType<typeof getFounder>>;

export const handler: PageHandler = async (ctx) => {
  const [founder, names] = await Promise.all([
    getFounder(ctx.deps, ctx.c.req.param("slug") ?? ""),
    categoryNames(ctx.deps),
  ]);
  const following = await founderFollowing(ctx.deps, ctx.c, founder);
  const companies = founder.companies.map((c) => c.name).join(", ");
  return renderPage(ctx, {
    title: companies ? `${founder.name}, founder of ${companies}` : founder.name,
    description: founder.bio || `${founder.name} on the directory.`,
    path: `/founders/${founder.slug}`,
    imageUrl: safeUrl(founder.avatar_url),
    ogType: "profile",
    section: "founders",
  }, <FounderPage founder={founder} names={names} following={following} />);
};

/** A founder's profile. */
export default function FounderPage(
  { founder, names, following }: {
    founder: Founder;
    names: Record<string, string>;
    /** The person's follow button (their own state, read per request). */
    following?: Following;
  },
) {
  const socials = linkableSocials(founder.socials);
  return (
    <article class="founder">
      <Breadcrumbs trail={[{ label: "Founders", href: "/founders" }, { label: founder.name }]} />
      <header class="profile-header">
        <Avatar name={founder.name} imageUrl={founder.avatar_url} size="l" />
        <div class="profile-title">
          <h1>{founder.name}</h1>
          {founder.country && <p class="muted">Based in {countryName(founder.country)}</p>}
          {socials.length > 0 && (
            <ul class="inline-links">
              <SocialLinks socials={socials} rel="noopener ugc nofollow" />
            </ul>
          )}
        </div>
      </header>
      <div class="profile-grid">
        <div class="profile-main">
          {founder.bio && (
            <section class="card" aria-labelledby="bio-title">
              <h2 id="bio-title">About</h2>
              <Paragraphs text={founder.bio} />
            </section>
          )}
          {founder.interview.length > 0 && (
            <section class="card" aria-labelledby="interview-title" id="interview">
              <h2 id="interview-title">Interview</h2>
              {founder.interview.map((a) => (
                <section key={a.question_id} data-question-id={a.question_id}>
                  <h3>{a.question}</h3>
                  <Paragraphs text={a.answer} />
                </section>
              ))}
            </section>
          )}
          {founder.stories.map((s) => (
            <section key={s.listing.slug} class="card" aria-labelledby={`story-${s.listing.slug}`}>
              <h2 id={`story-${s.listing.slug}`}>
                {s.title || `The story of ${s.listing.name}`}
              </h2>
              <p class="muted">
                About <a href={`/listings/${s.listing.slug}`}>{s.listing.name}</a>
              </p>
              <StoryParts story={s} person="I" />
            </section>
          ))}
        </div>
        <aside class="profile-side" aria-labelledby="companies-title">
          {following && <FollowBox following={following} />}
          <section class="card">
            <h2 id="companies-title">Companies</h2>
            {founder.companies.length === 0
              ? <p class="muted">No public listings yet.</p>
              : (
                <ul class="rows rows-compact">
                  {founder.companies.map((l) => (
                    <ListingRow key={l.slug} listing={l} categoryNames={names} />
                  ))}
                </ul>
              )}
          </section>
        </aside>
      </div>
    </article>
  );
}
