import type { PromotionState, StaffRole } from '@promo/contract';
import { useTranslation } from 'react-i18next';

/** A promotion's state: its own colour and its name (the colour is never the only sign). */
export function StateBadge({ state }: { state: PromotionState }) {
  const { t } = useTranslation();
  return <span className={`badge state-${state}`}>{t(`state.${state}`)}</span>;
}

export function RoleBadge({ role }: { role: StaffRole }) {
  const { t } = useTranslation();
  return <span className={`badge role role-${role}`}>{t(`role.${role}`)}</span>;
}

/** A language whose texts a draft lacks. */
export function MissingBadge({ language }: { language: string }) {
  const { t } = useTranslation();
  return <span className="badge missing">{t('languages.missing', { language: t(`languages.${language}`) })}</span>;
}
