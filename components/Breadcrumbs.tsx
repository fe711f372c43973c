/** The trail from the home page to the current page. */

/** One step of the trail: a link, or (the last) the current page's name. */
export interface Crumb {
  label: string;
  href?: string;
}

/** `Home / Founders / Ada`: every step but the last is a link; the last is the current page. */
export default function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const steps: Crumb[] = [{ label: "Home", href: "/" }, ...trail];
  return (
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
  );
}
