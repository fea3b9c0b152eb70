import type { SiteConfig } from '@promo/contract';
import { afterEach, expect, test, vi } from 'vitest';
import { initialGlobalState, useGlobalStore } from '../../shared/model/index.ts';
import { applySiteConfigUpdate } from './apply-site-config-update.ts';

const siteConfig = {
  languages: [
    { id: 1, title: 'English', code: 'en' },
    { id: 3, title: 'العربية', code: 'ar' },
  ],
  mainLanguage: { id: 1, locale: 'en' },
} as SiteConfig;

afterEach(() => {
  useGlobalStore.setState(initialGlobalState, true);
  vi.restoreAllMocks();
});

test('maps the message fields onto the global state and marks the config loaded', () => {
  useGlobalStore.setState({ siteConfig, currentLanguage: 'en' });
  applySiteConfigUpdate(
    {
      userId: 7,
      timeZone: 5.5,
      is12h: 1,
      coefView: 2,
      theme: 'light',
      isForceMobile: true,
      geoCurrencyCode: 'eur',
      userCountryCode: 'DE',
    },
    vi.fn(),
  );
  expect(useGlobalStore.getState()).toMatchObject({
    configLoaded: true,
    userId: 7,
    timeZone: 5.5,
    is12h: 1,
    coefViewId: 2,
    theme: 'light',
    isForceMobile: true,
    geoCurrencyCode: 'EUR',
    userCountry: { code: 'DE', id: null },
  });
});

test('a new available language is handed to the navigation', () => {
  useGlobalStore.setState({ siteConfig, currentLanguage: 'en' });
  const changeLanguage = vi.fn();
  applySiteConfigUpdate({ currentLanguage: 'ar' }, changeLanguage);
  expect(changeLanguage).toHaveBeenCalledWith('ar');
});

test('an unavailable language is refused with an error naming it', () => {
  useGlobalStore.setState({ siteConfig, currentLanguage: 'en' });
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const changeLanguage = vi.fn();
  applySiteConfigUpdate({ currentLanguage: 'de' }, changeLanguage);
  expect(changeLanguage).not.toHaveBeenCalled();
  expect(error).toHaveBeenCalledWith('Language "de" is not available');
});

test('signing out clears the user id', () => {
  useGlobalStore.setState({ siteConfig, userId: 7 });
  applySiteConfigUpdate({ userId: null }, vi.fn());
  expect(useGlobalStore.getState().userId).toBeNull();
});
