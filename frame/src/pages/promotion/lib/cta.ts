import type { PromoCta } from '@promo/contract';
import {
  bettingPath,
  fastGamesPath,
  informationPath,
  livePath,
  officePath,
  promoStorePath,
  teamLineLivePath,
  thirdPartyPath,
} from '../../../shared/config/index.ts';
import type { HostTarget } from '../../../shared/ui/index.ts';

/** What the call to action says, by where it goes. */
const LABELS: Record<PromoCta['to'], string> = {
  betting: 'promo_cta_bet',
  casino: 'promo_cta_play',
  'fast-games': 'promo_cta_play',
  office: 'promo_cta_deposit',
  'promo-store': 'promo_cta_store',
  information: 'promo_cta_read',
  lotto: 'promo_cta_lotto',
};

/**
 * The host page a promotion's call to action opens (spec 2's path builders), or null for one inside
 * the frame (the lotteries). Its label's dictionary key comes with it.
 */
export function ctaTarget(cta: PromoCta): { target: HostTarget | null; label: string } {
  const label = cta.to === 'office' && cta.section === 'identification' ? 'promo_cta_verify' : LABELS[cta.to];
  switch (cta.to) {
    case 'betting':
      // Live offers open the host's live section, or the featured match in it.
      if (cta.oppId !== undefined) return { target: teamLineLivePath(cta.oppId, cta.sportId), label };
      if (cta.section === 'live') return { target: livePath(cta.sportId), label };
      return { target: bettingPath({ section: cta.section, sportId: cta.sportId }), label };
    case 'casino':
      return { target: thirdPartyPath({ section: cta.section }), label };
    case 'fast-games':
      return { target: fastGamesPath(), label };
    case 'office':
      return { target: officePath(cta.section), label };
    case 'promo-store':
      return { target: promoStorePath(), label };
    case 'information':
      return { target: informationPath(cta.page), label };
    case 'lotto':
      return { target: null, label };
  }
}
