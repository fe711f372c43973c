/**
 * `/link-policy`: how the directory links to the products it lists: which links are sponsored,
 * which are followed and which are nofollow, and why. The rel values come from the one function
 * that decides them (services/directory outbound_links.ts).
 */
import { OUTBOUND_RELS } from "../../services/directory/mod.ts";
import { type PageHandler, renderPage } from "./_page.tsx";

export const handler: PageHandler = (ctx) =>
  renderPage(ctx, {
    title: "How we link to products",
    description:
      "Which links to listed products are sponsored, which are followed and which are nofollow, and why.",
    path: "/link-policy",
  }, <LinkPolicyPage />);

/** The rule, kind by kind. */
export default function LinkPolicyPage() {
  return (
    <>
      <header class="page-header">
        <h1>How we link to products</h1>
        <p class="lead">
          Every link from a listing to the product's own sites (its website, social profiles, links
          and media) says truthfully what kind of link it is, as search engines' link rules ask.
          Each listing page names its kind under the website button.
        </p>
      </header>
      <div class="rules card">
        <h2 id="sponsored">Sponsored links</h2>
        <p>
          When money placed a listing here, its links carry{" "}
          <code>rel="{OUTBOUND_RELS.sponsored}"</code>: a paid launch, a Featured period that is
          running, or any contribution to the <a href="/leaderboards/billboard">billboard</a>{" "}
          (a paid ranking, always labelled). Paid comes first: a paid listing that also won an award
          keeps sponsored links.
        </p>
        <h2 id="earned">Followed links</h2>
        <p>
          A listing that paid for nothing here gets plain, followed links (
          <code>rel="{OUTBOUND_RELS.earned}"</code>) once it has earned them:
        </p>
        <ul>
          <li>
            it won a <a href="/awards">Launch of the Week award</a>{" "}
            (#1 to #3, decided by community votes as the{" "}
            <a href="/rules#launch-of-the-week">ranking rules</a> say), or
          </li>
          <li>
            our badge check found the directory's badge on its website (checked again every hour;
            when the badge goes, the link goes back to nofollow).
          </li>
        </ul>
        <h2 id="plain">Nofollow links</h2>
        <p>
          Every other listing's links carry{" "}
          <code>rel="{OUTBOUND_RELS.plain}"</code>: the listing was submitted by its makers and we
          have not vouched for it yet.
        </p>
        <h2 id="clicks">Counted clicks</h2>
        <p>
          The website button goes through{" "}
          <code>/go/&lt;listing&gt;</code>, which counts the click (once per visitor per day, from a
          hash of the address and browser, never the address itself) for the founders' figures, then
          sends you on to the website. That address is kept out of search engines.
        </p>
      </div>
    </>
  );
}
