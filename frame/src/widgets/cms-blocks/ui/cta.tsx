import type { CtaTarget } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestRegistration, requestSignIn } from '../../../features/auth-prompt/index.ts';
import {
  allGamesEntrancePath,
  bettingPath,
  livePath,
  officePath,
  promotionPath,
  thirdPartyPath,
} from '../../../shared/config/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { Button, buttonClass, HostLink } from '../../../shared/ui/index.ts';

/** The host page of each host-section kind (spec 2's builders: each sends its own message). */
const HOST_TARGETS = {
  recharge: () => officePath('recharge'),
  slots: () => thirdPartyPath({ section: 'slots' }),
  liveCasino: () => thirdPartyPath({ section: 'liveCasino' }),
  line: () => bettingPath({ section: 'line' }),
  live: () => livePath(),
  allGames: () => allGamesEntrancePath(),
  promotions: () => promotionPath(''),
} as const;

export function CallToAction({
  label,
  target,
  variant = 'primary',
}: {
  label: string;
  target: CtaTarget;
  variant?: 'primary' | 'secondary';
}) {
  const language = useGlobalStore((s) => s.currentLanguage);
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  const { t } = useTranslation();
  switch (target.kind) {
    case 'registration':
    case 'signIn':
      // Without a host to ask, a visitor gets the site's deposit page link instead of a dead button.
      return hostAvailable ? (
        <Button variant={variant} onClick={() => (target.kind === 'signIn' ? requestSignIn() : requestRegistration())}>
          {label}
        </Button>
      ) : (
        <HostLink target={officePath('recharge')} className={buttonClass(variant)}>
          {label || t('promo_cta_join')}
        </HostLink>
      );
    case 'page':
      return (
        <Link to={`/${language}/${target.path}`} className={buttonClass(variant)}>
          {label}
        </Link>
      );
    default: {
      const host = HOST_TARGETS[target.kind]();
      return (
        <HostLink target={host} className={buttonClass(variant)}>
          {label}
        </HostLink>
      );
    }
  }
}
