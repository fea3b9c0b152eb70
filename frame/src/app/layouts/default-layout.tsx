import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useGlobalStore } from '../../shared/store/index.ts';
import { SiteFooter } from '../../widgets/site-footer/index.ts';
import { AppSplash } from './app-splash.tsx';
import styles from './layouts.module.css';

/** Spec 2: overlay container for modals and dropdowns; the page renders only with a loaded config. */
export function DefaultLayout() {
  const configLoaded = useGlobalStore((s) => s.siteConfig !== null);
  if (!configLoaded) return <AppSplash />;
  return (
    <div className={styles.page}>
      <main id="content" className={styles.main}>
        <Suspense fallback={<AppSplash />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <div id="overlay-root" className={styles.overlay} />
    </div>
  );
}
