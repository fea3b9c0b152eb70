import { useTranslation } from 'react-i18next';
import { ModalOutlet } from '../../shared/ui/modal-queue/index.ts';

/** Loaded with the first popup of the page: the dialog of the modal queue. */
export function ModalOverlay() {
  const { t } = useTranslation();
  return <ModalOutlet closeLabel={t('modal_close')} />;
}
