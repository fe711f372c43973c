/**
 * SVG to PNG with resvg (WebAssembly) and the DejaVu Sans fonts, both shipped by npm packages and
 * read as bytes. Imported on first use only (og_image.ts loads it with loadOnce).
 */
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import wasm from "@resvg/resvg-wasm/index_bg.wasm" with { type: "bytes" };
import regular from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf" with { type: "bytes" };
import bold from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf" with { type: "bytes" };

await initWasm(wasm);

/** The PNG of an SVG document, at the SVG's own size. */
export function svgToPng(svg: string): Uint8Array<ArrayBuffer> {
  const resvg = new Resvg(svg, {
    font: {
      fontBuffers: [regular, bold],
      defaultFontFamily: "DejaVu Sans",
      loadSystemFonts: false,
    },
  });
  const image = resvg.render();
  const png = image.asPng();
  image.free();
  resvg.free();
  return png as Uint8Array<ArrayBuffer>;
}
