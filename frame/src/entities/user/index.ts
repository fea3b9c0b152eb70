export { useAccountsTotal } from './api/accounts-total.ts';
export {
  balanceQuery,
  balanceQueryKey,
  loadPlayerCurrency,
  playerCurrency,
  prefetchForPlayer,
  setActiveAccount,
  useBalance,
  usePlayerCurrency,
} from './api/balance.ts';
export { signInWithAppToken } from './api/mobile-token-auth.ts';
export { disconnect, fastLogin } from './api/password-sign-in.ts';
export { requestSecureCookie } from './api/secure-cookie.ts';
export { fetchSessionUser, sessionUserQuery } from './api/session-user.ts';
export { loadPlayerCountry, playerCountry, usePlayerCountry, userConfigQuery } from './api/user-config.ts';
