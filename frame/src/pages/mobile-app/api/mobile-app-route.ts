import { type LoaderFunctionArgs, replace } from 'react-router';
import { getHref } from '../../../shared/config/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { mobileAppSignIn } from './mobile-app-sign-in.ts';

/**
 * mobile-app/{promoName} and mobile-app/bonus/{bonusName}: sign in, then go to the promotion (or
 * the bonus CMS page) in the same language. The history entry is replaced, so Back leaves the app page.
 */
export async function mobileAppLoader({ params }: LoaderFunctionArgs): Promise<Response> {
  const userId = await mobileAppSignIn(useGlobalStore.getState().siteConfig);
  if (userId !== null) useGlobalStore.setState({ userId });
  const target = params.bonusName
    ? getHref('cmsPage', { cmsPageType: 'bonus', cmsPage: params.bonusName }, params.lng)
    : getHref('promotion', { name: params.promoName ?? '' }, params.lng);
  return replace(target);
}
