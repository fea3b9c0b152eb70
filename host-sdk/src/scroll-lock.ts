/**
 * Holds the host page still while the frame shows a dialog (disableScroll). The page keeps its
 * scroll position: only overflow changes, and the values the host had are put back on release.
 */
export function createScrollLock(doc: Document) {
  let saved: { html: string; body: string } | null = null;
  return {
    set(disabled: boolean) {
      if (disabled && !saved) {
        saved = { html: doc.documentElement.style.overflow, body: doc.body.style.overflow };
        doc.documentElement.style.overflow = 'hidden';
        doc.body.style.overflow = 'hidden';
      } else if (!disabled && saved) {
        doc.documentElement.style.overflow = saved.html;
        doc.body.style.overflow = saved.body;
        saved = null;
      }
    },
    get locked() {
      return saved !== null;
    },
  };
}
