/** The embeddable widget (`/trophies/{slug}/embed`): a whole small HTML document for an iframe. */
import { renderToString } from "preact-render-to-string";
import type { TrophyCabinetView } from "../../services/directory/mod.ts";
import TrophyList, { TROPHY_CABINET_CSS } from "./TrophyList.tsx";

/** The widget document; links open in a new tab, outside the frame. */
export function renderTrophyEmbed(cabinet: TrophyCabinetView): string {
  return "<!DOCTYPE html>" + renderToString(
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${cabinet.listing.name} trophies`}</title>
        <style
          dangerouslySetInnerHTML={{ __html: `body{margin:0}\n${TROPHY_CABINET_CSS}` }}
        />
      </head>
      <body>
        <TrophyList cabinet={cabinet} linkTarget="_blank" />
      </body>
    </html>,
  );
}
