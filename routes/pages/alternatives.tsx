/**
 * `/listings/:slug/alternatives`: a listing's alternatives as get_alternatives ranks them
 * (approved by its owner first, then the most voted of its primary category), then the live
 * listings sharing most of its tags; each with a link to compare it with the listing.
 */
import {
  categoryNames,
  getAlternatives,
  getPublicListing,
  listingsSharingTags,
  tagPath,
} from "../../services/directory/mod.ts";
import Breadcrumbs from "../../components/Breadcrumbs.tsx";
import ListingRow from "../../components/ListingRow.tsx";
import { AlternativeRows, CompareLink } from "../../components/listing/Alternatives.tsx";
import type { ComponentChildren } from "preact";
import { type PageHandler, renderPage } from "./_page.tsx";

/** How many listings sharing tags are shown. */
const SHARED_LIMIT = 20;

type Listing = Awaited<ReturnType<typeof getPublicListing>>;
type AlternativeList = Awaited<ReturnType<typeof getAlternatives>>;
type Sharing = Awaited<ReturnType<typeof listingsSharingTags>>;

export const handler: PageHandler = async (ctx) => {
  const slug = ctx.c.req.param("slug") ?? "";
  const listing = await getPublicListing(ctx.deps, slug);
  const alternatives = await getAlternatives(ctx.deps, listing.slug);
  const [sharing, names] = await Promise.all([
    listingsSharingTags(ctx.deps, listing.slug, {
      exclude: alternatives.items.map((a) => a.listing.slug),
      limit: SHARED_LIMIT,
    }),
    categoryNames(ctx.deps),
  ]);
  return renderPage(
    ctx,
    {
      title: `Alternatives to ${listing.name}`,
      description: `Products like ${listing.name}: ${listing.tagline}`,
      path: `/listings/${listing.slug}/alternatives`,
    },
    <AlternativesPage
      listing={listing}
      alternatives={alternatives}
      sharing={sharing}
      names={names}
    />,
  );
};

function TagChips({ tags }: { tags: string[] }) {
  return (
    <>
      {tags.map((t) => <a key={t} class="chip chip-muted" href={tagPath(t)}>#{t}</a>)}
    </>
  );
}

function Group(
  { id, title, note, children }: {
    id: string;
    title: string;
    note: string;
    children: ComponentChildren;
  },
) {
  return (
    <section class="card" aria-labelledby={id}>
      <header class="card-header">
        <h2 id={id}>{title}</h2>
        <p class="card-note">{note}</p>
      </header>
      {children}
    </section>
  );
}

interface AlternativesPageProps {
  listing: Listing;
  alternatives: AlternativeList;
  sharing: Sharing;
  names: Record<string, string>;
}

/** The alternatives page. */
export default function AlternativesPage(
  { listing, alternatives, sharing, names }: AlternativesPageProps,
) {
  const listingPath = `/listings/${encodeURIComponent(listing.slug)}`;
  const category = listing.categories.primary;
  return (
    <>
      <Breadcrumbs
        trail={[{ label: listing.name, href: listingPath }, { label: "Alternatives" }]}
      />
      <header class="page-header">
        <h1>Alternatives to {listing.name}</h1>
        <p class="lead">{listing.tagline}</p>
        <p class="muted">
          Also see <a href={`/categories/${encodeURIComponent(category.slug)}`}>{category.name}</a>
          {sharing.listing.tags.length > 0 && (
            <>
              {" "}and <TagChips tags={sharing.listing.tags} />
            </>
          )}
          {listing.status === "live" && (
            <>
              {" · "}
              <a href={`/compare?a=${encodeURIComponent(listing.slug)}`}>
                Compare {listing.name} with any product
              </a>
            </>
          )}
        </p>
      </header>
      <Group
        id="alternatives-title"
        title={`Products like ${listing.name}`}
        note="Chosen by its team first, then the most voted in its category"
      >
        {alternatives.items.length === 0
          ? <p class="empty">No alternatives in its category yet.</p>
          : <AlternativeRows listing={listing} alternatives={alternatives} names={names} />}
      </Group>
      <Group
        id="shared-tags-title"
        title="Sharing its tags"
        note="Most tags in common first, then most voted"
      >
        {sharing.items.length === 0
          ? <p class="empty">No other product shares its tags yet.</p>
          : (
            <ol class="rows">
              {sharing.items.map(({ listing: other, tags }) => (
                <ListingRow
                  key={other.slug}
                  listing={other}
                  categoryNames={names}
                  extra={
                    <>
                      <TagChips tags={tags} /> <CompareLink listing={listing} other={other} />
                    </>
                  }
                />
              ))}
            </ol>
          )}
      </Group>
      <p class="muted">
        <a href={listingPath}>Back to {listing.name}</a>
      </p>
    </>
  );
}
