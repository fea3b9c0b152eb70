import type { Timezone } from '@promo/contract';

/** Zones offered to players; offsets are computed per request, so daylight saving is always right. */
const ZONES: ReadonlyArray<{ id: string; title: string }> = [
  { id: 'Pacific/Honolulu', title: 'Honolulu' },
  { id: 'America/Los_Angeles', title: 'Los Angeles' },
  { id: 'America/Denver', title: 'Denver' },
  { id: 'America/Chicago', title: 'Chicago' },
  { id: 'America/New_York', title: 'New York' },
  { id: 'America/Sao_Paulo', title: 'São Paulo' },
  { id: 'UTC', title: 'UTC' },
  { id: 'Europe/London', title: 'London' },
  { id: 'Europe/Berlin', title: 'Berlin' },
  { id: 'Europe/Kyiv', title: 'Kyiv' },
  { id: 'Europe/Istanbul', title: 'Istanbul' },
  { id: 'Europe/Moscow', title: 'Moscow' },
  { id: 'Asia/Riyadh', title: 'Riyadh' },
  { id: 'Asia/Dubai', title: 'Dubai' },
  { id: 'Asia/Tehran', title: 'Tehran' },
  { id: 'Asia/Tashkent', title: 'Tashkent' },
  { id: 'Asia/Kolkata', title: 'Kolkata' },
  { id: 'Asia/Dhaka', title: 'Dhaka' },
  { id: 'Asia/Bangkok', title: 'Bangkok' },
  { id: 'Asia/Shanghai', title: 'Shanghai' },
  { id: 'Asia/Seoul', title: 'Seoul' },
  { id: 'Asia/Tokyo', title: 'Tokyo' },
  { id: 'Australia/Sydney', title: 'Sydney' },
  { id: 'Pacific/Auckland', title: 'Auckland' },
];

/**
 * A formatter per zone, built once: building one costs far more than using it (24 of them took
 * 10 ms a request, and every server-rendered page with a footer asks for the list).
 */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const offsetFormat = (zone: string): Intl.DateTimeFormat => {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    // Bounded by the zones asked for: the list above, and the tests' own.
    if (offsetFormats.size < 1_000) offsetFormats.set(zone, format);
  }
  return format;
};

/** Minutes east of UTC of `zone` at `at`, from the runtime's time-zone database. */
export function offsetMinutes(zone: string, at: Date): number {
  const name =
    offsetFormat(zone)
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The zone list with offsets at `at`, west to east. */
export function listTimezones(at = new Date()): Timezone[] {
  return ZONES.map((zone) => ({ ...zone, offsetMinutes: offsetMinutes(zone.id, at) })).sort(
    (a, b) => a.offsetMinutes - b.offsetMinutes,
  );
}

/**
 * The zone list as it is this minute: offsets move only at daylight-saving switches, which fall
 * on whole minutes, and every server-rendered page with a footer asks for it.
 */
export function currentTimezones(): readonly Timezone[] {
  const minute = Math.floor(Date.now() / 60_000);
  if (listed?.minute !== minute) listed = { minute, zones: listTimezones(new Date(minute * 60_000)) };
  return listed.zones;
}
let listed: { minute: number; zones: readonly Timezone[] } | undefined;
