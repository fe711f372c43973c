/** Product sites about people and links, read with the real extractor as the crawler keeps them. */
import { extractPage } from "../services/drafting/extract.ts";
import type { DraftProposal, EvidencePage } from "../services/drafting/evidence.ts";
import { draftExtractive } from "../services/drafting/drafter_extractive.ts";
import { verifyProposal } from "../services/drafting/verifier.ts";

const NOW = "2026-11-18T12:00:00.000Z";

/** A page of the site with its header, navigation and footer (the company's own links). */
export function sitePage(brand: string, title: string, body: string, head = ""): string {
  const slug = brand.toLowerCase();
  return `<!doctype html><html><head><title>${title}</title>${head}</head><body>
    <header><a href="/"><img src="/logo.svg" alt="${brand} logo"> ${brand}</a>
      <nav><a href="/about">About</a> <a href="/team">Team</a> <a href="/pricing">Pricing</a></nav></header>
    <main>${body}</main>
    <footer><p>Follow ${brand}:</p>
      <a href="https://www.linkedin.com/company/${slug}">LinkedIn</a>
      <a href="https://x.com/${slug}hq">X</a> <a href="https://github.com/${slug}">GitHub</a>
      <p>© 2020-2026 ${brand} Ltd</p></footer></body></html>`;
}

/** Pages `[path, kind, html]` of a site at `origin`, each read with extractPage. */
export function readPages(
  origin: string,
  pages: [string, string, string][],
): Promise<EvidencePage[]> {
  return Promise.all(pages.map(async ([path, kind, source]) => {
    const url = origin + path;
    const e = await extractPage(source, url);
    return {
      url,
      fetched_at: NOW,
      status: 200,
      kind,
      title: e.title,
      text: e.text,
      facts: e.facts,
    };
  }));
}

/** Tidewell's pages as `[path, kind, html]`: see tidewellPages. */
export function tidewellSite(): [string, string, string][] {
  const home = sitePage(
    "Tidewell",
    "Tidewell | Support inbox for small teams",
    `<h1>The support inbox for small teams</h1>
     <p>Tidewell brings email, chat and social messages into one shared inbox.</p>
     <p><a href="https://github.com/tidewell/tidewell/releases/tag/v2.0">Read the v2.0 release notes</a>
        <a href="https://twitter.com/intent/tweet?text=Tidewell">Share on X</a>
        <a href="https://www.linkedin.com/sharing/share-offsite/?url=https://tidewell.example">Share on LinkedIn</a></p>
     <section class="testimonials"><blockquote><p>"Tidewell halved our response times."</p>
       <footer>Priya Shah, Founder of Globex <a href="https://x.com/priyashah">@priyashah</a></footer></blockquote></section>
     <section><h2>From the blog</h2>
       <article><h3>How Northwind scaled support</h3>
       <p>Northwind, founded by Carla Mendes, cut its response times in half with shared inboxes.</p></article></section>
     <p>Globex Labs, founded by Victor Hale, moved its support to Tidewell in a week.</p>`,
  );
  const team = sitePage(
    "Tidewell",
    "Our team | Tidewell",
    `<h1>Our team</h1>
     <div class="team">
       <div class="member"><img src="/ana.jpg" alt="Photo of Ana Silva"><h3>Ana Silva</h3>
         <p>Co-founder &amp; CEO</p>
         <p>Ana spent ten years at Stripe building payment systems.</p>
         <a href="https://www.linkedin.com/in/anasilva">LinkedIn</a> <a href="https://x.com/anasilva">X</a></div>
       <div class="member"><p><a href="https://www.linkedin.com/in/rui-costa">LinkedIn</a> Rui Costa, Co-founder &amp; CTO</p>
         <p><a href="https://github.com/ruicosta">GitHub</a> <a href="https://ruicosta.dev">ruicosta.dev</a></p></div>
       <div class="member"><h3>Mia Chen</h3><p>Head of Design</p>
         <a href="https://www.linkedin.com/in/miachen">LinkedIn</a></div>
       <div class="member"><h3>Sven Olsen</h3><p>Chief Operating Officer</p></div>
     </div>
     <h2>Advisors</h2>
     <div class="advisors">
       <div><h3>Tom Becker</h3><p>Advisor, former founder of Brightlane</p></div>
       <p>Jonas Berg, Founder of Quillo, advises us on pricing.</p>
     </div>`,
  );
  return [["/", "home", home], ["/team", "team", team]];
}

/** Tidewell: a home page with a release link, a share link, a testimonial and a blog teaser; a team page. */
export function tidewellPages(): Promise<EvidencePage[]> {
  return readPages("https://tidewell.example", tidewellSite());
}

/** A plain page: a navigation header, the body, a footer with no links. */
function plainPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
    <main>${body}</main><footer><p>© 2026</p></footer></body></html>`;
}

/**
 * A home page (and an about page when given) at `origin`, drafted by the extractive drafter and
 * verified; throws when a quote fails.
 */
export async function draftedSite(origin: string, title: string, body: string, about?: string) {
  const pages = await readPages(origin, [
    ["/", "home", plainPage(title, body)],
    ...(about
      ? [["/about", "about", plainPage(`About | ${title}`, about)] as [string, string, string]]
      : []),
  ]);
  const proposal = draftExtractive(pages, { categories: [], startUrl: `${origin}/` });
  const verified = verifyProposal(proposal, pages, { year: 2026 });
  if (verified.quotes.checked !== verified.quotes.verified) {
    throw new Error(`quotes failed: ${JSON.stringify(verified.dropped)}`);
  }
  return { pages, proposal, draft: verified.proposal, dropped: verified.dropped };
}

/** Each drafted founder's name and links by platform. */
export function foundersWithLinks(d: DraftProposal) {
  return d.founders.map((
    f,
  ) => [f.name, Object.fromEntries(Object.entries(f.links ?? {}).map(([k, v]) => [k, v?.value]))]);
}
