import type { TicketLine } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import styles from './balls.module.css';

/**
 * A line of numbers as lottery balls, bonus numbers in their own colour; numbers also in
 * `matched` (a draw's result) are marked as hits.
 */
export function Balls({
  line,
  matched,
  size = 'md',
}: {
  line: TicketLine;
  matched?: TicketLine | null;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const hit = (pool: 'main' | 'bonus', n: number) => matched?.[pool].includes(n) ?? false;
  const label = [line.main.join(' '), line.bonus.length > 0 ? `+ ${line.bonus.join(' ')}` : ''].join(' ').trim();
  return (
    <ul className={styles.balls} data-size={size} aria-label={t('lotto_numbers', { numbers: label })}>
      {line.main.map((n) => (
        <li key={`m${n}`} className={styles.ball} data-hit={hit('main', n) || undefined} aria-hidden="true">
          {n}
        </li>
      ))}
      {line.bonus.map((n) => (
        <li key={`b${n}`} className={styles.ball} data-bonus data-hit={hit('bonus', n) || undefined} aria-hidden="true">
          {n}
        </li>
      ))}
    </ul>
  );
}
