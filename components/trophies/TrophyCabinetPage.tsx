/** The trophy cabinet page (`/trophies/{slug}`): the cabinet, the listing link and the embed code. */
import type { TrophyCabinetView } from "../../services/directory/mod.ts";
import TrophyList, { TROPHY_CABINET_CSS } from "./TrophyList.tsx";

/** Size of the widget's iframe in the embed code. */
export const EMBED_SIZE = { width: 360, height: 320 };

/** The iframe code that embeds a cabinet's widget on another website. */
export function embedSnippet(cabinet: TrophyCabinetView): string {
  const title = `${cabinet.listing.name} trophies`.replaceAll("&", "&amp;").replaceAll(
    '"',
    "&quot;",
  );
  return `<iframe src="${cabinet.embed_url}" title="${title}" width="${EMBED_SIZE.width}" ` +
    `height="${EMBED_SIZE.height}" style="border:0" loading="lazy"></iframe>`;
}

export default function TrophyCabinetPage({ cabinet }: { cabinet: TrophyCabinetView }) {
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: TROPHY_CABINET_CSS }} />
      <header class="page-header">
        <h1>{cabinet.listing.name}: trophy cabinet</h1>
        <p class="lead">
          {cabinet.listing.tagline}{" "}
          <a href={cabinet.listing.page_url}>See {cabinet.listing.name}'s listing</a>
        </p>
      </header>
      <TrophyList cabinet={cabinet} />
      <section class="card" aria-labelledby="embed-code">
        <h2 id="embed-code">Embed this cabinet</h2>
        <p>Copy this code into your website to show these trophies:</p>
        <pre class="embed-snippet"><code>{embedSnippet(cabinet)}</code></pre>
      </section>
    </>
  );
}
