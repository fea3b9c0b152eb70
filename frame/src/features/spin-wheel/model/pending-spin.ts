/**
 * A spin under way, remembered across a reload: when the page goes away while the wheel turns,
 * the next page knows to read the decided result back. Kept for a few minutes at most.
 */
const key = (promotionId: number, userId: number | null) => `promo-frame:wheel-pending:${promotionId}:${userId}`;

/** A marker older than this is forgotten: the player has long moved on. */
export const PENDING_SPIN_TTL_MS = 5 * 60_000;
/** The server's clock and the page's may differ a little. */
export const PENDING_SLACK_MS = 5_000;

export function rememberPendingSpin(promotionId: number, userId: number | null, now = Date.now()): void {
  try {
    localStorage.setItem(key(promotionId, userId), String(now));
  } catch {
    // Without storage a reload mid-spin shows the result in the history only.
  }
}

export function forgetPendingSpin(promotionId: number, userId: number | null): void {
  try {
    localStorage.removeItem(key(promotionId, userId));
  } catch {
    // Nothing was kept.
  }
}

/** When the unfinished spin was pressed, or null (none, or too old). */
export function pendingSpinSince(promotionId: number, userId: number | null, now = Date.now()): number | null {
  try {
    const since = Number(localStorage.getItem(key(promotionId, userId)));
    return Number.isFinite(since) && since > 0 && now - since < PENDING_SPIN_TTL_MS ? since : null;
  } catch {
    return null;
  }
}
