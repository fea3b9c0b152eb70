import { AUTH_ENDPOINTS, MOBILE_CURRENCY_HEADER, MOBILE_PROJECT_ID_HEADER } from '@promo/contract';
import { callEndpoint } from '../../../shared/api/index.ts';

/**
 * POST mobile/v1/token/auth: signs the web session in with the app's token (from its auth
 * cookie). The app's currency and project id travel as extra headers.
 */
export const signInWithAppToken = (appToken: string, extra: { currencyCode?: string; projectId?: number }) =>
  callEndpoint(
    AUTH_ENDPOINTS.mobileTokenAuth,
    {
      params: {},
      headers: {
        authorization: `Bearer ${appToken}`,
        ...(extra.currencyCode ? { [MOBILE_CURRENCY_HEADER]: extra.currencyCode } : {}),
        ...(extra.projectId !== undefined ? { [MOBILE_PROJECT_ID_HEADER]: String(extra.projectId) } : {}),
      },
    },
    // No session yet: the call goes without one.
    null,
  );
