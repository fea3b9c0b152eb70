import { CONSOLE_ENDPOINTS, FEED_HEALTH_ENDPOINTS, SUPPORT_ENDPOINTS } from '@promo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { call } from '../api/client.ts';
import { queryKeys, useMe } from '../api/queries.ts';
import { mayCall } from '../lib/roles.ts';
import { RoleBadge } from '../ui/badges.tsx';
import { LanguageSwitch } from '../ui/language-switch.tsx';
import { LoadError, useErrorText } from '../ui/problem.tsx';
import { StaffContext } from './staff-context.tsx';

/** What the shell does once the member's session is ended on purpose: to the sign-in page, no "expired". */
const SignedOutContext = createContext<(() => void) | null>(null);

/** After ending the member's own session (sign-out, or this browser's from the sessions list). */
export function useSignedOut(): () => void {
  const signedOut = useContext(SignedOutContext);
  if (!signedOut) throw new Error('useSignedOut outside the signed-in shell');
  return signedOut;
}

/**
 * The signed-in console: a skip link, the top bar (product, nav of the sections the role may open,
 * who is signed in, sign-out, language) and the page. Without a session it sends the member to
 * sign in, and back here after.
 */
export function Shell() {
  const { t } = useTranslation();
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const errorText = useErrorText();
  const [menuOpen, setMenuOpen] = useState(false);
  const wasSignedIn = useRef(false);
  const signingOut = useRef(false);
  const signedOut = useCallback(() => {
    signingOut.current = true;
    client.clear();
    client.setQueryData(queryKeys.me, null);
    navigate('/sign-in', { replace: true });
  }, [client, navigate]);
  const signOut = useMutation({ mutationFn: () => call(CONSOLE_ENDPOINTS.signOut), onSuccess: signedOut });
  // The menu (narrow screens) closes on every navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger
  useEffect(() => setMenuOpen(false), [location.pathname]);

  if (me.isPending) {
    return (
      <p className="page-status" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (me.isError) {
    return (
      <main id="main" className="page-status">
        <h1>{t('app.name')}</h1>
        <LoadError error={me.error} onRetry={() => void me.refetch()} />
      </main>
    );
  }
  if (me.data === null) {
    if (signingOut.current) return <Navigate to="/sign-in" replace />;
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    const expired = wasSignedIn.current ? '&expired=1' : '';
    return <Navigate to={`/sign-in?next=${next}${expired}`} replace />;
  }
  wasSignedIn.current = true;
  const staff = me.data;

  return (
    <StaffContext.Provider value={staff}>
      <a className="skip-link" href="#main">
        {t('app.skip')}
      </a>
      <header className="topbar">
        <Link to="/promotions" className="product">
          {t('app.name')}
        </Link>
        <button
          type="button"
          className="button menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="console-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {t('app.menu')}
        </button>
        <div className={menuOpen ? 'topbar-menu open' : 'topbar-menu'} id="console-nav">
          <nav aria-label={t('app.navigation')}>
            <ul className="nav-list">
              <li>
                <NavLink to="/promotions">{t('nav.promotions')}</NavLink>
              </li>
              <li>
                <NavLink to="/cms">{t('cms.nav')}</NavLink>
              </li>
              <li>
                <NavLink to="/art">{t('nav.art')}</NavLink>
              </li>
              <li>
                <NavLink to="/audit">{t('nav.audit')}</NavLink>
              </li>
              {mayCall(staff.role, SUPPORT_ENDPOINTS.playerSearch) ? (
                <>
                  <li>
                    <NavLink to="/support">{t('nav.support')}</NavLink>
                  </li>
                  <li>
                    <NavLink to="/adjustments">{t('nav.adjustments')}</NavLink>
                  </li>
                </>
              ) : null}
              {mayCall(staff.role, FEED_HEALTH_ENDPOINTS.feedHealth) ? (
                <li>
                  <NavLink to="/feed">{t('feed.nav')}</NavLink>
                </li>
              ) : null}
              {mayCall(staff.role, CONSOLE_ENDPOINTS.staff) ? (
                <li>
                  <NavLink to="/staff">{t('nav.staff')}</NavLink>
                </li>
              ) : null}
              {mayCall(staff.role, CONSOLE_ENDPOINTS.operatorKeys) ? (
                <li>
                  <NavLink to="/keys">{t('nav.keys')}</NavLink>
                </li>
              ) : null}
            </ul>
          </nav>
          <div className="who">
            <span className="login">{staff.login}</span>
            <RoleBadge role={staff.role} />
            <NavLink to="/sessions">{t('sessions.link')}</NavLink>
          </div>
          <LanguageSwitch />
          <button type="button" className="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {t('app.signOut')}
          </button>
          {signOut.isError ? (
            <p className="field-error" role="alert">
              {errorText(signOut.error)}
            </p>
          ) : null}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <SignedOutContext.Provider value={signedOut}>
          <Outlet />
        </SignedOutContext.Provider>
      </main>
    </StaffContext.Provider>
  );
}
