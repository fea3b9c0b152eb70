import { useTranslation } from 'react-i18next';
import { buttonClass, HostLink, type HostTarget } from '../../../shared/ui/index.ts';

/**
 * The render prop an action takes for its way to a host section (the cashier, the identity
 * check): a link styled as the page's main button, labelled by this dictionary key.
 */
export function useHostButton(target: HostTarget, labelKey: string) {
  const { t } = useTranslation();
  return () => (
    <HostLink target={target} className={buttonClass()}>
      {t(labelKey)}
    </HostLink>
  );
}
