import { useEffect } from 'react';

/** Performance mark of the first promotion or lottery content on screen (a frame timing). */
export const FIRST_CONTENT_MARK = 'promo-frame:first-content';

/** Marks the first content once per page load; later content is not "first". */
function markFirstContent(): void {
  if (typeof performance === 'undefined' || performance.getEntriesByName(FIRST_CONTENT_MARK).length > 0) return;
  performance.mark(FIRST_CONTENT_MARK);
}

/** Marks the first content when `shown` turns true (after the commit, so it is on screen). */
export function useFirstContentMark(shown: boolean): void {
  useEffect(() => {
    if (shown) markFirstContent();
  }, [shown]);
}
