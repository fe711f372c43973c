/**
 * `/trophies/:slug`: a listing's trophy cabinet page (bought with the trophy_cabinet product), and
 * `/trophies/:slug/embed`: its widget for an iframe on other websites (the app lets only this
 * path be framed). Both 404 when the listing has no cabinet or its page is not public.
 */
import { getTrophyCabinet, trophyCabinetPath } from "../../services/directory/mod.ts";
import TrophyCabinetPage from "../../components/trophies/TrophyCabinetPage.tsx";
import { renderTrophyEmbed } from "../../components/trophies/TrophyEmbed.tsx";
import { type PageHandler, renderPage } from "./_page.tsx";

/** The widget holds nothing personal: other sites' visitors may get a copy up to 5 minutes old. */
const EMBED_CACHE_CONTROL = "public, max-age=300";

/** The cabinet page. */
export const handler: PageHandler = async (ctx) => {
  const cabinet = await getTrophyCabinet(ctx.deps, ctx.c.req.param("slug") ?? "");
  return renderPage(ctx, {
    title: cabinet.headline ?? `${cabinet.listing.name} trophy cabinet`,
    description: `${cabinet.listing.name}'s Launch of the Week awards.`,
    path: trophyCabinetPath(cabinet.listing.slug),
    section: "launches",
  }, <TrophyCabinetPage cabinet={cabinet} />);
};

/** The embeddable widget: a small document of its own, without the site's layout. */
export const embedHandler: PageHandler = async ({ c, deps }) => {
  const cabinet = await getTrophyCabinet(deps, c.req.param("slug") ?? "");
  return c.html(renderTrophyEmbed(cabinet), 200, { "Cache-Control": EMBED_CACHE_CONTROL });
};
