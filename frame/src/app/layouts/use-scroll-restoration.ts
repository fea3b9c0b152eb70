import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { SCROLL_DEBOUNCE_MS } from '../../shared/config/index.ts';
import { debounce, randomKey } from '../../shared/lib/browser/index.ts';

const STORAGE_KEY = 'promo-frame:scroll';
/** History entries remembered: the oldest are forgotten first. */
const KEPT = 50;

type Positions = Record<string, number>;

function readPositions(): Positions {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

/**
 * The document's first history entry has no key of its own (react-router calls each such entry
 * 'default', in every document the tab loads): it gets one for this document.
 */
const FIRST_ENTRY = `first-${randomKey()}`;
const entryKey = (key: string) => (key === 'default' ? FIRST_ENTRY : key);

function savePosition(key: string, top: number): void {
  const positions = readPositions();
  delete positions[key];
  positions[key] = top;
  const kept = Object.entries(positions).slice(-KEPT);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or refused: back and forward start at the top, as before.
  }
}

/**
 * Spec 2: a new page starts at the top. Back and forward return where the player was on that page:
 * the scroll handler, debounced 500 ms (spec 9), keeps each history entry's position in
 * sessionStorage, so it also outlives a reload (except the document's first entry's, which has no key
 * that outlives its document). A frame the host sizes to its content never scrolls
 * itself, and has nothing to keep.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const key = entryKey(location.key);
  const { pathname } = location;
  const navigationType = useNavigationType();
  const current = useRef(key);
  const shownPath = useRef<string | null>(null);
  const [save] = useState(() => debounce(savePosition, SCROLL_DEBOUNCE_MS));

  useEffect(() => {
    // The frame restores positions itself: the browser's own restoration scrolls on popstate,
    // before the frame knows the entry changed, and that scroll would be kept as the position of
    // the entry being left.
    const restoration = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    const onScroll = () => save(current.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      save.flush();
      history.scrollRestoration = restoration;
    };
  }, [save]);

  useEffect(() => {
    // The page left keeps where it was, even if the player moved on within the debounce.
    save.flush();
    current.current = key;
    const saved = navigationType === 'POP' ? readPositions()[key] : undefined;
    if (typeof saved === 'number') window.scrollTo(0, saved);
    // Another page (not a query of the same one, like a filter) starts at the top.
    else if (shownPath.current !== pathname) window.scrollTo(0, 0);
    shownPath.current = pathname;
  }, [key, pathname, navigationType, save]);
}
