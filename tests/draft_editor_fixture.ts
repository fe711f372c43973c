/**
 * A ready draft of the fixture's founder, drafted by the real drafter from stored website pages
 * (as the draft job leaves it after its crawl), so that its values carry evidence quotes and
 * regenerate and restore have something to go back to. Written straight to KV, like
 * tests/draft_fixture.ts, without crawling a site.
 */
import { createDraft, getDraftEntry, putDraftPages } from "../kv/drafts.ts";
import { getOrCreateUser } from "../kv/users.ts";
import type { Draft } from "../kv/types.ts";
import { runDraftJob } from "../services/drafting/draft_jobs.ts";
import { newDraft } from "../services/drafting/drafts.ts";
import type { EvidencePage } from "../services/drafting/evidence.ts";
import { extractPage } from "../services/drafting/extract.ts";
import type { Deps } from "../services/platform/deps.ts";

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title><meta name="description" content="Acmeflow turns invoices into payments in one click."></head><body>${body}<footer>© 2015-2026 Acmeflow GmbH</footer></body></html>`;

/** The product's website: home, about and pricing pages. */
const SITE: Record<string, [string, string]> = {
  "/": [
    "home",
    page(
      "Acmeflow | Invoices that pay themselves",
      `<h1>Invoices that pay themselves</h1>
       <p>Acmeflow turns invoices into payments in one click. Freelancers and agencies send invoices, reminders go out on their own, and payments land in your bank.</p>
       <h2>Features</h2><ul><li>Recurring invoices</li><li>Automatic payment reminders</li><li>Multi-currency invoicing</li></ul>
       <a href="/about">About</a> <a href="/pricing">Pricing</a>
       <a href="https://x.com/acmeflow">X</a> <a href="https://github.com/acmeflow">GitHub</a>
       <a href="mailto:hello@acmeflow.example">hello@acmeflow.example</a>`,
    ),
  ],
  "/about": [
    "about",
    page(
      "About Acmeflow",
      `<h1>About us</h1><p>Acmeflow was founded in 2021 in Berlin, Germany.</p>
       <p>Ada Weber, Founder and CEO, started Acmeflow after chasing late payments for years.</p>`,
    ),
  ],
  "/pricing": [
    "pricing",
    page(
      "Pricing",
      `<h1>Pricing</h1><div class="pricing"><div class="plan"><h3>Free</h3><p>$0 per month</p><p>Up to 5 invoices a month</p></div>
       <div class="plan"><h3>Pro</h3><p>$12 per month</p><p>Unlimited invoices</p></div></div>
       <h2>FAQ</h2><details><summary>Is there a free plan?</summary><p>Yes, the Free plan covers up to 5 invoices a month.</p></details>`,
    ),
  ],
};

/** The website's origin in the drafted evidence. */
export const SITE_ORIGIN = "https://acmeflow.example";

/** A ready draft of `email`'s account, drafted from the site's pages with quotes from them. */
export async function draftedDraft(deps: Deps, email: string): Promise<Draft> {
  const user = await getOrCreateUser(deps.kv, email, "Ada", deps.now());
  const draft = newDraft(user.id, `${SITE_ORIGIN}/`, deps.now());
  const fetched = deps.now().toISOString();
  const pages: EvidencePage[] = await Promise.all(
    Object.entries(SITE).map(async ([path, [kind, html]]) => ({
      url: `${SITE_ORIGIN}${path}`,
      fetched_at: fetched,
      status: 200,
      kind,
      ...(await extractPage(html, `${SITE_ORIGIN}${path}`)),
    })),
  );
  draft.status = "drafting";
  draft.crawl = {
    pages: pages.map(({ url, kind, title, fetched_at, status }) => ({
      url,
      kind,
      title,
      fetched_at,
      status,
    })),
    disallowed: [],
    failed: [],
    error: null,
    crawl_delay_s: 0,
  };
  await createDraft(deps.kv, draft);
  await putDraftPages(deps.kv, draft.id, "site", pages);
  await runDraftJob(deps, draft.id);
  const ready = (await getDraftEntry(deps.kv, draft.id)).value!;
  if (ready.status !== "ready") throw new Error(`The draft is ${ready.status}, not ready`);
  return ready;
}
