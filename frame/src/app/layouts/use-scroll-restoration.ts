import { useEffect, useLayoutEffect, useRef, useState } from 'react';
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

/** How long a page shown again may take to settle (its lists arrive after it) around a kept position. */
const RESTORE_WITHIN_MS = 3000;
/** What the player does to scroll themselves: a restoration still watching gives way to it. */
const PLAYER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to a kept position, and again each time the page changes height while it settles: on
 * back, the position is set when the route changes, and the page may still be shorter than that
 * (its list loading) or be swapped in a moment later, which leaves the browser's clamp of the
 * position (590 px for 1105 on the home page). Watching ends when the player scrolls themselves or
 * RESTORE_WITHIN_MS pass. Returns what ends it early.
 */
function scrollWhenReachable(top: number): () => void {
  window.scrollTo(0, top);
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const resized = new ResizeObserver(() => {
    if (Math.abs(window.scrollY - top) >= 1) window.scrollTo(0, top);
  });
  const timer = setTimeout(() => stop(), RESTORE_WITHIN_MS);
  function stop() {
    resized.disconnect();
    clearTimeout(timer);
    for (const type of PLAYER_SCROLLS) window.removeEventListener(type, stop);
  }
  resized.observe(document.body);
  for (const type of PLAYER_SCROLLS) window.addEventListener(type, stop, { passive: true });
  return stop;
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

  // Before the new page paints: its first layout may clamp the scroll position of the page left (a
  // short page, or one still loading), and that scroll must count for the new entry, not the old.
  useLayoutEffect(() => {
    // The page left keeps where it was, even if the player moved on within the debounce.
    save.flush();
    current.current = key;
    const saved = navigationType === 'POP' ? readPositions()[key] : undefined;
    const shownBefore = shownPath.current;
    shownPath.current = pathname;
    if (typeof saved === 'number') return scrollWhenReachable(saved);
    // Another page (not a query of the same one, like a filter) starts at the top.
    if (shownBefore !== pathname) window.scrollTo(0, 0);
    return undefined;
  }, [key, pathname, navigationType, save]);
}
