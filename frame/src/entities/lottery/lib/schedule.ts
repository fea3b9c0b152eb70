import type { Lottery } from '@promo/contract';
import { formatInZone } from '../../../shared/lib/format/index.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A Sunday at 00:00 UTC: the week the draw days are laid on. */
const REFERENCE_SUNDAY = Date.UTC(2026, 0, 4);

export interface DrawSchedule {
  /** The draw days in the player's zone and language, Monday first ("Monday, Wednesday and Saturday"). */
  days: string;
  /** Every day of the week. */
  daily: boolean;
  /** The draw time in the player's zone and clock. */
  time: string;
}

/**
 * When a lottery draws, as the player reads it: its UTC weekdays and time moved into the host's
 * time zone (a draw late on a UTC Monday may be a Tuesday there), named in the page's language.
 */
export function drawSchedule(lottery: Lottery, offsetHours: number, is12h: 0 | 1, language: string): DrawSchedule {
  const [hours = 0, minutes = 0] = lottery.drawTime.split(':').map(Number);
  const moments = lottery.drawDays.map((day) => REFERENCE_SUNDAY + day * DAY_MS + hours * HOUR_MS + minutes * 60_000);
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  const local = moments
    .map((moment) => new Date(moment + offsetHours * HOUR_MS))
    // Monday first: Sunday (0) sorts last.
    .sort((a, b) => ((a.getUTCDay() + 6) % 7) - ((b.getUTCDay() + 6) % 7))
    .map((date) => weekday.format(date));
  return {
    days: new Intl.ListFormat(language, { type: 'conjunction' }).format(local),
    daily: lottery.drawDays.length === 7,
    time: formatInZone(moments[0] ?? REFERENCE_SUNDAY, 'HH:mm', offsetHours, is12h),
  };
}
