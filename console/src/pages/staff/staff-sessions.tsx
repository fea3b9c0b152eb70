import { CONSOLE_ENDPOINTS, type StaffMember } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { LiveSessions } from '../sessions/live-sessions.tsx';

/** The staff page's live sessions (admins): every member's, or one member's, each revocable. */
export function StaffSessions({ members }: { members: StaffMember[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const selectId = useId();
  const [login, setLogin] = useState('');
  const list = useQuery({
    queryKey: [...queryKeys.staffSessions, login],
    queryFn: ({ signal }) => call(CONSOLE_ENDPOINTS.staffSessions, { signal, query: login ? { login } : {} }),
  });
  return (
    <section className="staff-sessions" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sessions.staffHeading')}</h2>
      <p className="muted">{t('sessions.staffExplain')}</p>
      <div className="field">
        <label htmlFor={selectId} className="field-label">
          {t('sessions.member')}
        </label>
        <select id={selectId} value={login} onChange={(event) => setLogin(event.target.value)}>
          <option value="">{t('sessions.allMembers')}</option>
          {members.map((member) => (
            <option key={member.login} value={member.login}>
              {member.login}
            </option>
          ))}
        </select>
      </div>
      <LiveSessions
        list={list}
        everyone
        label={login ? t('sessions.staffTableLabelOf', { login }) : t('sessions.staffTableLabel')}
      />
    </section>
  );
}
