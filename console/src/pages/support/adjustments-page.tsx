import { ADJUSTMENT_STATES, type Adjustment, SUPPORT_ENDPOINTS } from '@promo/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call, isApiError } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { useStaff } from '../../app/staff-context.tsx';
import { formatAmount } from '../../lib/money.ts';
import { mayCall } from '../../lib/roles.ts';
import { RoleForbidden } from '../../ui/forbidden.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useErrorText } from '../../ui/problem.tsx';
import { Time } from '../../ui/time.tsx';
import { useTitle } from '../../ui/use-title.ts';
import { AdjustmentState } from './adjustment-state.tsx';
import { RecordTable } from './record-table.tsx';

const NO_ADJUSTMENTS: Adjustment[] = [];
type Filter = Adjustment['state'] | 'all';

/**
 * `/adjustments`: the four-eyes queue. Everyone who may look players up sees it; publishers and
 * admins approve or reject what someone else requested. The state filter is in the address.
 */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  useTitle(t('adjustments.title'));
  const me = useStaff();
  if (!mayCall(me.role, SUPPORT_ENDPOINTS.adjustments)) return <RoleForbidden title={t('adjustments.title')} />;
  return <AdjustmentQueue />;
}

function AdjustmentQueue() {
  const { t, i18n } = useTranslation();
  const me = useStaff();
  const [params, setParams] = useSearchParams();
  const filter = (params.get('state') ?? 'pending') as Filter;
  const filterId = useId();
  const [deciding, setDeciding] = useState<{ adjustment: Adjustment; approve: boolean } | null>(null);
  const [done, setDone] = useState('');
  const mayDecide = mayCall(me.role, SUPPORT_ENDPOINTS.adjustmentDecide);
  const list = useInfiniteQuery({
    queryKey: [...queryKeys.adjustments, filter],
    queryFn: ({ signal, pageParam }) =>
      call(SUPPORT_ENDPOINTS.adjustments, {
        query: { state: filter === 'all' ? undefined : filter, after: pageParam },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? NO_ADJUSTMENTS, [list.data]);
  const money = (adjustment: Adjustment) =>
    formatAmount(adjustment.amount, adjustment.currencyCode, i18n.language, true);
  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{t('adjustments.title')}</h1>
          <p className="muted">{t('adjustments.explain')}</p>
        </div>
        <Link to="/support">{t('nav.support')}</Link>
      </div>
      <div className="filters">
        <div className="field">
          <label htmlFor={filterId}>{t('adjustments.filter')}</label>
          <select id={filterId} value={filter} onChange={(event) => setParams({ state: event.target.value })}>
            {[...ADJUSTMENT_STATES, 'all' as const].map((state) => (
              <option key={state} value={state}>
                {t(`adjustments.state.${state}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div aria-live="polite" className="save-status">
        {done ? <p className="ok-text">{done}</p> : null}
      </div>
      <ListStates query={list} isEmpty={items.length === 0} empty={t('adjustments.empty')}>
        <RecordTable
          title={t('adjustments.tableLabel')}
          empty=""
          rows={items}
          rowKey={(row) => row.id}
          columns={[
            { id: 'id', header: t('support.columns.id'), cell: (row) => row.id },
            {
              id: 'player',
              header: t('adjustments.player'),
              cell: (row) => <Link to={`/support/players/${row.playerId}`}>{row.playerLogin}</Link>,
            },
            { id: 'amount', header: t('support.columns.amount'), cell: money },
            { id: 'reason', header: t('support.columns.reason'), cell: (row) => row.reason },
            {
              id: 'requested',
              header: t('adjustments.requested'),
              cell: (row) => (
                <>
                  {row.requestedBy} · <Time unix={row.requestedAt} />
                </>
              ),
            },
            { id: 'state', header: t('support.columns.state'), cell: (row) => <AdjustmentState adjustment={row} /> },
            ...(mayDecide
              ? [
                  {
                    id: 'actions',
                    header: t('adjustments.actions'),
                    cell: (row: Adjustment) =>
                      row.state !== 'pending' ? null : row.requestedBy === me.login ? (
                        <span className="muted">{t('adjustments.yours')}</span>
                      ) : (
                        <span className="row-actions">
                          <button
                            type="button"
                            className="button small primary"
                            onClick={() => setDeciding({ adjustment: row, approve: true })}
                          >
                            {t('adjustments.approve')} <span className="visually-hidden">{row.id}</span>
                          </button>
                          <button
                            type="button"
                            className="button small danger"
                            onClick={() => setDeciding({ adjustment: row, approve: false })}
                          >
                            {t('adjustments.reject')} <span className="visually-hidden">{row.id}</span>
                          </button>
                        </span>
                      ),
                  },
                ]
              : []),
          ]}
        />
      </ListStates>
      {list.hasNextPage ? (
        <p>
          <button
            type="button"
            className="button"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? t('common.loading') : t('adjustments.more')}
          </button>
        </p>
      ) : null}
      {deciding ? (
        <DecisionDialog
          key={`${deciding.adjustment.id}-${deciding.approve}`}
          adjustment={deciding.adjustment}
          approve={deciding.approve}
          amount={money(deciding.adjustment)}
          onClose={() => setDeciding(null)}
          onDecided={(decided) => {
            setDeciding(null);
            setDone(
              t(decided.state === 'applied' ? 'adjustments.appliedDone' : 'adjustments.rejectedDone', {
                id: decided.id,
                amount: money(decided),
              }),
            );
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Approving or rejecting one adjustment: what it does, in words and the amount, and a note
 * (required to reject). One Idempotency-Key per dialog: pressing again after a lost answer gets
 * the first decision back, never a second movement.
 */
function DecisionDialog({
  adjustment,
  approve,
  amount,
  onClose,
  onDecided,
}: {
  adjustment: Adjustment;
  approve: boolean;
  amount: string;
  onClose: () => void;
  onDecided: (adjustment: Adjustment) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const errorText = useErrorText();
  const noteId = useId();
  const [note, setNote] = useState('');
  const key = useRef(`decision-${crypto.randomUUID()}`);
  const decide = useMutation({
    mutationFn: () =>
      call(SUPPORT_ENDPOINTS.adjustmentDecide, {
        params: { id: adjustment.id },
        body: note.trim() ? { approve, note: note.trim() } : { approve },
        headers: { 'idempotency-key': key.current },
      }),
    onError: (error) => {
      // A definite refusal ends the key's use (a note added after it is another call); a lost answer keeps it.
      if (isApiError(error) && error.status >= 400 && error.status < 500)
        key.current = `decision-${crypto.randomUUID()}`;
    },
    onSuccess: (decided) => {
      void client.invalidateQueries({ queryKey: queryKeys.adjustments });
      void client.invalidateQueries({ queryKey: queryKeys.player(decided.playerId) });
      onDecided(decided);
    },
  });
  return (
    <Modal
      open
      title={t(approve ? 'adjustments.approveTitle' : 'adjustments.rejectTitle', { id: adjustment.id })}
      onClose={onClose}
    >
      <form
        className="modal-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          decide.mutate();
        }}
      >
        <p>
          {t(approve ? 'adjustments.approveQuestion' : 'adjustments.rejectQuestion', {
            amount,
            login: adjustment.playerLogin,
            by: adjustment.requestedBy,
          })}
        </p>
        <p className="muted">{adjustment.reason}</p>
        <div className="field">
          <label htmlFor={noteId}>{t(approve ? 'adjustments.noteOptional' : 'adjustments.noteRequired')}</label>
          <textarea
            id={noteId}
            rows={2}
            maxLength={500}
            value={note}
            required={!approve}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <div role="alert">{decide.isError ? <p className="notice error">{errorText(decide.error)}</p> : null}</div>
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={approve ? 'button primary' : 'button danger'}
            disabled={decide.isPending || (!approve && note.trim() === '')}
          >
            {decide.isPending
              ? t('adjustments.deciding')
              : t(approve ? 'adjustments.approveConfirm' : 'adjustments.rejectConfirm', { amount })}
          </button>
        </div>
      </form>
    </Modal>
  );
}
