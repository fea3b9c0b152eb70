import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Adjustment,
  type AdjustmentRequest,
  adjustmentRequestSchema,
  type PlayerView,
  SUPPORT_ENDPOINTS,
} from '@promo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { call, isApiError } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { useStaff } from '../../app/staff-context.tsx';
import { formatAmount } from '../../lib/money.ts';
import { refusedFields } from '../../lib/refusals.ts';
import { mayCall } from '../../lib/roles.ts';
import { translatedErrors } from '../../lib/validation.ts';
import { bind, SelectField, TextArea, TextField } from '../../ui/fields.tsx';
import { RoleForbidden } from '../../ui/forbidden.tsx';
import { Modal } from '../../ui/modal.tsx';
import { LoadError, useErrorText } from '../../ui/problem.tsx';
import { Time } from '../../ui/time.tsx';
import { useTitle } from '../../ui/use-title.ts';
import { AdjustmentState } from './adjustment-state.tsx';
import { RecordTable } from './record-table.tsx';

/** `/support/players/:id`: one player's money and promotion history, and a way to request an adjustment. */
export function PlayerPage() {
  const { t } = useTranslation();
  const me = useStaff();
  const id = Number(useParams().id);
  useTitle(t('support.playerTitle', { id }));
  if (!mayCall(me.role, SUPPORT_ENDPOINTS.player)) return <RoleForbidden title={t('support.title')} />;
  return <PlayerSupport id={id} />;
}

function PlayerSupport({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const me = useStaff();
  /** The request form, open for the account (null credit) or for one promotion credit. */
  const [requesting, setRequesting] = useState<{ credit: PlayerView['credits'][number] | null } | null>(null);
  const [done, setDone] = useState('');
  /** What a reveal answered: shown on this page only, never kept in the query cache. */
  const [revealed, setRevealed] = useState<{ login: string; ids: Map<number, string> } | null>(null);
  const [revealing, setRevealing] = useState(false);
  const mayRequest = mayCall(me.role, SUPPORT_ENDPOINTS.adjustmentRequest);
  const view = useQuery({
    queryKey: queryKeys.player(id),
    queryFn: ({ signal }) => call(SUPPORT_ENDPOINTS.player, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
  if (view.isPending) {
    return (
      <p className="page-status" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (view.isError) {
    return (
      <div className="page">
        <h1>{t('support.playerTitle', { id })}</h1>
        <LoadError error={view.error} onRetry={() => void view.refetch()} />
        <p>
          <Link to="/support">{t('support.backToSearch')}</Link>
        </p>
      </div>
    );
  }
  const data = view.data;
  return (
    <div className="page">
      <div className="page-head">
        <div>
          <p>
            <Link to="/support">{t('support.backToSearch')}</Link>
          </p>
          <h1>
            {revealed?.login ?? data.player.login} <span className="muted">#{data.player.id}</span>
          </h1>
          <p className="muted">
            {t('support.playerLine', { country: data.player.countryCode })}{' '}
            {data.player.verified ? t('support.verified') : t('support.notVerified')} · {t('support.since')}{' '}
            <Time unix={data.player.createdAt} />
            {data.masked && !revealed ? ` · ${t('support.masked')}` : ''}
          </p>
          {data.masked && !revealed && mayCall(me.role, SUPPORT_ENDPOINTS.playerReveal) ? (
            <button type="button" className="button small" onClick={() => setRevealing(true)}>
              {t('support.reveal')}
            </button>
          ) : null}
        </div>
        {mayRequest && data.accounts.length > 0 ? (
          <button type="button" className="button primary" onClick={() => setRequesting({ credit: null })}>
            {t('support.requestAdjustment')}
          </button>
        ) : null}
      </div>
      <div aria-live="polite" className="save-status">
        {done ? <p className="ok-text">{done}</p> : null}
      </div>
      <RevealDialog
        open={revealing}
        playerId={data.player.id}
        onClose={() => setRevealing(false)}
        onRevealed={(answer) => {
          setRevealing(false);
          setRevealed({
            login: answer.login,
            ids: new Map(answer.settlementIds.map((item) => [item.id, item.externalId])),
          });
        }}
      />
      <PlayerRecords
        data={
          revealed
            ? {
                ...data,
                settlements: data.settlements.map((row) => ({
                  ...row,
                  externalId: revealed.ids.get(row.id) ?? row.externalId,
                })),
              }
            : data
        }
        onAdjustCredit={mayRequest ? (credit) => setRequesting({ credit }) : null}
      />
      <RequestDialog
        key={requesting?.credit?.id ?? 'account'}
        open={requesting !== null}
        view={data}
        credit={requesting?.credit ?? null}
        onClose={() => setRequesting(null)}
        onRequested={(adjustment) => {
          setRequesting(null);
          setDone(
            t('support.requested', {
              id: adjustment.id,
              amount: formatAmount(adjustment.amount, adjustment.currencyCode, i18n.language, true),
            }),
          );
        }}
      />
    </div>
  );
}

/** The player's records, each a dense table: what support reads to answer "where is my prize?". */
function PlayerRecords({
  data,
  onAdjustCredit,
}: {
  data: PlayerView;
  /** Opens the request form for one promotion credit; null for a role that may not request. */
  onAdjustCredit: ((credit: PlayerView['credits'][number]) => void) | null;
}) {
  const { t, i18n } = useTranslation();
  const money = (amount: string, currency: string, signed = false) =>
    formatAmount(amount, currency, i18n.language, signed);
  return (
    <>
      <RecordTable
        title={t('support.accounts')}
        empty={t('support.none')}
        rows={data.accounts}
        rowKey={(row) => row.currencyCode}
        columns={[
          { id: 'currency', header: t('support.columns.currency'), cell: (row) => row.currencyCode },
          { id: 'balance', header: t('support.columns.balance'), cell: (row) => money(row.balance, row.currencyCode) },
          {
            id: 'active',
            header: t('support.columns.active'),
            cell: (row) => (row.active ? t('common.yes') : t('common.no')),
          },
        ]}
      />
      <RecordTable
        title={t('support.ledger')}
        empty={t('support.none')}
        rows={data.ledger}
        rowKey={(row) => row.id}
        columns={[
          { id: 'at', header: t('support.columns.at'), cell: (row) => <Time unix={row.at} /> },
          { id: 'kind', header: t('support.columns.kind'), cell: (row) => t(`support.ledgerKind.${row.kind}`) },
          { id: 'reference', header: t('support.columns.reference'), cell: (row) => row.reference ?? '—' },
          {
            id: 'amount',
            header: t('support.columns.amount'),
            cell: (row) => money(row.amount, row.currencyCode, true),
          },
          {
            id: 'balanceAfter',
            header: t('support.columns.balanceAfter'),
            cell: (row) => money(row.balanceAfter, row.currencyCode),
          },
        ]}
      />
      <RecordTable
        title={t('support.adjustments')}
        empty={t('support.none')}
        rows={data.adjustments}
        rowKey={(row) => row.id}
        columns={[
          { id: 'id', header: t('support.columns.id'), cell: (row) => row.id },
          { id: 'at', header: t('support.columns.at'), cell: (row) => <Time unix={row.requestedAt} /> },
          {
            id: 'amount',
            header: t('support.columns.amount'),
            cell: (row) => money(row.amount, row.currencyCode, true),
          },
          { id: 'reason', header: t('support.columns.reason'), cell: (row) => row.reason },
          {
            id: 'target',
            header: t('support.columns.target'),
            cell: (row) =>
              row.credit
                ? t('support.creditTarget', {
                    id: row.credit.id,
                    promotion: row.credit.promotion,
                    kind: row.credit.kind,
                  })
                : t('support.accountTarget'),
          },
          { id: 'state', header: t('support.columns.state'), cell: (row) => <AdjustmentState adjustment={row} /> },
        ]}
      />
      <RecordTable
        title={t('support.credits')}
        empty={t('support.none')}
        rows={data.credits}
        rowKey={(row) => row.id}
        columns={[
          { id: 'at', header: t('support.columns.at'), cell: (row) => <Time unix={row.at} /> },
          { id: 'promotion', header: t('support.columns.promotion'), cell: (row) => row.promotion },
          { id: 'occasion', header: t('support.columns.occasion'), cell: (row) => row.occasion },
          { id: 'kind', header: t('support.columns.prize'), cell: (row) => row.kind },
          { id: 'amount', header: t('support.columns.amount'), cell: (row) => money(row.amount, row.currencyCode) },
          { id: 'state', header: t('support.columns.state'), cell: (row) => t(`support.creditState.${row.state}`) },
          ...(onAdjustCredit
            ? [
                {
                  id: 'actions',
                  header: t('support.columns.actions'),
                  cell: (row: PlayerView['credits'][number]) => (
                    <button type="button" className="button small" onClick={() => onAdjustCredit(row)}>
                      {t('support.adjustCredit')} <span className="visually-hidden">{row.id}</span>
                    </button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <RecordTable
        title={t('support.spins')}
        empty={t('support.none')}
        rows={data.spins}
        rowKey={(row) => row.id}
        columns={[
          { id: 'id', header: t('support.columns.id'), cell: (row) => row.id },
          { id: 'at', header: t('support.columns.at'), cell: (row) => <Time unix={row.at} /> },
          { id: 'promotion', header: t('support.columns.promotion'), cell: (row) => row.promotion },
          {
            id: 'prize',
            header: t('support.columns.prize'),
            cell: (row) =>
              row.prize.kind === 'none'
                ? t('support.noPrize')
                : row.prize.kind === 'cash'
                  ? money(row.prize.amount, row.prize.currencyCode)
                  : `${row.prize.kind} ${row.prize.amount}`,
          },
          {
            id: 'proof',
            header: t('support.columns.proof'),
            cell: (row) => (
              <details>
                <summary>{row.proofHolds ? t('support.proofHolds') : t('support.proofFails')}</summary>
                <dl className="proof">
                  <dt>{t('support.serverSeed')}</dt>
                  <dd>
                    <code>{row.serverSeed}</code>
                  </dd>
                  <dt>{t('support.serverSeedHash')}</dt>
                  <dd>
                    <code>{row.serverSeedHash}</code>
                  </dd>
                  <dt>{t('support.clientSeed')}</dt>
                  <dd>
                    <code>{row.clientSeed}</code>
                  </dd>
                  <dt>{t('support.nonce')}</dt>
                  <dd>{row.nonce}</dd>
                </dl>
              </details>
            ),
          },
        ]}
        rowClassName={(row) => (row.proofHolds ? undefined : 'row-off')}
      />
      <RecordTable
        title={t('support.tickets')}
        empty={t('support.none')}
        rows={data.tickets}
        rowKey={(row) => row.id}
        columns={[
          { id: 'id', header: t('support.columns.id'), cell: (row) => row.id },
          { id: 'lottery', header: t('support.columns.lottery'), cell: (row) => row.lottery },
          { id: 'draw', header: t('support.columns.draw'), cell: (row) => <Time unix={row.drawAt} /> },
          {
            id: 'lines',
            header: t('support.columns.lines'),
            cell: (row) =>
              row.lines
                .map((line) => `${line.main.join(' ')}${line.bonus.length ? ` + ${line.bonus.join(' ')}` : ''}`)
                .join('; '),
          },
          { id: 'price', header: t('support.columns.price'), cell: (row) => money(row.price, row.currencyCode) },
          {
            id: 'won',
            header: t('support.columns.won'),
            cell: (row) => (row.won === null ? t('support.undrawn') : money(row.won, row.currencyCode)),
          },
        ]}
      />
      <RecordTable
        title={t('support.settlements')}
        empty={t('support.none')}
        rows={data.settlements}
        rowKey={(row) => row.id}
        columns={[
          { id: 'externalId', header: t('support.columns.externalId'), cell: (row) => <code>{row.externalId}</code> },
          { id: 'kind', header: t('support.columns.kind'), cell: (row) => row.kind },
          { id: 'at', header: t('support.columns.settledAt'), cell: (row) => <Time unix={row.settledAt} /> },
          { id: 'stake', header: t('support.columns.stake'), cell: (row) => money(row.stake, row.currencyCode) },
          { id: 'payout', header: t('support.columns.payout'), cell: (row) => money(row.payout, row.currencyCode) },
          {
            id: 'countedFor',
            header: t('support.columns.countedFor'),
            cell: (row) => row.countedFor.join(', ') || '—',
          },
        ]}
      />
      <RecordTable
        title={t('support.signIns')}
        empty={t('support.none')}
        rows={data.signIns}
        rowKey={(row) => `${row.via}-${row.at}-${row.expiresAt ?? ''}`}
        columns={[
          { id: 'via', header: t('support.columns.via'), cell: (row) => t(`support.via.${row.via}`) },
          { id: 'at', header: t('support.columns.at'), cell: (row) => <Time unix={row.at} /> },
          {
            id: 'ended',
            header: t('support.columns.ended'),
            cell: (row) => (row.endedAt === null ? '—' : <Time unix={row.endedAt} />),
          },
        ]}
      />
    </>
  );
}

/** A fresh Idempotency-Key per request: a retry after a lost answer reuses it, and the server answers the first. */
const newKey = () => `adj-${crypto.randomUUID()}`;

/** "Request an adjustment": an account, a signed amount and a reason, checked by the contract's schema. */
function RequestDialog({
  open,
  view,
  credit,
  onClose,
  onRequested,
}: {
  open: boolean;
  view: PlayerView;
  /** The promotion credit it adjusts (its currency is the adjustment's); null: an account. */
  credit: PlayerView['credits'][number] | null;
  onClose: () => void;
  onRequested: (adjustment: Adjustment) => void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const errorText = useErrorText();
  const key = useRef(newKey());
  const [problem, setProblem] = useState('');
  const resolver = useMemo(() => zodResolver(adjustmentRequestSchema, translatedErrors(t)), [t]);
  const active = view.accounts.find((account) => account.active) ?? view.accounts[0];
  const form = useForm<AdjustmentRequest, unknown, AdjustmentRequest>({
    resolver,
    defaultValues: {
      currencyCode: credit?.currencyCode ?? active?.currencyCode ?? '',
      amount: '',
      reason: '',
      ...(credit ? { creditId: credit.id } : {}),
    },
  });
  const request = useMutation({
    mutationFn: (body: AdjustmentRequest) =>
      call(SUPPORT_ENDPOINTS.adjustmentRequest, {
        params: { id: view.player.id },
        body,
        headers: { 'idempotency-key': key.current },
      }),
    onMutate: () => setProblem(''),
    onSuccess: (adjustment) => {
      key.current = newKey();
      form.reset();
      void client.invalidateQueries({ queryKey: queryKeys.player(view.player.id) });
      void client.invalidateQueries({ queryKey: queryKeys.adjustments });
      onRequested(adjustment);
    },
    onError: (error) => {
      // A definite answer ends the key's use: a corrected form is another request. A lost answer
      // (no status, or the server's own failure) keeps it, so pressing again cannot request twice.
      if (isApiError(error) && error.status >= 400 && error.status < 500) key.current = newKey();
      if (isApiError(error, 400, 'amount_precision')) {
        form.setError('amount', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      if (isApiError(error, 409, 'credit_below_zero') || isApiError(error, 409, 'credit_currency')) {
        form.setError('amount', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      if (isApiError(error, 409, 'player_no_account')) {
        form.setError('currencyCode', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      const fields = refusedFields(error).filter(
        (field): field is keyof AdjustmentRequest => field in form.getValues(),
      );
      if (fields.length > 0) {
        for (const [index, field] of fields.entries())
          form.setError(field, { type: 'server', message: t('validation.invalid') }, { shouldFocus: index === 0 });
        return;
      }
      setProblem(errorText(error));
    },
  });
  const close = () => {
    key.current = newKey();
    form.reset();
    setProblem('');
    request.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={
        credit
          ? t('support.creditRequestTitle', { id: credit.id, login: view.player.login })
          : t('support.requestTitle', { login: view.player.login })
      }
      onClose={close}
    >
      <form className="modal-form" noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))}>
        {credit ? (
          <p className="muted">
            {t('support.creditRequestLead', {
              promotion: credit.promotion,
              kind: credit.kind,
              amount: formatAmount(credit.amount, credit.currencyCode, i18n.language),
            })}
          </p>
        ) : (
          <>
            <p className="muted">{t('support.requestLead')}</p>
            <SelectField
              {...bind(form, 'currencyCode')}
              label={t('support.account')}
              options={view.accounts.map((account) => ({
                value: account.currencyCode,
                label: `${account.currencyCode} · ${formatAmount(account.balance, account.currencyCode, i18n.language)}`,
              }))}
            />
          </>
        )}
        <TextField
          {...bind(form, 'amount')}
          label={t('support.amount')}
          hint={t('support.amountHint')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
        />
        <TextArea
          {...bind(form, 'reason')}
          label={t('support.reason')}
          hint={t('support.reasonHint')}
          maxLength={500}
        />
        <div role="alert">{problem ? <p className="notice error">{problem}</p> : null}</div>
        <div className="modal-actions">
          <button type="button" className="button" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={request.isPending}>
            {request.isPending ? t('support.requesting') : t('support.request')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** "Show login": why the case needs it (the audit log keeps the reason), then the login and ids unmasked. */
function RevealDialog({
  open,
  playerId,
  onClose,
  onRevealed,
}: {
  open: boolean;
  playerId: number;
  onClose: () => void;
  onRevealed: (answer: { login: string; settlementIds: Array<{ id: number; externalId: string }> }) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const reasonId = useId();
  const hintId = useId();
  const [reason, setReason] = useState('');
  const reveal = useMutation({
    mutationFn: () =>
      call(SUPPORT_ENDPOINTS.playerReveal, { params: { id: playerId }, body: { reason: reason.trim() } }),
    onSuccess: (answer) => {
      setReason('');
      onRevealed(answer);
    },
  });
  const close = () => {
    setReason('');
    reveal.reset();
    onClose();
  };
  return (
    <Modal open={open} title={t('support.revealTitle')} onClose={close}>
      <form
        className="modal-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          reveal.mutate();
        }}
      >
        <div className="field">
          <label htmlFor={reasonId}>{t('support.revealReason')}</label>
          <textarea
            id={reasonId}
            rows={2}
            maxLength={300}
            value={reason}
            aria-describedby={hintId}
            onChange={(event) => setReason(event.target.value)}
          />
          <p className="hint" id={hintId}>
            {t('support.revealHint')}
          </p>
        </div>
        <div role="alert">{reveal.isError ? <p className="notice error">{errorText(reveal.error)}</p> : null}</div>
        <div className="modal-actions">
          <button type="button" className="button" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={reveal.isPending || reason.trim().length < 5}>
            {t('support.revealConfirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
