import { UTCDateMini } from '@date-fns/utc/date/mini';
// Its own module, not the package's index: the server render imports the package as it is, and
// the index loads all of date-fns (~2.5 s on the first page a server renders; this one ~0.3 s).
import { format } from 'date-fns/format';
import { useCallback } from 'react';
import { useGlobalStore } from '../../model/index.ts';

/** Spec 9 date formats. */
export const DATE_FORMATS = {
  date: 'dd.MM.yyyy',
  dayMonthTime: 'dd.MM / HH:mm',
  dayMonth: 'dd.MM',
  time: 'HH:mm',
  timeSeconds: 'HH:mm:ss',
  minutesSeconds: 'mm:ss',
} as const;

/**
 * A moment in the host's time zone, in one of the spec's formats. The zone is a fixed offset, so
 * the wall-clock time is the UTC time moved by it; no Intl time zone is asked for (the first
 * Intl.DateTimeFormat of a page cost 25-90 ms of main thread here, on every page with a date).
 */
export function formatInZone(unixMs: number, pattern: string, offsetHours: number, is12h: 0 | 1 = 0): string {
  return format(new UTCDateMini(unixMs + Math.round(offsetHours * 60) * 60_000), is12h ? to12h(pattern) : pattern);
}

/** The same pattern on a 12-hour clock (spec 3 is12h): 13:05 becomes 1:05 PM; durations stay. */
export function to12h(pattern: string): string {
  return pattern.includes('HH') ? `${pattern.replace('HH', 'h')} a` : pattern;
}

/** formatInZone with the host's time zone and clock (global state), for components. */
export function useZonedFormat(): (unixMs: number, pattern: string) => string {
  const timeZone = useGlobalStore((s) => s.timeZone);
  const is12h = useGlobalStore((s) => s.is12h);
  return useCallback((unixMs, pattern) => formatInZone(unixMs, pattern, timeZone, is12h), [timeZone, is12h]);
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds left; all zero once the moment has passed. */
export function countdownParts(remainingMs: number): CountdownParts {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
