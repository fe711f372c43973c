/** Previous / next links for a paginated list. */

interface PaginationProps {
  page: number;
  totalPages: number;
  /** Builds the URL of a page. */
  href: (page: number) => string;
}

/** Renders nothing when everything fits on one page. */
export default function Pagination({ page, totalPages, href }: PaginationProps) {
  if (totalPages <= 1 && page <= 1) return null;
  return (
    <nav class="pagination" aria-label="Pages">
      {page > 1
        ? <a class="button button-ghost" href={href(page - 1)} rel="prev">← Previous</a>
        : <span />}
      <span class="muted">
        Page {page} of {Math.max(totalPages, 1)}
      </span>
      {page < totalPages
        ? <a class="button button-ghost" href={href(page + 1)} rel="next">Next →</a>
        : <span />}
    </nav>
  );
}
