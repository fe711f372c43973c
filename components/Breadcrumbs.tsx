/**
 * The trail from the home page to the current page, and its BreadcrumbList (JSON-LD) built from
 * the same steps: the one source of a page's breadcrumbs for visitors and for search engines.
 */
import { useContext } from "preact/hooks";
import JsonLd, { breadcrumbList, PageUrl } from "./JsonLd.tsx";

/** One step of the trail: a link, or (the last) the current page's name. */
export interface Crumb {
  label: string;
  href?: string;
}

/**
 * The BreadcrumbList of a trail shown on the page at `pageUrl`: each link resolved as a browser
 * resolves it, the last step (the page itself) with the page's own URL.
 */
export function trailJsonLd(steps: Crumb[], pageUrl: string) {
  return breadcrumbList(steps.map((step, i) => ({
    name: step.label,
    url: i === steps.length - 1 ? pageUrl : new URL(step.href ?? "", pageUrl).href,
  })));
}

/**
 * `Home / Founders / Ada`: every step but the last is a link; the last is the current page. Its
 * JSON-LD follows when the page has a URL (every page rendered by renderPage).
 */
export default function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const steps: Crumb[] = [{ label: "Home", href: "/" }, ...trail];
  const pageUrl = useContext(PageUrl);
  return (
    <>
      <nav class="breadcrumbs" aria-label="Breadcrumbs">
        {steps.map((step, i) => {
          const last = i === steps.length - 1;
          return (
            <span key={`${i}-${step.label}`}>
              {i > 0 && " / "}
              {last || !step.href
                ? <span aria-current={last ? "page" : undefined}>{step.label}</span>
                : <a href={step.href}>{step.label}</a>}
            </span>
          );
        })}
      </nav>
      {pageUrl && <JsonLd data={trailJsonLd(steps, pageUrl)} />}
    </>
  );
}
