/**
 * Times as operators see them: in the browser's time zone (a `datetime-local` input, a table cell),
 * with UTC a hover away; and as the API takes them: ISO with Z (schedules) or Unix seconds.
 */

/** The browser's time zone. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function zoneParts(ms: number, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', number> {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partsFormat.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds (to the minute). */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const { year, month, day, hour, minute } = zoneParts(ms, timeZone);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  return wall - Math.floor(ms / 60_000) * 60_000;
}

/** A `datetime-local` value (the zone's wall clock) as Unix milliseconds; null when malformed. */
export function localInputToMs(local: string, timeZone: string = browserTimeZone()): number | null {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const wall = Date.UTC(year as number, (month as number) - 1, day, hour, minute);
  // The offset at the guess, then at the instant it gives (a change of offset between the two).
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Unix milliseconds as a `datetime-local` value in the zone. */
export function msToLocalInput(ms: number, timeZone: string = browserTimeZone()): string {
  const { year, month, day, hour, minute } = zoneParts(ms, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

/** An instant as the schedule writes it: ISO, UTC, to the second (`2026-03-01T09:00:00Z`). */
export const msToIsoZ = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A relative schedule time of the seed ('+5d', '-3h'), from now. */
const RELATIVE = /^([+-]\d{1,4})([dh])$/;

/** A schedule time (ISO with offset, or relative to now) as Unix milliseconds; null when unreadable. */
export function scheduleToMs(when: string, now: number = Date.now()): number | null {
  const relative = RELATIVE.exec(when);
  if (relative) {
    const amount = Number(relative[1]);
    return now + amount * (relative[2] === 'd' ? 86_400_000 : 3_600_000);
  }
  const ms = Date.parse(when);
  return Number.isNaN(ms) ? null : ms;
}

/** Whether a schedule time is written relative to the server's clock. */
export const isRelative = (when: string): boolean => RELATIVE.test(when);

/** A `date` input's value (YYYY-MM-DD) at the zone's midnight, as ISO with Z; `nextDay` for an end. */
export function dateInputToIso(date: string, nextDay = false, timeZone: string = browserTimeZone()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  let local = `${date}T00:00`;
  if (nextDay) {
    const next = new Date(`${date}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    local = `${next.toISOString().slice(0, 10)}T00:00`;
  }
  const ms = localInputToMs(local, timeZone);
  return ms === null ? null : msToIsoZ(ms);
}

/** UTC as the hover text shows it: `2026-03-01 09:00 UTC`. */
export const utcLabel = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A local date and time in the console's language (the browser's zone unless given). */
export function formatDateTime(ms: number, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(ms));
}
