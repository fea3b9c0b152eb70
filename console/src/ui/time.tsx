import { useTranslation } from 'react-i18next';
import { formatDateTime, utcLabel } from '../lib/time.ts';

/** A moment in the browser's time zone, in the console's language; UTC on hover. */
export function Time({ unix }: { unix: number }) {
  const { i18n } = useTranslation();
  const ms = unix * 1000;
  return (
    <time dateTime={new Date(ms).toISOString()} title={utcLabel(ms)}>
      {formatDateTime(ms, i18n.language)}
    </time>
  );
}
