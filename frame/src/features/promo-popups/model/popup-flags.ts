import { type PromoPopupFlag, popupFlagKey } from '@promo/contract';

/** Flags seen in this page's life, for a browser whose storage refuses writes (private modes). */
const seenHere = new Set<string>();

/** Whether a popup has been shown to this player (or visitor) in this browser. */
export function popupSeen(flag: PromoPopupFlag, userId: number | null): boolean {
  const key = popupFlagKey(flag, userId);
  if (seenHere.has(key)) return true;
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/** Marks a popup shown (when it opens: a reload never shows it a second time). */
export function markPopupSeen(flag: PromoPopupFlag, userId: number | null, now = Date.now()): void {
  const key = popupFlagKey(flag, userId);
  seenHere.add(key);
  try {
    localStorage.setItem(key, String(now));
  } catch {
    // Storage full or refused: this page still shows it once.
  }
}
