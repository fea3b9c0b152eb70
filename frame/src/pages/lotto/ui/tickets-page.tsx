import { filterTickets, LOTTERIES, TICKET_FILTERS, type Ticket, type TicketFilter } from '@promo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Balls, ticketsQuery } from '../../../entities/lottery/index.ts';
import { requestSignIn } from '../../../features/auth-prompt/index.ts';
import { useTicketNews } from '../../../features/ticket-news/index.ts';
import { getHref } from '../../../shared/config/index.ts';
import { DATE_FORMATS, formatMoney, useZonedFormat } from '../../../shared/lib/format/index.ts';
import { useGlobalStore, usePlayerQuery } from '../../../shared/model/index.ts';
import { Button, ButtonLink } from '../../../shared/ui/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { Skeleton, useLoading } from '../../../shared/ui/skeleton/index.ts';
import { Tabs } from '../../../shared/ui/tabs/index.ts';
import styles from './lotto.module.css';

const SKELETONS = ['first', 'second', 'third', 'fourth'];

/** Spec 3 ticket notification icons: pending, win, loss. */
function StatusIcon({ status }: { status: Ticket['status'] }) {
  return (
    <svg viewBox="0 0 24 24" className={styles.statusIcon} data-status={status} aria-hidden="true" focusable="false">
      {status === 'pending' && (
        <path
          d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v5l3 2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      )}
      {status === 'win' && (
        <path
          d="M7 4h10v4a5 5 0 0 1-10 0zM5 5H3a4 4 0 0 0 4 5M19 5h2a4 4 0 0 1-4 5M10 14h4v3h-4zM8 20h8"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      )}
      {status === 'loss' && (
        <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      )}
    </svg>
  );
}

function TicketCard({ ticket, fresh }: { ticket: Ticket; fresh: boolean }) {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const formatDate = useZonedFormat();
  return (
    <li className={styles.ticket} data-status={ticket.status} data-testid="lotto-ticket">
      <div className={styles.rowHead}>
        <span className={styles.rowTitle}>
          <StatusIcon status={ticket.status} /> {LOTTERIES[ticket.code].name}
          {fresh && (
            <span className={styles.newBadge} data-testid="lotto-ticket-new">
              {t('lotto_ticket_new')}
            </span>
          )}
        </span>
        <span className={styles.ticketStatus}>
          {ticket.status === 'win' && ticket.won
            ? t('lotto_ticket_win', { amount: formatMoney(ticket.won.amount, ticket.won.currencyCode, language) })
            : t(`lotto_ticket_${ticket.status}`)}
        </span>
      </div>
      <p className={styles.muted}>
        {t('lotto_ticket_meta', {
          id: ticket.id,
          date: formatDate(ticket.drawAt * 1000, DATE_FORMATS.dayMonthTime),
          price: formatMoney(ticket.price.amount, ticket.price.currencyCode, language),
        })}
        {ticket.kind === 'additional' && ` · ${t('lotto_additional_short')}`}
        {` · ${t(`lotto_${ticket.circulation}`)}`}
      </p>
      {ticket.lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a ticket's lines never move
        <Balls key={index} line={line} matched={ticket.result} size="sm" />
      ))}
      {ticket.result && (
        <div className={styles.result}>
          <span className={styles.muted}>{t('lotto_ticket_result')}</span>
          <Balls line={ticket.result} size="sm" />
        </div>
      )}
    </li>
  );
}

/** Spec 2 my tickets: the player's tickets with the filter All / Drawn / Undrawn / Winning / Losing. */
export function TicketsPage() {
  const { t } = useTranslation();
  const userId = useGlobalStore((s) => s.userId);
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  const language = useGlobalStore((s) => s.currentLanguage);
  const [filter, setFilter] = useState<TicketFilter>('ALL');
  const tickets = usePlayerQuery(ticketsQuery);
  const { loading, drawn } = useLoading(tickets.isPending);
  const shown = tickets.data && !loading ? filterTickets(tickets.data.tickets, filter) : [];
  // Results the player has not been told of: marked new here, a notification to the host.
  const fresh = useTicketNews(userId, tickets.data?.tickets);
  return (
    <>
      <h1 className={styles.title}>{t('lotto_tickets_title')}</h1>
      {userId === null ? (
        <div className={styles.empty}>
          <p>{t('lotto_tickets_sign_in')}</p>
          {hostAvailable && <Button onClick={requestSignIn}>{t('account_sign_in')}</Button>}
        </div>
      ) : (
        <Tabs
          label={t('lotto_filter')}
          items={TICKET_FILTERS.map((value) => ({ key: value, label: t(`lotto_filter_${value.toLowerCase()}`) }))}
          selected={filter}
          onSelect={setFilter}
          busy={tickets.isFetching}
          classNames={{ list: styles.filters, tab: styles.filter, panel: styles.panel }}
        >
          {tickets.isError && <LoadFailed message={t('lotto_tickets_failed')} onRetry={() => void tickets.refetch()} />}
          {tickets.data && !loading && shown.length === 0 && (
            <div className={styles.empty}>
              <p>{t('lotto_tickets_empty')}</p>
              <ButtonLink to={getHref('lotto', {}, language)}>{t('lotto_tab_lotteries')}</ButtonLink>
            </div>
          )}
          <ul className={styles.rows} aria-busy={loading}>
            {loading &&
              // Placeholders of a ticket's size: the footer stays below the fold until the list lands.
              SKELETONS.map((key) => <Skeleton key={key} as="li" className={styles.ticketSkeleton} drawn={drawn} />)}
            {shown.map((ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} fresh={fresh.has(ticket.id)} />
            ))}
          </ul>
        </Tabs>
      )}
    </>
  );
}
