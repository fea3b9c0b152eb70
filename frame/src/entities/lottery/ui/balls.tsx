import type { TicketLine } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import styles from './balls.module.css';

/** A line as it is read out: "4 17 23 38 41 + 9". */
export const lineText = (line: TicketLine): string =>
  [line.main.join(' '), line.bonus.length > 0 ? `+ ${line.bonus.join(' ')}` : ''].join(' ').trim();

/**
 * A line of numbers as lottery balls, bonus numbers in their own colour; numbers also in
 * `matched` (a draw's result) are marked as hits. `shown` reveals only the first balls (a draw
 * being replayed): the others are empty places, and the label names only what is out.
 */
export function Balls({
  line,
  matched,
  size = 'md',
  shown,
}: {
  line: TicketLine;
  matched?: TicketLine | null;
  size?: 'sm' | 'md' | 'lg';
  shown?: number;
}) {
  const { t } = useTranslation();
  const hit = (pool: 'main' | 'bonus', n: number) => matched?.[pool].includes(n) ?? false;
  const out = shown ?? line.main.length + line.bonus.length;
  const main = line.main.slice(0, out);
  const bonus = line.bonus.slice(0, Math.max(0, out - line.main.length));
  const label = lineText({ main, bonus });
  const ball = (pool: 'main' | 'bonus', n: number, index: number) => {
    const isOut = index < out;
    return (
      <li
        key={`${pool}${n}`}
        className={styles.ball}
        data-bonus={pool === 'bonus' || undefined}
        data-hit={(isOut && hit(pool, n)) || undefined}
        data-pending={isOut ? undefined : ''}
        aria-hidden="true"
      >
        {isOut ? n : ''}
      </li>
    );
  };
  return (
    <ul className={styles.balls} data-size={size} aria-label={t('lotto_numbers', { numbers: label })}>
      {line.main.map((n, i) => ball('main', n, i))}
      {line.bonus.map((n, i) => ball('bonus', n, line.main.length + i))}
    </ul>
  );
}
