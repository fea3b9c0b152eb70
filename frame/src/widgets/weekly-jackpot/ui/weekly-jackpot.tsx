import type { JackpotDraw } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { weeklyJackpotQuery } from '../../../entities/lucky-day/index.ts';
import { usePrizeLabel } from '../../../entities/promotion/index.ts';
import { usePlayerCurrency } from '../../../entities/user/index.ts';
import { DATE_FORMATS, formatMoney, useZonedFormat } from '../../../shared/lib/format/index.ts';
import { useGlobalStore, useReaderId } from '../../../shared/model/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { type ActionProps, MechanicSection } from '../../../shared/ui/mechanic/index.ts';
import section from '../../../shared/ui/mechanic/mechanic.module.css';
import styles from './weekly-jackpot.module.css';

/**
 * The weekly jackpot: this week's amount as it grows with the qualifying bets, the countdown to
 * Sunday's draw, the tickets in it (the player's own), and the last drawn weeks with their winners
 * and the seed that anyone can check against the hash published before the draw. On a console
 * preview page (`preview`: its link's token) the previewed version's jackpot as a visitor sees it.
 */
export function WeeklyJackpot({
  promotionId,
  preview,
  renderCountdown,
}: Pick<ActionProps, 'promotionId' | 'renderCountdown'> & { preview?: string }) {
  const { t } = useTranslation();
  const userId = useReaderId(preview);
  const language = useGlobalStore((s) => s.currentLanguage);
  const currency = usePlayerCurrency();
  const formatDate = useZonedFormat();
  const { data, isError, refetch } = useQuery(weeklyJackpotQuery(promotionId, userId, currency, preview));
  const [open, ...past] = data?.draws ?? [];
  return (
    <MechanicSection id="jackpot" title={t('jackpot_title')}>
      {isError && <LoadFailed message={t('jackpot_load_failed')} onRetry={() => void refetch()} />}
      {open && (
        <>
          <p className={styles.amount} data-testid="jackpot-amount">
            {formatMoney(open.jackpot.amount, open.jackpot.currencyCode, language)}
          </p>
          {renderCountdown(open.drawAt * 1000, () => void refetch())}
          <dl className={section.facts}>
            <div>
              <dt>{t('jackpot_tickets')}</dt>
              <dd data-testid="jackpot-tickets">{open.tickets}</dd>
            </div>
            {open.mine !== null && (
              <div>
                <dt>{t('jackpot_mine')}</dt>
                <dd data-testid="jackpot-mine">{open.mine}</dd>
              </div>
            )}
          </dl>
          <p className={section.note}>{t(userId === null ? 'jackpot_sign_in' : 'jackpot_how')}</p>
          <Proof draw={open} />
        </>
      )}
      {past.length > 0 && (
        <>
          <h3 className={styles.subtitle}>{t('jackpot_past')}</h3>
          <ol className={styles.draws} data-testid="jackpot-past">
            {past.map((draw) => (
              <PastDraw
                key={draw.drawAt}
                draw={draw}
                date={formatDate(draw.drawAt * 1000, DATE_FORMATS.dayMonthTime)}
              />
            ))}
          </ol>
        </>
      )}
    </MechanicSection>
  );
}

function PastDraw({ draw, date }: { draw: JackpotDraw; date: string }) {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const prizeLabel = usePrizeLabel();
  const [winner] = draw.winners;
  return (
    <li className={styles.draw}>
      <p className={styles.drawHead}>
        <span>{date}</span>
        <strong>{formatMoney(draw.jackpot.amount, draw.jackpot.currencyCode, language)}</strong>
      </p>
      <p>
        {winner
          ? t(winner.isMe ? 'jackpot_won_by_you' : 'jackpot_won_by', { name: winner.name, count: draw.tickets })
          : t('jackpot_no_tickets')}
      </p>
      {draw.myPlace !== null && (
        <p className={styles.mine} data-testid="jackpot-my-place">
          {t('jackpot_your_place', {
            place: draw.myPlace,
            prize: prizeLabel(
              draw.winners.find((row) => row.isMe)?.prize ?? { kind: 'none', amount: '0', currencyCode: '' },
            ),
          })}
        </p>
      )}
      {draw.winners.length > 1 && (
        <details>
          <summary>{t('jackpot_winners')}</summary>
          <ol className={styles.winners}>
            {draw.winners.map((row) => (
              <li key={row.place} data-me={row.isMe || undefined}>
                {row.place}. {row.name} · {prizeLabel(row.prize)}
              </li>
            ))}
          </ol>
        </details>
      )}
      <Proof draw={draw} />
    </li>
  );
}

/** The draw's seed hash, published before it, and once drawn the seed itself. */
function Proof({ draw }: { draw: JackpotDraw }) {
  const { t } = useTranslation();
  return (
    <details className={styles.proof}>
      <summary>{t('jackpot_check')}</summary>
      <dl className={section.proof}>
        <dt>{t('jackpot_seed_hash')}</dt>
        <dd>
          <code>{draw.seedHash}</code>
        </dd>
        {draw.seed && (
          <>
            <dt>{t('jackpot_seed')}</dt>
            <dd>
              <code>{draw.seed}</code>
            </dd>
          </>
        )}
      </dl>
    </details>
  );
}
