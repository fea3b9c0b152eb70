import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONSOLE_ENDPOINTS,
  type NewStaff,
  newStaffSchema,
  STAFF_ROLES,
  type StaffChange,
  type StaffMember,
  type StaffRole,
} from '@promo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
import { StaffSessions } from './staff-sessions.tsx';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, StaffMember>();
const NO_MEMBERS: StaffMember[] = [];

/** A member's authenticator secret, shown once after the answer that carried it. */
interface Secret {
  login: string;
  totpSecret: string;
  otpauthUri: string | null;
}

/** A change waiting for the admin's yes (disable, enable). */
interface Pending {
  member: StaffMember;
  disabled: boolean;
}

/**
 * `/staff` (admins): every staff member, a new one, per member a role change or disable/enable,
 * and the live sessions of all of them, each revocable.
 */
export function StaffPage() {
  const { t } = useTranslation();
  useTitle(t('staff.title'));
  const me = useStaff();
  if (!mayCall(me.role, CONSOLE_ENDPOINTS.staff)) return <RoleForbidden title={t('staff.title')} />;
  return <StaffList />;
}

function StaffList() {
  const { t } = useTranslation();
  const me = useStaff();
  const client = useQueryClient();
  const errorText = useErrorText();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<Secret | null>(null);
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [done, setDone] = useState('');
  const [problem, setProblem] = useState('');
  const [refusals, setRefusals] = useState(0);
  const mayCreate = mayCall(me.role, CONSOLE_ENDPOINTS.staffCreate);
  const mayUpdate = mayCall(me.role, CONSOLE_ENDPOINTS.staffUpdate);

  const list = useQuery({
    queryKey: queryKeys.staff,
    queryFn: ({ signal }) => call(CONSOLE_ENDPOINTS.staff, { signal }),
  });
  const members = list.data ?? NO_MEMBERS;

  /** An answer with a member in it: the row shows it at once, the secret (if any) once. */
  const took = (answer: { member: StaffMember; totpSecret: string | null; otpauthUri: string | null }) => {
    client.setQueryData<StaffMember[]>(queryKeys.staff, (current = []) =>
      current.some((member) => member.login === answer.member.login)
        ? current.map((member) => (member.login === answer.member.login ? answer.member : member))
        : [...current, answer.member],
    );
    void client.invalidateQueries({ queryKey: queryKeys.staff });
    void client.invalidateQueries({ queryKey: queryKeys.audit });
    if (answer.totpSecret) {
      setSecret({ login: answer.member.login, totpSecret: answer.totpSecret, otpauthUri: answer.otpauthUri });
    }
  };

  const update = useMutation({
    mutationFn: ({ login, change }: { login: string; change: StaffChange }) =>
      call(CONSOLE_ENDPOINTS.staffUpdate, { params: { login }, body: change }),
    onMutate: () => {
      setDone('');
      setProblem('');
    },
    onSuccess: (answer, { change }) => {
      took(answer);
      const { login, role } = answer.member;
      setDone(
        change.disabled === true
          ? t('staff.disabledDone', { login })
          : change.disabled === false
            ? t('staff.enabledDone', { login })
            : t('staff.roleDone', { login, role: t(`role.${role}`) }),
      );
    },
    onError: (error) => {
      setProblem(isApiError(error, 409, 'own_account') ? t('staff.ownAccount') : errorText(error));
      // A refused role change: the row's select shows the role the member still has.
      setRefusals((count) => count + 1);
    },
  });
  const busyLogin = update.isPending ? (update.variables?.login ?? null) : null;

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('login', {
          header: t('staff.columns.login'),
          cell: ({ row }) => (
            <span className="login-cell">
              <strong>{row.original.login}</strong>
              {row.original.login === me.login ? <span className="muted"> {t('staff.you')}</span> : null}
            </span>
          ),
        }),
        column.accessor('role', {
          header: t('staff.columns.role'),
          cell: ({ row }) => <RoleBadge role={row.original.role} />,
        }),
        column.accessor('secondFactor', {
          header: t('staff.columns.secondFactor'),
          cell: ({ row }) => (row.original.secondFactor ? t('staff.yes') : t('staff.no')),
        }),
        column.accessor('disabled', {
          header: t('staff.columns.status'),
          cell: ({ row }) =>
            row.original.disabled ? (
              <span className="badge status-off">{t('staff.status.disabled')}</span>
            ) : (
              <span className="badge status-on">{t('staff.status.active')}</span>
            ),
        }),
        column.accessor('createdAt', {
          header: t('staff.columns.created'),
          cell: ({ row }) => <Time unix={row.original.createdAt} />,
        }),
        column.accessor('lastSeenAt', {
          header: t('staff.columns.lastSeen'),
          cell: ({ row }) =>
            row.original.lastSeenAt === null ? (
              <span className="muted">{t('staff.never')}</span>
            ) : (
              <Time unix={row.original.lastSeenAt} />
            ),
        }),
        ...(mayUpdate
          ? [
              column.display({
                id: 'changeRole',
                header: t('staff.columns.changeRole'),
                cell: ({ row }) => (
                  <RoleChange
                    member={row.original}
                    refusals={refusals}
                    busy={busyLogin === row.original.login}
                    onSave={(role) => update.mutate({ login: row.original.login, change: { role } })}
                  />
                ),
              }),
              column.display({
                id: 'actions',
                header: () => <span className="visually-hidden">{t('staff.columns.actions')}</span>,
                cell: ({ row }) => (
                  <button
                    type="button"
                    className={row.original.disabled ? 'button small' : 'button small danger'}
                    onClick={() => {
                      if (busyLogin !== row.original.login) {
                        setConfirming({ member: row.original, disabled: !row.original.disabled });
                      }
                    }}
                  >
                    {row.original.disabled ? t('staff.enable') : t('staff.disable')}{' '}
                    <span className="visually-hidden">{row.original.login}</span>
                  </button>
                ),
              }),
            ]
          : []),
      ]),
    [t, me.login, mayUpdate, busyLogin, refusals, update.mutate],
  );
  const table = useTable({ features, columns, data: members });

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{t('staff.title')}</h1>
          <p className="muted">{t('staff.explain')}</p>
        </div>
        {mayCreate ? (
          <button type="button" className="button primary" onClick={() => setCreating(true)}>
            {t('staff.new')}
          </button>
        ) : null}
      </div>
      <div aria-live="polite" className="save-status">
        {done ? <p className="ok-text">{done}</p> : null}
      </div>
      <div role="alert" className="form-alerts">
        {problem ? <p className="notice error">{problem}</p> : null}
      </div>
      <ListStates query={list} isEmpty={members.length === 0} empty={t('staff.empty')}>
        <DataTable
          table={table}
          label={t('staff.tableLabel')}
          className="staff-table"
          rowKey={(member) => member.login}
          rowClassName={(member) => (member.disabled ? 'row-off' : undefined)}
        />
      </ListStates>
      {mayCall(me.role, CONSOLE_ENDPOINTS.staffSessions) ? <StaffSessions members={members} /> : null}
      {mayCreate ? (
        <NewStaffDialog
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(answer) => {
            setCreating(false);
            setProblem('');
            setDone(t('staff.created', { login: answer.member.login, role: t(`role.${answer.member.role}`) }));
            took(answer);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming?.disabled
            ? t('staff.disableTitle', { login: confirming.member.login })
            : t('staff.enableTitle', { login: confirming?.member.login ?? '' })
        }
        message={<p>{confirming?.disabled ? t('staff.disableQuestion') : t('staff.enableQuestion')}</p>}
        confirmLabel={confirming?.disabled ? t('staff.disable') : t('staff.enable')}
        cancelLabel={t('common.cancel')}
        danger={confirming?.disabled ?? false}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) update.mutate({ login: confirming.member.login, change: { disabled: confirming.disabled } });
          setConfirming(null);
        }}
      />
      <SecretDialog
        open={secret !== null}
        title={t('staff.secretTitle', { login: secret?.login ?? '' })}
        lead={<p>{t('staff.secretLead', { login: secret?.login ?? '' })}</p>}
        secretLabel={t('staff.secretLabel')}
        secret={secret?.totpSecret ?? ''}
        onClose={() => setSecret(null)}
      >
        {secret?.otpauthUri ? (
          <div className="field">
            <span className="field-label">{t('staff.otpauthLabel')}</span>
            <a href={secret.otpauthUri} className="secret-uri">
              <code>{secret.otpauthUri}</code>
            </a>
            <span className="field-hint">{t('staff.otpauthHint')}</span>
          </div>
        ) : null}
      </SecretDialog>
    </div>
  );
}

/** A member's role: pick another and Save (their sessions end). */
function RoleChange({
  member,
  refusals,
  busy,
  onSave,
}: {
  member: StaffMember;
  /** How many changes the server refused: each puts the select back to the member's role. */
  refusals: number;
  busy: boolean;
  onSave: (role: StaffRole) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [role, setRole] = useState<StaffRole>(member.role);
  // The saved role is the one picked (the button keeps the focus: it is never disabled under it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a refusal is a trigger too
  useEffect(() => setRole(member.role), [member.role, refusals]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (role !== member.role && !busy) onSave(role);
  };
  return (
    <form className="row-form" onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        {t('staff.roleOf', { login: member.login })}
      </label>
      <select id={id} value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
        {STAFF_ROLES.map((value) => (
          <option key={value} value={value}>
            {t(`role.${value}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="button small" aria-disabled={role === member.role ? true : undefined}>
        {t('staff.saveRole')} <span className="visually-hidden">{t('staff.saveRoleOf', { login: member.login })}</span>
      </button>
    </form>
  );
}

type CreatedStaff = { member: StaffMember; totpSecret: string | null; otpauthUri: string | null };

/** "New staff member": login, a first password (shown on demand), role; checked by the contract's schema. */
function NewStaffDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (answer: CreatedStaff) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [shown, setShown] = useState(false);
  const [problem, setProblem] = useState('');
  const resolver = useMemo(() => zodResolver(newStaffSchema, translatedErrors(t)), [t]);
  const form = useForm<NewStaff, unknown, NewStaff>({
    resolver,
    defaultValues: { login: '', password: '', role: 'editor' },
  });
  /** What a refused field wants, in the console's words. */
  const rules: Record<keyof NewStaff, string> = {
    login: t('validation.format.login'),
    password: t('staff.passwordRule'),
    role: t('validation.choose'),
  };
  const create = useMutation({
    mutationFn: (body: NewStaff) => call(CONSOLE_ENDPOINTS.staffCreate, { body }),
    onMutate: () => setProblem(''),
    onSuccess: (answer) => {
      form.reset();
      setShown(false);
      onCreated(answer);
    },
    onError: (error) => {
      if (isApiError(error, 409, 'login_taken')) {
        form.setError('login', { type: 'server', message: t('staff.loginTaken') }, { shouldFocus: true });
        return;
      }
      const fields = refusedFields(error).filter((field): field is keyof NewStaff => field in rules);
      if (fields.length > 0) {
        for (const [index, field] of fields.entries()) {
          form.setError(
            field as Path<NewStaff>,
            { type: 'server', message: rules[field] },
            { shouldFocus: index === 0 },
          );
        }
        return;
      }
      setProblem(errorText(error));
    },
  });
  const close = () => {
    form.reset();
    setShown(false);
    setProblem('');
    create.reset();
    onClose();
  };
  const roles = STAFF_ROLES.map((value) => ({ value, label: t(`role.${value}`) }));

  return (
    <Modal open={open} title={t('staff.newTitle')} onClose={close}>
      <form className="modal-form" noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <TextField
          {...bind(form, 'login')}
          label={t('staff.login')}
          hint={t('staff.loginHint')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
        />
        <div className="password-field">
          <TextField
            {...bind(form, 'password')}
            className="grow"
            type={shown ? 'text' : 'password'}
            label={t('staff.password')}
            hint={t('staff.passwordHint')}
            autoComplete="new-password"
            spellCheck={false}
            maxLength={200}
          />
          <button type="button" className="button small" aria-pressed={shown} onClick={() => setShown((on) => !on)}>
            {t('staff.showPassword')}
          </button>
        </div>
        <SelectField {...bind(form, 'role')} label={t('staff.role')} hint={t('staff.roleHint')} options={roles} />
        <div role="alert">{problem ? <p className="notice error">{problem}</p> : null}</div>
        <div className="modal-actions">
          <button type="button" className="button" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={create.isPending}>
            {create.isPending ? t('staff.creating') : t('staff.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
