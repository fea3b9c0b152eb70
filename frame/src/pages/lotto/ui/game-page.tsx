import {
  fromUsdAt,
  isLotteryCode,
  type LineError,
  LOTTERIES,
  lineErrors,
  MAX_LINES,
  type NumberPool,
  quickPick,
  type TicketKind,
  type TicketLine,
  ticketPriceUsd,
} from '@promo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { buyTicket, lottoAvailableQuery } from '../../../entities/lottery/index.ts';
import { balanceQueryKey, usePlayerCurrency } from '../../../entities/user/index.ts';
import { requestSignIn } from '../../../features/auth-prompt/index.ts';
import { userQueryKey } from '../../../shared/api/index.ts';
import { getHref } from '../../../shared/config/index.ts';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { DATE_FORMATS, formatMoney, useZonedFormat } from '../../../shared/lib/format/index.ts';
import { ActionError, useIdempotentMutation } from '../../../shared/lib/idempotent-mutation/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { Button, ButtonLink, buttonClass } from '../../../shared/ui/index.ts';
import { openMessage, useAskFirst } from '../../../shared/ui/modal-message/index.ts';
import styles from './lotto.module.css';

const emptyLine = (): TicketLine => ({ main: [], bonus: [] });

/** One pool's numbers as toggles; a full pool disables the numbers not picked. */
function NumberGrid({
  pool,
  picked,
  label,
  bonus,
  onToggle,
}: {
  pool: NumberPool;
  picked: number[];
  label: string;
  bonus?: boolean;
  onToggle: (n: number) => void;
}) {
  const full = picked.length >= pool.count;
  return (
    <fieldset className={styles.pool}>
      <legend className={styles.poolLegend}>{label}</legend>
      <div className={styles.grid} data-bonus={bonus || undefined}>
        {Array.from({ length: pool.max - pool.min + 1 }, (_, i) => pool.min + i).map((n) => {
          const on = picked.includes(n);
          return (
            <button
              key={n}
              type="button"
              className={styles.number}
              aria-pressed={on}
              disabled={!on && full}
              onClick={() => onToggle(n)}
            >
              {n}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** What a line's errors say to the player. */
function useErrorText() {
  const { t } = useTranslation();
  return (error: LineError) => {
    const pool = t(error.pool === 'main' ? 'lotto_pool_main' : 'lotto_pool_bonus');
    if (error.code === 'count') return t('lotto_error_count', { pool, expected: error.expected, actual: error.actual });
    if (error.code === 'range')
      return t('lotto_error_range', { pool, number: error.number, min: error.min, max: error.max });
    return t('lotto_error_duplicate', { pool, number: error.number });
  };
}

/**
 * Spec 2 game page: lines of numbers picked by hand or by quick pick (per line or all), the
 * additional ticket kind, the price total, and one purchase per press, decided by the server.
 */
export function GamePage() {
  const { t } = useTranslation();
  const kindId = useId();
  const { lottoId = '' } = useParams();
  const lottery = LOTTERIES[isLotteryCode(lottoId) ? lottoId : 'powerball'];
  const { format } = lottery;
  const userId = useGlobalStore((s) => s.userId);
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  const language = useGlobalStore((s) => s.currentLanguage);
  const formatDate = useZonedFormat();
  const currency = usePlayerCurrency();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const available = useQuery(lottoAvailableQuery(userId, currency));
  const summary = available.data?.lotteries.find((l) => l.code === lottery.code);
  const [lines, setLines] = useState<TicketLine[]>(() => [emptyLine()]);
  const [kind, setKind] = useState<TicketKind>('default');
  const [tried, setTried] = useState(false);
  const askFirst = useAskFirst();
  const buy = useIdempotentMutation({
    mutationFn: (key, order: { lines: TicketLine[]; kind: TicketKind }) =>
      buyTicket(key, { code: lottery.code, ...order }),
    onSuccess: (ticket) => {
      setLines([emptyLine()]);
      setTried(false);
      if (userId !== null) {
        void queryClient.invalidateQueries({ queryKey: userQueryKey(userId, 'lotto', 'tickets') });
        void queryClient.invalidateQueries({ queryKey: balanceQueryKey(userId) });
      }
      const text = t('lotto_bought_text', {
        id: ticket.id,
        name: lottery.name,
        date: formatDate(ticket.drawAt * 1000, DATE_FORMATS.dayMonthTime),
      });
      openMessage('lotto-ticket-bought', t('lotto_bought_title'), text);
      // Spec 4 ticket notification: bought, its draw to come.
      hostBridge.send('notification', { kind: 'pending', text });
    },
  });

  const update = (index: number, line: TicketLine) => setLines((all) => all.map((l, i) => (i === index ? line : l)));
  const toggle = (index: number, pool: 'main' | 'bonus', n: number) => {
    const line = lines[index] ?? emptyLine();
    const picked = line[pool].includes(n)
      ? line[pool].filter((x) => x !== n)
      : [...line[pool], n].sort((a, b) => a - b);
    update(index, { ...line, [pool]: picked });
  };
  const errors = lines.map((line) => lineErrors(format, line));
  const valid = errors.every((list) => list.length === 0);
  // The dollar price converted at the server's rate, exactly as the server will charge it.
  const total = summary
    ? fromUsdAt(ticketPriceUsd(lottery, lines.length, kind), summary.usdRate, summary.linePrice.currencyCode)
    : null;

  return (
    <>
      <header className={styles.pageHead}>
        <h1 className={styles.title}>{lottery.name}</h1>
        <ButtonLink to={getHref('lottoInfo', { lottoId: lottery.code }, language)} variant="secondary">
          {t('lotto_info')}
        </ButtonLink>
      </header>
      <p className={styles.muted}>
        {t(format.bonus ? 'lotto_game_lead_bonus' : 'lotto_game_lead', {
          main: format.main.count,
          max: format.main.max,
          bonus: format.bonus?.count ?? 0,
          bonusMin: format.bonus?.min ?? 0,
          bonusMax: format.bonus?.max ?? 0,
        })}
        {summary &&
          ` ${t('lotto_draw_at', { date: formatDate(summary.nextDrawAt * 1000, DATE_FORMATS.dayMonthTime) })}`}
      </p>
      <form
        className={styles.game}
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!valid) return;
          if (userId === null) requestSignIn();
          else if (total !== null && summary && !buy.isPending) {
            const price = formatMoney(total, summary.linePrice.currencyCode, language);
            const order = { lines, kind };
            void askFirst(
              {
                name: 'lotto-buy-confirm',
                title: t('lotto_confirm_title'),
                text: t('lotto_confirm_text', {
                  count: lines.length,
                  name: lottery.name,
                  total: price,
                  date: formatDate(summary.nextDrawAt * 1000, DATE_FORMATS.dayMonthTime),
                }),
                confirm: t('lotto_confirm_yes', { total: price }),
              },
              () => buy.run(order),
            );
          }
        }}
      >
        {lines.map((line, index) => (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are edited in place by position
            key={index}
            className={styles.line}
            aria-label={t('lotto_line', { number: index + 1 })}
            data-testid="lotto-line"
          >
            <div className={styles.lineHead}>
              <h2 className={styles.subtitle}>{t('lotto_line', { number: index + 1 })}</h2>
              <div className={styles.lineActions}>
                <Button size="sm" variant="secondary" onClick={() => update(index, quickPick(format))}>
                  {t('lotto_quick_pick')}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => update(index, emptyLine())}>
                  {t('lotto_clear')}
                </Button>
                {lines.length > 1 && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setLines((all) => all.filter((_, i) => i !== index))}
                  >
                    {t('lotto_remove_line')}
                  </Button>
                )}
              </div>
            </div>
            <NumberGrid
              pool={format.main}
              picked={line.main}
              label={t('lotto_pick_main', { count: format.main.count, picked: line.main.length })}
              onToggle={(n) => toggle(index, 'main', n)}
            />
            {format.bonus && (
              <NumberGrid
                pool={format.bonus}
                picked={line.bonus}
                bonus
                label={t('lotto_pick_bonus', { count: format.bonus.count, picked: line.bonus.length })}
                onToggle={(n) => toggle(index, 'bonus', n)}
              />
            )}
            {tried && (errors[index]?.length ?? 0) > 0 && (
              <ul className={styles.errors} role="alert">
                {errors[index]?.map((error) => (
                  <li key={`${error.code}-${error.pool}-${'number' in error ? error.number : ''}`}>
                    {errorText(error)}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
        <div className={styles.gameActions}>
          <Button
            variant="secondary"
            disabled={lines.length >= MAX_LINES}
            onClick={() => setLines((all) => [...all, emptyLine()])}
          >
            {t('lotto_add_line')}
          </Button>
          <Button variant="secondary" onClick={() => setLines((all) => all.map(() => quickPick(format)))}>
            {t('lotto_quick_pick_all')}
          </Button>
        </div>
        <label className={styles.kind} htmlFor={kindId}>
          <input
            id={kindId}
            type="checkbox"
            checked={kind === 'additional'}
            onChange={(event) => setKind(event.target.checked ? 'additional' : 'default')}
          />
          <span>{t('lotto_additional')}</span>
        </label>
        <div className={styles.total}>
          <span>{t('lotto_total', { count: lines.length })}</span>
          <strong data-testid="lotto-total">
            {total === null || !summary ? '—' : formatMoney(total, summary.linePrice.currencyCode, language)}
          </strong>
        </div>
        {userId === null && !hostAvailable ? (
          <p className={styles.muted}>{t('lotto_buy_sign_in')}</p>
        ) : (
          <button type="submit" className={buttonClass()} disabled={buy.isPending} aria-busy={buy.isPending}>
            {t(userId === null ? 'lotto_buy_sign_in_button' : 'lotto_buy')}
          </button>
        )}
        <ActionError action={buy} className={styles.error} />
      </form>
    </>
  );
}
