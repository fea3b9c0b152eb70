import type { Adjustment } from '@promo/contract';
import { useTranslation } from 'react-i18next';

const STATE_CLASS: Record<Adjustment['state'], string> = {
  pending: 'state-scheduled',
  applied: 'status-on',
  rejected: 'status-off',
};

/** An adjustment's state as a badge, with who decided it and why when it is decided. */
export function AdjustmentState({ adjustment }: { adjustment: Adjustment }) {
  const { t } = useTranslation();
  return (
    <>
      <span className={`badge ${STATE_CLASS[adjustment.state]}`}>{t(`adjustments.state.${adjustment.state}`)}</span>
      {adjustment.decidedBy ? (
        <span className="muted">
          {' '}
          {t('adjustments.decidedBy', { login: adjustment.decidedBy })}
          {adjustment.note ? ` — ${adjustment.note}` : ''}
        </span>
      ) : null}
    </>
  );
}
