import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONSOLE_ENDPOINTS,
  newOperatorKeySchema,
  OPERATOR_KEY_HEADER,
  type OperatorKey,
  STAFF_ROLES,
} from '@promo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import { call, isApiError } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { useStaff } from '../../app/staff-context.tsx';
import { refusedFields } from '../../lib/refusals.ts';
import { mayCall } from '../../lib/roles.ts';
import { translatedErrors } from '../../lib/validation.ts';
import { RoleBadge } from '../../ui/badges.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { bind, SelectField, TextField } from '../../ui/fields.tsx';
import { RoleForbidden } from '../../ui/forbidden.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { ConfirmDialog, Modal } from '../../ui/modal.tsx';
import { useErrorText } from '../../ui/problem.tsx';
import { SecretDialog } from '../../ui/secret-dialog.tsx';
import { Time } from '../../ui/time.tsx';
import { useTitle } from '../../ui/use-title.ts';

type NewKey = z.infer<typeof newOperatorKeySchema>;

const features = tableFeatures({});
const column = createColumnHelper<typeof features, OperatorKey>();
const NO_KEYS: OperatorKey[] = [];

/** `/keys` (admins): the operator API's keys for automation, a new one, and revoking one. */
export function KeysPage() {
  const { t } = useTranslation();
  useTitle(t('keys.title'));
  const me = useStaff();
  if (!mayCall(me.role, CONSOLE_ENDPOINTS.operatorKeys)) return <RoleForbidden title={t('keys.title')} />;
  return <KeyList />;
}

function KeyList() {
  const { t } = useTranslation();
  const me = useStaff();
  const client = useQueryClient();
  const errorText = useErrorText();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ label: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<OperatorKey | null>(null);
  const [done, setDone] = useState('');
  const tableRef = useRef<HTMLElement>(null);
  const mayCreate = mayCall(me.role, CONSOLE_ENDPOINTS.operatorKeyCreate);
  const mayRevoke = mayCall(me.role, CONSOLE_ENDPOINTS.operatorKeyRevoke);

  const list = useQuery({
    queryKey: queryKeys.operatorKeys,
    queryFn: ({ signal }) => call(CONSOLE_ENDPOINTS.operatorKeys, { signal }),
  });
  const keys = list.data ?? NO_KEYS;

  /** A key as the server now has it: its row shows it at once. */
  const took = (key: OperatorKey) => {
    client.setQueryData<OperatorKey[]>(queryKeys.operatorKeys, (current = []) =>
      current.some((each) => each.label === key.label)
        ? current.map((each) => (each.label === key.label ? key : each))
        : [...current, key],
    );
    void client.invalidateQueries({ queryKey: queryKeys.operatorKeys });
    void client.invalidateQueries({ queryKey: queryKeys.audit });
  };

  const revoke = useMutation({
    mutationFn: (label: string) => call(CONSOLE_ENDPOINTS.operatorKeyRevoke, { params: { label } }),
    onMutate: () => setDone(''),
    onSuccess: (key) => {
      took(key);
      setDone(t('keys.revokedDone', { label: key.label }));
      // Its Revoke button is gone: the focus goes to the table rather than the page's start.
      tableRef.current?.focus();
    },
  });
  const busyLabel = revoke.isPending ? (revoke.variables ?? null) : null;

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('label', {
          header: t('keys.columns.label'),
          cell: ({ row }) => <code>{row.original.label}</code>,
        }),
        column.accessor('role', {
          header: t('keys.columns.role'),
          cell: ({ row }) => <RoleBadge role={row.original.role} />,
        }),
        column.accessor('createdAt', {
          header: t('keys.columns.created'),
          cell: ({ row }) => <Time unix={row.original.createdAt} />,
        }),
        column.accessor('revoked', {
          header: t('keys.columns.status'),
          cell: ({ row }) =>
            row.original.revoked ? (
              <span className="badge status-off">{t('keys.status.revoked')}</span>
            ) : (
              <span className="badge status-on">{t('keys.status.active')}</span>
            ),
        }),
        ...(mayRevoke
          ? [
              column.display({
                id: 'actions',
                header: () => <span className="visually-hidden">{t('keys.columns.actions')}</span>,
                cell: ({ row }) =>
                  row.original.revoked ? null : (
                    <button
                      type="button"
                      className="button small danger"
                      disabled={busyLabel === row.original.label}
                      onClick={() => setRevoking(row.original)}
                    >
                      {t('keys.revoke')} <span className="visually-hidden">{row.original.label}</span>
                    </button>
                  ),
              }),
            ]
          : []),
      ]),
    [t, mayRevoke, busyLabel],
  );
  const table = useTable({ features, columns, data: keys });

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{t('keys.title')}</h1>
          <p className="muted">{t('keys.explain')}</p>
        </div>
        {mayCreate ? (
          <button type="button" className="button primary" onClick={() => setCreating(true)}>
            {t('keys.new')}
          </button>
        ) : null}
      </div>
      <div aria-live="polite" className="save-status">
        {done ? <p className="ok-text">{done}</p> : null}
      </div>
      <div role="alert" className="form-alerts">
        {revoke.isError ? <p className="notice error">{errorText(revoke.error)}</p> : null}
      </div>
      <ListStates query={list} isEmpty={keys.length === 0} empty={t('keys.empty')}>
        <DataTable
          table={table}
          label={t('keys.tableLabel')}
          className="keys-table"
          scrollRef={tableRef}
          rowKey={(key) => key.label}
          rowClassName={(key) => (key.revoked ? 'row-off' : undefined)}
        />
      </ListStates>
      {mayCreate ? (
        <NewKeyDialog
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={({ key, secret: value }) => {
            setCreating(false);
            setDone(t('keys.created', { label: key.label, role: t(`role.${key.role}`) }));
            took(key);
            setSecret({ label: key.label, secret: value });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title={t('keys.revokeTitle', { label: revoking?.label ?? '' })}
        message={<p>{t('keys.revokeQuestion')}</p>}
        confirmLabel={t('keys.revoke')}
        cancelLabel={t('common.cancel')}
        danger
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.label);
          setRevoking(null);
        }}
      />
      <SecretDialog
        open={secret !== null}
        title={t('keys.secretTitle', { label: secret?.label ?? '' })}
        lead={
          <p>
            {t('keys.secretLead')} <code>{`${OPERATOR_KEY_HEADER}: Bearer …`}</code>
          </p>
        }
        secretLabel={t('keys.secretLabel')}
        secret={secret?.secret ?? ''}
        onClose={() => setSecret(null)}
      />
    </div>
  );
}

/** "New key": a label and the role the key acts with; checked by the contract's schema. */
function NewKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (answer: { key: OperatorKey; secret: string }) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [problem, setProblem] = useState('');
  const resolver = useMemo(() => zodResolver(newOperatorKeySchema, translatedErrors(t)), [t]);
  const form = useForm<NewKey, unknown, NewKey>({ resolver, defaultValues: { label: '', role: 'editor' } });
  const rules: Record<keyof NewKey, string> = {
    label: t('validation.format.keyLabel'),
    role: t('validation.choose'),
  };
  const create = useMutation({
    mutationFn: (body: NewKey) => call(CONSOLE_ENDPOINTS.operatorKeyCreate, { body }),
    onMutate: () => setProblem(''),
    onSuccess: (answer) => {
      form.reset();
      onCreated(answer);
    },
    onError: (error) => {
      if (isApiError(error, 409, 'label_taken')) {
        form.setError('label', { type: 'server', message: t('keys.labelTaken') }, { shouldFocus: true });
        return;
      }
      const fields = refusedFields(error).filter((field): field is keyof NewKey => field in rules);
      if (fields.length > 0) {
        for (const [index, field] of fields.entries()) {
          form.setError(field, { type: 'server', message: rules[field] }, { shouldFocus: index === 0 });
        }
        return;
      }
      setProblem(errorText(error));
    },
  });
  const close = () => {
    form.reset();
    setProblem('');
    create.reset();
    onClose();
  };
  const roles = STAFF_ROLES.map((value) => ({ value, label: t(`role.${value}`) }));

  return (
    <Modal open={open} title={t('keys.newTitle')} onClose={close}>
      <form className="modal-form" noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <TextField
          {...bind(form, 'label')}
          label={t('keys.label')}
          hint={t('validation.format.keyLabel')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
        />
        <SelectField {...bind(form, 'role')} label={t('keys.role')} hint={t('keys.roleHint')} options={roles} />
        <div role="alert">{problem ? <p className="notice error">{problem}</p> : null}</div>
        <div className="modal-actions">
          <button type="button" className="button" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={create.isPending}>
            {create.isPending ? t('keys.creating') : t('keys.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
