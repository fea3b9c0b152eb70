import { CONSOLE_ENDPOINTS, type StaffSession } from '@promo/contract';
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { useSignedOut } from '../../app/shell.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { ConfirmDialog } from '../../ui/modal.tsx';
import { useErrorText } from '../../ui/problem.tsx';
import { Time } from '../../ui/time.tsx';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, StaffSession>();
const NO_SESSIONS: StaffSession[] = [];

/**
 * Live staff sessions in a table: whose (when `everyone`), where from, since when, last seen and
 * until when if idle, "This browser" on the caller's own; and per row an End button with a
 * confirm step. Ending this browser's session signs out; ending another refreshes the lists and
 * says so. `everyone`: the admin's list of every member (it ends with the admin's revoke).
 */
export function LiveSessions({
  list,
  everyone,
  label,
}: {
  list: UseQueryResult<StaffSession[]>;
  everyone: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const errorText = useErrorText();
  const signedOut = useSignedOut();
  const [confirming, setConfirming] = useState<StaffSession | null>(null);
  const [done, setDone] = useState('');
  const tableRef = useRef<HTMLElement>(null);
  const sessions = list.data ?? NO_SESSIONS;

  const end = useMutation({
    mutationFn: (session: StaffSession) =>
      call(everyone ? CONSOLE_ENDPOINTS.staffSessionRevoke : CONSOLE_ENDPOINTS.mySessionEnd, {
        params: { id: session.id },
      }),
    onMutate: () => setDone(''),
    onSuccess: (_answer, session) => {
      if (session.current) {
        signedOut();
        return;
      }
      for (const key of [queryKeys.mySessions, queryKeys.staffSessions, queryKeys.staff, queryKeys.audit]) {
        void client.invalidateQueries({ queryKey: key });
      }
      setDone(
        everyone
          ? t('sessions.revokedDone', { login: session.login, address: session.address })
          : t('sessions.endedDone', { address: session.address }),
      );
      // Its End button is gone: the focus goes to the table rather than the page's start.
      tableRef.current?.focus();
    },
    onError: () =>
      void client.invalidateQueries({ queryKey: everyone ? queryKeys.staffSessions : queryKeys.mySessions }),
  });
  const busyId = end.isPending ? (end.variables?.id ?? null) : null;

  const columns = useMemo(
    () =>
      column.columns([
        ...(everyone
          ? [column.accessor('login', { header: t('sessions.columns.login'), cell: ({ row }) => row.original.login })]
          : []),
        column.accessor('address', {
          header: t('sessions.columns.address'),
          cell: ({ row }) => (
            <span className="login-cell">
              <code>{row.original.address}</code>
              {row.original.current ? <span className="badge status-on">{t('sessions.thisBrowser')}</span> : null}
            </span>
          ),
        }),
        column.accessor('createdAt', {
          header: t('sessions.columns.createdAt'),
          cell: ({ row }) => <Time unix={row.original.createdAt} />,
        }),
        column.accessor('lastSeenAt', {
          header: t('sessions.columns.lastSeenAt'),
          cell: ({ row }) => <Time unix={row.original.lastSeenAt} />,
        }),
        column.accessor('idleUntil', {
          header: t('sessions.columns.idleUntil'),
          cell: ({ row }) => <Time unix={row.original.idleUntil} />,
        }),
        column.display({
          id: 'actions',
          header: () => <span className="visually-hidden">{t('sessions.columns.actions')}</span>,
          cell: ({ row }) => (
            <button
              type="button"
              className="button small danger"
              disabled={busyId === row.original.id}
              onClick={() => setConfirming(row.original)}
            >
              {row.original.current ? t('sessions.signOut') : t('sessions.end')}{' '}
              <span className="visually-hidden">
                {t('sessions.endOf', { login: row.original.login, address: row.original.address })}
              </span>
            </button>
          ),
        }),
      ]),
    [t, everyone, busyId],
  );
  const table = useTable({ features, columns, data: sessions });

  return (
    <>
      <div aria-live="polite" className="save-status">
        {done ? <p className="ok-text">{done}</p> : null}
      </div>
      <div role="alert" className="form-alerts">
        {end.isError ? <p className="notice error">{errorText(end.error)}</p> : null}
      </div>
      <ListStates query={list} isEmpty={sessions.length === 0} empty={t('sessions.empty')}>
        <DataTable
          table={table}
          label={label}
          className="sessions-table"
          scrollRef={tableRef}
          rowKey={(session) => session.id}
        />
      </ListStates>
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming?.current
            ? t('sessions.signOutTitle')
            : everyone
              ? t('sessions.revokeTitle', { login: confirming?.login ?? '' })
              : t('sessions.endTitle')
        }
        message={
          <p>
            {confirming?.current
              ? t('sessions.signOutQuestion')
              : t('sessions.endQuestion', { address: confirming?.address ?? '' })}
          </p>
        }
        confirmLabel={confirming?.current ? t('sessions.signOut') : t('sessions.end')}
        cancelLabel={t('common.cancel')}
        danger
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) end.mutate(confirming);
          setConfirming(null);
        }}
      />
    </>
  );
}
