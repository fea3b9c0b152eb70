import { PROMO_MECHANICS, type PromoMechanic } from '@promo/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '../../ui/modal.tsx';

/** "New promotion": pick a mechanic; the editor starts from its reference terms and prizes. */
export function NewPromotionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [mechanic, setMechanic] = useState<PromoMechanic>(PROMO_MECHANICS[0]);
  return (
    <Modal open={open} title={t('list.newTitle')} onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onClose();
          navigate(`/promotions/new?mechanic=${encodeURIComponent(mechanic)}`);
        }}
      >
        <div className="field">
          <label htmlFor={id}>{t('fields.mechanic')}</label>
          <select id={id} value={mechanic} onChange={(event) => setMechanic(event.target.value as PromoMechanic)}>
            {PROMO_MECHANICS.map((name) => (
              <option key={name} value={name}>
                {t(`mechanic.${name}`)}
              </option>
            ))}
          </select>
          <span className="field-hint">{t('list.newHint')}</span>
        </div>
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button primary">
            {t('list.newStart')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
