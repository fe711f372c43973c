/**
 * `/bot`: the page the crawler's user agent names. Who the bot is, when it visits, what it reads
 * and never does, and how to opt out. Limits come from the crawler's and the fetcher's constants,
 * and the reasons to visit from the operations that are implemented.
 */
import { crawlLimits } from "../../services/drafting/mod.ts";
import {
  BOT_TOKEN,
  botUserAgent,
  DEFAULT_MAX_REDIRECTS,
  getSettings,
} from "../../services/platform/mod.ts";
import { formatNumber } from "../../components/format.ts";
import { IMPLEMENTED_OPERATION_IDS } from "../api/v1/mod.ts";
import { type PageHandler, renderPage } from "./_page.tsx";

/** The robots.txt lines that keep the bot off a whole site. */
export const OPT_OUT_LINES = `User-agent: ${BOT_TOKEN}\nDisallow: /`;

export const handler: PageHandler = async (ctx) => {
  const { name } = await getSettings(ctx.deps.kv);
  const limits = await crawlLimits();
  return renderPage(
    ctx,
    {
      title: `${BOT_TOKEN}: the crawler of ${name}`,
      description:
        `Who ${BOT_TOKEN} is, when it reads a website, what it reads and never does, and how to opt out with robots.txt.`,
    },
    (
      <BotPage
        siteName={name}
        userAgent={botUserAgent(ctx.deps.config.publicUrl)}
        contactEmail={ctx.deps.config.contactEmail}
        implemented={IMPLEMENTED_OPERATION_IDS}
        limits={limits}
      />
    ),
  );
};

interface BotPageProps {
  siteName: string;
  userAgent: string;
  contactEmail: string;
  /** Ids of the implemented operations: a reason to visit is listed once its operation exists. */
  implemented: ReadonlySet<string>;
  /** The crawler's bounds (`crawlLimits`). */
  limits: Awaited<ReturnType<typeof crawlLimits>>;
}

const megabytes = (bytes: number) => `${formatNumber(bytes / 1_000_000)} MB`;
const seconds = (ms: number) => `${formatNumber(ms / 1000)} seconds`;

/** The page about the crawler. */
export default function BotPage(
  { siteName, userAgent, contactEmail, implemented, limits }: BotPageProps,
) {
  return (
    <>
      <header class="page-header">
        <h1>{BOT_TOKEN}</h1>
        <p class="lead">
          {BOT_TOKEN} is the crawler of{" "}
          {siteName}. It reads a product's own website when a founder lists that product here, so
          that the listing is drafted from what the website itself says. It does not crawl the web.
        </p>
      </header>

      <section class="card docs-section" aria-labelledby="bot-identity">
        <h2 id="bot-identity">How it identifies itself</h2>
        <dl class="facts">
          <dt>User agent</dt>
          <dd>
            <code>{userAgent}</code>
          </dd>
          <dt>robots.txt token</dt>
          <dd>
            <code>{BOT_TOKEN}</code>: it obeys the group for this token, or else the <code>*</code>
            {" "}
            group.
          </dd>
        </dl>
      </section>

      <section class="card docs-section" aria-labelledby="bot-when">
        <h2 id="bot-when">When it visits</h2>
        <ul>
          <li>When a founder submits a website's address to list the product.</li>
          <li>
            When a founder names a competitor's website on a draft, to compare the two (a shorter
            visit).
          </li>
          {implemented.has("choose_free_listing") && (
            <li>
              To check that a listing on the free plan shows the badge of {siteName}{" "}
              on its homepage.
            </li>
          )}
          {implemented.has("verify_claim") && (
            <li>To check a claim of a listing: the proof its owner published on the website.</li>
          )}
        </ul>
        <p class="muted">
          Apps that sign in with OAuth may give the address of their own client metadata document;
          that one JSON document is fetched with the same user agent, with no redirects followed.
        </p>
      </section>

      <section class="card docs-section" aria-labelledby="bot-reads">
        <h2 id="bot-reads">What it reads</h2>
        <ul>
          <li>
            <code>robots.txt</code>{" "}
            first, and it obeys it: a page it disallows is never requested, nor a redirect to one.
            If <code>robots.txt</code>{" "}
            answers 401, 403, 429 or a server error, or cannot be read, the visit reads nothing
            more. Changes apply at the next visit.
          </li>
          <li>
            <code>Crawl-delay</code> is honoured between requests; without one, at most{" "}
            {limits.parallelFetches} pages are requested at a time.
          </li>
          <li>
            The homepage, the sitemap that <code>robots.txt</code> names (else{" "}
            <code>/sitemap.xml</code>), then the pages of the same site most likely to state facts
            about the product: about, pricing, features, FAQ, team and contact.
          </li>
          <li>
            At most {limits.maxPages} pages a visit, homepage included; at most{" "}
            {megabytes(limits.maxBytesPerPage)} a page and {megabytes(limits.maxTotalBytes)}{" "}
            a visit; {seconds(limits.pageTimeoutMs)} a page and {seconds(limits.timeBudgetMs)}{" "}
            a visit, waits included.
          </li>
          <li>
            At most {DEFAULT_MAX_REDIRECTS}{" "}
            redirects a page; after the homepage, no redirect or link to another site is followed.
            Only <code>GET</code> requests, over http or https, to public addresses.
          </li>
        </ul>
      </section>

      <section class="card docs-section" aria-labelledby="bot-never">
        <h2 id="bot-never">What it never does</h2>
        <ul>
          <li>It never fills in or sends forms, and never posts anything.</li>
          <li>It never signs in, and never uses passwords or addresses with credentials.</li>
          <li>It never runs the website's scripts; it reads the pages' HTML.</li>
          <li>
            It never invents anything: every drafted value quotes the website's own words, checked
            against the pages it read, and what the website does not say is left blank.
          </li>
        </ul>
      </section>

      <section class="card docs-section" aria-labelledby="bot-opt-out">
        <h2 id="bot-opt-out">How to opt out</h2>
        <p>To keep {BOT_TOKEN} off your whole site, add these lines to your robots.txt:</p>
        <pre class="code-block"><code>{OPT_OUT_LINES}</code></pre>
        <p>To keep it off part of the site, or to slow it down:</p>
        <pre class="code-block"><code>{`User-agent: ${BOT_TOKEN}\nDisallow: /private/\nCrawl-delay: 10`}</code></pre>
        <p>
          Questions about the bot: write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        </p>
      </section>
    </>
  );
}
