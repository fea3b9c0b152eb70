import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { useGlobalStore } from '../../shared/model/index.ts';
import { ProgressBar, useDocumentLanguage } from '../../shared/ui/index.ts';
import { useHostIntegration } from '../host/use-host-integration.ts';
import { useUserSession } from '../session/use-user-session.ts';
import { OfflineBanner } from './offline-banner.tsx';
import { useScrollRestoration } from './use-scroll-restoration.ts';

/** Applies the config's CSS custom properties for the chosen theme to :root. */
function useTheme(): void {
  const uiStyle = useGlobalStore((s) => s.siteConfig?.uiStyle);
  const theme = useGlobalStore((s) => s.theme);
  useEffect(() => {
    if (!uiStyle) return;
    const name = theme === 'default' ? uiStyle.defaultTheme : theme;
    const root = document.documentElement;
    root.dataset.theme = name;
    for (const [property, value] of Object.entries(uiStyle.themes[name])) root.style.setProperty(property, value);
  }, [uiStyle, theme]);
}

/**
 * The project's stylesheets (spec 5: its colour scheme and CSS variables), linked once the page is
 * up, over the frame's own styles, which hold until they load (and stand alone without them). They
 * go last in the document, after the frame's stylesheets (whose links the build puts at the end of
 * the body), so that where both set something, the project's wins.
 */
function useProjectStylesheets(): void {
  const colorSchemeUrl = useGlobalStore((s) => s.siteConfig?.uiStyle.colorSchemeUrl);
  const cssVariablesUrl = useGlobalStore((s) => s.siteConfig?.uiStyle.cssVariablesUrl);
  useEffect(() => {
    const links = [colorSchemeUrl, cssVariablesUrl].flatMap((href) => {
      if (!href || document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return [];
      const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
      link.dataset.projectStyles = '';
      return [link];
    });
    document.body.append(...links);
    return () => {
      for (const link of links) link.remove();
    };
  }, [colorSchemeUrl, cssVariablesUrl]);
}

/** Spec 3 view type: a host that forces the mobile view gets the one-column layouts at any width. */
function useViewType(): void {
  const forceMobile = useGlobalStore((s) => s.isForceMobile);
  useEffect(() => {
    const root = document.documentElement;
    if (forceMobile) root.dataset.view = 'mobile';
    else delete root.dataset.view;
  }, [forceMobile]);
}

/** Shell of every page: document language and direction, theme, progress bar, scroll position. */
export function RootLayout() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  useDocumentLanguage(language);
  useTheme();
  useProjectStylesheets();
  useViewType();
  useScrollRestoration();
  useHostIntegration(true);
  useUserSession();
  return (
    <>
      <ProgressBar active={navigation.state !== 'idle'} label={t('progress_bar_label')} />
      <OfflineBanner />
      <Outlet />
    </>
  );
}
