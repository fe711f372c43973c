/** Page envelopes of paginated answers. */

/** The envelope of every paginated answer. */
export interface Page<T> {
  items: T[];
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
  has_more: boolean;
}

/** Wraps one page of items with the totals. */
export function toPage<T>(
  items: T[],
  total: number,
  query: { page: number; per_page: number },
): Page<T> {
  return {
    items,
    page: query.page,
    per_page: query.per_page,
    total,
    total_pages: Math.ceil(total / query.per_page),
    has_more: query.page * query.per_page < total,
  };
}

/** Slices one page out of a full list. */
export function pageOf<T>(all: T[], query: { page: number; per_page: number }): Page<T> {
  const start = (query.page - 1) * query.per_page;
  return toPage(all.slice(start, start + query.per_page), all.length, query);
}
