import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStaff } from '../app/staff-context.tsx';

/** A page the member's role may not open (typed in, or a link kept from another role): says so. */
export function RoleForbidden({ title }: { title: string }) {
  const { t } = useTranslation();
  const staff = useStaff();
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="notice">
        {t('app.forbidden', { role: t(`role.${staff.role}`) })} <Link to="/promotions">{t('editor.backToList')}</Link>
      </p>
    </div>
  );
}
