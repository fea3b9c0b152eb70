import { lazy } from 'react';
import { Outlet } from 'react-router';
import { HydratingSuspense, onDemand, useHydrated } from '../../shared/lib/rendering/index.ts';
import { useGlobalStore } from '../../shared/model/index.ts';
import { useCurrentModal } from '../../shared/ui/modal-queue/index.ts';
import { AppSplash } from './app-splash.tsx';
import styles from './layouts.module.css';

const AccountBar = lazy(() =>
  import('../../widgets/account-bar/index.ts').then((module) => ({ default: module.AccountBar })),
);
// Below the page: its own chunk (named in every default-layout page's preloads, styles included).
// A server-rendered page has it in the markup, and loads its code before hydrating (below).
const SiteFooter = onDemand(
  () => import('./site-footer.tsx'),
  (module) => module.SiteFooter,
);
const ModalOverlay = lazy(() => import('./modal-overlay.tsx').then((module) => ({ default: module.ModalOverlay })));

/**
 * Before a server-rendered page hydrates: the footer's code, so that the footer hydrates with the
 * page (a tap on its host links before that would follow the plain link inside the frame).
 */
export const prepareDefaultLayout = (): Promise<void> => SiteFooter.preload().then(() => undefined);

/**
 * The account bar's slot: it keeps the bar's height while its chunk loads, so the page below never
 * jumps. The bar renders after hydration; its own component, because the hydrated flag turning
 * true re-renders at once (synchronously) whatever reads it, which here is the slot alone and not
 * the whole page (a 70 ms task on the lottery list, TBT budget).
 */
function AccountBarSlot() {
  const hydrated = useHydrated();
  return (
    <div className={styles.accountSlot}>
      {hydrated && (
        <HydratingSuspense fallback={null}>
          <AccountBar />
        </HydratingSuspense>
      )}
    </div>
  );
}

/** Spec 2: overlay container for modals and dropdowns; the page renders only with a loaded config. */
export function DefaultLayout() {
  const configLoaded = useGlobalStore((s) => s.siteConfig !== null);
  const modalOpen = useCurrentModal() !== null;
  if (!configLoaded) return <AppSplash />;
  return (
    <div className={styles.page}>
      {/* Every page has the bar: a visitor signs in from it, through the host or in the frame itself. */}
      <AccountBarSlot />
      <main id="content" className={styles.main}>
        <HydratingSuspense fallback={<AppSplash />}>
          <Outlet />
        </HydratingSuspense>
      </main>
      <HydratingSuspense fallback={null}>
        <SiteFooter />
      </HydratingSuspense>
      <div id="overlay-root" className={styles.overlay}>
        {modalOpen && (
          <HydratingSuspense fallback={null}>
            <ModalOverlay />
          </HydratingSuspense>
        )}
      </div>
    </div>
  );
}
