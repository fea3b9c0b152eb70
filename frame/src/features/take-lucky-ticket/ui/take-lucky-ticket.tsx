import { LUCKY_NUMBER_MAX, LUCKY_NUMBER_MIN, type LuckyDraw, type LuckyTicket, verifyDraw } from '@promo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { luckyDrawQuery, luckyTicketsQuery, takeLuckyTicket, utcDay } from '../../../entities/lucky-day/index.ts';
import { PreviewAction, usePrizeLabel } from '../../../entities/promotion/index.ts';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { DATE_FORMATS, formatInZone, useZonedFormat } from '../../../shared/lib/format/index.ts';
import { ActionError, useIdempotentMutation } from '../../../shared/lib/idempotent-mutation/index.ts';
import { useRenderNow } from '../../../shared/lib/rendering/index.ts';
import { useVerified } from '../../../shared/lib/use-verified.ts';
import { useGlobalStore, usePlayerQuery, useReaderId } from '../../../shared/model/index.ts';
import { inputClass } from '../../../shared/ui/field/index.ts';
import { Button, buttonClass } from '../../../shared/ui/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { type ActionProps, MechanicSection } from '../../../shared/ui/mechanic/index.ts';
import section from '../../../shared/ui/mechanic/mechanic.module.css';
import { openMessage } from '../../../shared/ui/modal-message/index.ts';
import { Tabs } from '../../../shared/ui/tabs/index.ts';
import styles from './take-lucky-ticket.module.css';

const DAY_MS = 86_400_000;
const suggestNumber = () =>
  LUCKY_NUMBER_MIN + ((crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % LUCKY_NUMBER_MAX);
const pad = (n: number) => String(n).padStart(6, '0');

function TicketState({ ticket }: { ticket: LuckyTicket }) {
  const { t } = useTranslation();
  const prizeLabel = usePrizeLabel();
  const prize = ticket.prize;
  return (
    <p className={styles.ticket} data-state={ticket.state} data-testid="lucky-ticket">
      <span className={styles.number}>№ {pad(ticket.ticketId)}</span>
      <span className={styles.state}>
        {ticket.state === 'win' && prize
          ? t('lucky_ticket_win', { place: ticket.place, prize: prizeLabel(prize) })
          : t(`lucky_ticket_${ticket.state}`)}
      </span>
    </p>
  );
}

/**
 * The draw's proof: the seed's hash, published before tickets are sold, and once drawn the seed,
 * checked in the browser against the hash and the winners' order.
 */
function DrawProof({ draw }: { draw: LuckyDraw }) {
  const { t } = useTranslation();
  const verified = useVerified(draw.seed === null ? null : draw, verifyDraw);
  return (
    <>
      {verified !== null && (
        <p className={verified ? section.verified : section.error} data-testid="lucky-verified">
          {t(verified ? 'lucky_verified' : 'lucky_not_verified')}
        </p>
      )}
      <details className={section.proof}>
        <summary>{t('lucky_proof')}</summary>
        <dl>
          <dt>{t('lucky_seed_hash')}</dt>
          <dd>{draw.seedHash}</dd>
          {draw.seed !== null && (
            <>
              <dt>{t('lucky_seed')}</dt>
              <dd>{draw.seed}</dd>
            </>
          )}
        </dl>
      </details>
    </>
  );
}

/** The player's lucky number today: pick one (or take the suggestion) and enter the draw once. */
function TodayEntry({ promotionId, userId, today }: { promotionId: number; userId: number; today: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(() => String(suggestNumber()));
  const tickets = useQuery(luckyTicketsQuery(promotionId, today, userId));
  const take = useIdempotentMutation({
    mutationFn: (key, ticketId: number) => takeLuckyTicket(key, promotionId, ticketId),
    onSuccess: (next, ticketId) => {
      queryClient.setQueryData(luckyTicketsQuery(promotionId, today, userId).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: ['lucky-draw', promotionId, today] });
      const text = t('lucky_taken_text', { number: pad(ticketId) });
      openMessage('lucky-ticket-taken', t('lucky_taken_title'), text);
      // The ticket waits for tonight's draw: the host may show it in its own way.
      hostBridge.send('notification', { kind: 'pending', text });
    },
  });
  if (tickets.isError) return <LoadFailed message={t('lucky_load_failed')} onRetry={() => void tickets.refetch()} />;
  const [mine] = tickets.data?.tickets ?? [];
  if (mine) return <TicketState ticket={mine} />;
  const number = Number(value);
  const valid = /^\d{1,6}$/.test(value) && number >= LUCKY_NUMBER_MIN && number <= LUCKY_NUMBER_MAX;
  return (
    <form
      className={styles.entry}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) take.run(number);
      }}
    >
      <label htmlFor={inputId} className={styles.label}>
        {t('lucky_number_label')}
      </label>
      <div className={section.row}>
        <input
          id={inputId}
          className={inputClass(styles.input)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={value}
          aria-invalid={!valid}
          onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))}
        />
        <Button variant="secondary" size="sm" onClick={() => setValue(String(suggestNumber()))}>
          {t('lucky_shuffle')}
        </Button>
      </div>
      {!valid && <p className={section.error}>{t('lucky_number_invalid')}</p>}
      <button type="submit" className={buttonClass()} disabled={!valid || take.isPending} aria-busy={take.isPending}>
        {t('lucky_enter')}
      </button>
      <ActionError action={take} className={section.error} />
    </form>
  );
}

/**
 * Spec 7 lucky-day draw: today's draw (the player's lucky number, or a prompt to sign in) and the
 * results of the last seven days the promotion ran (the server has no draw before its first day),
 * with the player's ticket of each day: pending, win or loss. Shown while the promotion runs. On a
 * console preview page the previewed version's draws as a visitor sees them, and entering is off.
 */
export function TakeLuckyTicket({
  promotionId,
  startsAt,
  preview,
  onSignIn,
  renderCountdown,
}: Pick<ActionProps, 'promotionId' | 'onSignIn' | 'renderCountdown'> & {
  /** When the promotion started (unix seconds): no tab before its first UTC day. */
  startsAt: number;
  /** A console preview link's token: the page shows a version, and takes no action. */
  preview?: string;
}) {
  const { t } = useTranslation();
  const userId = useReaderId(preview);
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  const formatDate = useZonedFormat();
  const [now, setNow] = useState(useRenderNow());
  const today = utcDay(now);
  const days = Array.from({ length: 7 }, (_, i) => utcDay(now - i * DAY_MS)).filter(
    (day) => day >= utcDay(startsAt * 1000),
  );
  const [day, setDay] = useState(today);
  const todayDraw = useQuery(luckyDrawQuery(promotionId, today, userId, preview));
  const shown = useQuery(luckyDrawQuery(promotionId, day, userId, preview));
  const myTickets = usePlayerQuery((player) => luckyTicketsQuery(promotionId, day, player), day !== today && !preview);
  const open = todayDraw.data?.status === 'open';
  const prizeLabel = usePrizeLabel();
  const queryClient = useQueryClient();
  // At 20:00 UTC the entry closes but the UTC day, and so the query's key, stays: ask the server for
  // today's draw again (its status decides the entry form). Stable, so the countdown calls it once
  // when it ends, not again on every render after.
  const onDrawTime = useCallback(() => {
    setNow(Date.now());
    void queryClient.invalidateQueries({ queryKey: ['lucky-draw', promotionId, today] });
  }, [queryClient, promotionId, today]);

  return (
    <MechanicSection id="lucky" title={t('lucky_title')}>
      <div className={section.panel}>
        {todayDraw.data && (
          <p className={section.note} data-testid="lucky-draw-time">
            {t(open ? 'lucky_draw_at' : 'lucky_draw_done', {
              time: formatDate(todayDraw.data.drawAt * 1000, DATE_FORMATS.time),
            })}{' '}
            · {t('lucky_tickets_count', { count: todayDraw.data.tickets })}
          </p>
        )}
        {open && todayDraw.data && renderCountdown(todayDraw.data.drawAt * 1000, onDrawTime)}
        {preview ? (
          <PreviewAction label={t('lucky_enter')} reason={t('promo_preview_no_actions')} />
        ) : userId === null ? (
          <div className={section.row}>
            <p className={section.note}>{t('lucky_sign_in')}</p>
            {hostAvailable && <Button onClick={onSignIn}>{t('account_sign_in')}</Button>}
          </div>
        ) : open ? (
          <TodayEntry promotionId={promotionId} userId={userId} today={today} />
        ) : null}
      </div>
      <h3 className={styles.subtitle}>{t('lucky_results')}</h3>
      <Tabs
        label={t('lucky_results')}
        items={days.map((d) => ({
          key: d,
          label: formatInZone(Date.parse(`${d}T12:00:00Z`), DATE_FORMATS.dayMonth, 0),
        }))}
        selected={day}
        onSelect={setDay}
        busy={shown.isFetching}
        classNames={{ list: styles.days, tab: styles.day, panel: styles.results }}
      >
        {shown.isError && <LoadFailed message={t('lucky_load_failed')} onRetry={() => void shown.refetch()} />}
        {day !== today &&
          userId !== null &&
          myTickets.data?.tickets.map((ticket) => <TicketState key={ticket.ticketId} ticket={ticket} />)}
        {shown.data?.status === 'open' && <p className={section.note}>{t('lucky_not_drawn')}</p>}
        {shown.data?.status === 'drawn' && shown.data.winners.length === 0 && (
          <p className={section.note}>{t('lucky_no_winners')}</p>
        )}
        {shown.data && shown.data.winners.length > 0 && (
          <ol className={styles.winners} data-testid="lucky-winners">
            {shown.data.winners.slice(0, 10).map((winner) => (
              <li key={winner.ticketId} className={winner.isMe ? styles.me : undefined}>
                <span className={styles.place}>{winner.place}</span>
                <span className={styles.number}>№ {pad(winner.ticketId)}</span>
                <span className={styles.name}>
                  {winner.isMe ? t('tournament_you', { name: winner.name }) : winner.name}
                </span>
                <span className={styles.prize}>{prizeLabel(winner.prize)}</span>
              </li>
            ))}
          </ol>
        )}
        {shown.data && <DrawProof draw={shown.data} />}
      </Tabs>
    </MechanicSection>
  );
}
