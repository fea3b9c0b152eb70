import { useTranslation } from 'react-i18next';
import { describeOffset, useTimezones } from '../../../entities/time-zone/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { FooterConfig } from './footer-config.tsx';

/** First strong isolate / pop: keeps "UTC+03:00" readable inside right-to-left text. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * Which time zone the page's dates are in (the host's timeZone, hours east of UTC), named with
 * cities from GetTimezones; the offset alone until the list arrives or when it cannot.
 */
export function TimeZoneNote({ className }: { className?: string }) {
  const { t } = useTranslation();
  const timeZone = useGlobalStore((s) => s.timeZone);
  const { data: zones } = useTimezones();
  // The config parts (licence, support, links) load with the note: one chunk after the first paint.
  // They come last, after the note's reserved lines: as each part arrives the footer grows
  // downwards and nothing already shown moves.
  return (
    <>
      <p className={className}>
        {t('footer_time_zone', { zone: isolate(describeOffset(Math.round(timeZone * 60), zones)) })}
      </p>
      <FooterConfig />
    </>
  );
}
