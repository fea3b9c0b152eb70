import { expect, test } from 'vitest';
import { initialGlobalState, selectIsAuthorized, useGlobalStore } from './global-store.ts';

test('the global state starts with the spec defaults', () => {
  expect(useGlobalStore.getState()).toMatchObject({
    coefViewId: 0,
    timeZone: 3,
    is12h: 0,
    userId: null,
    siteConfig: null,
    geoCurrencyCode: 'RUB',
    configLoaded: false,
    theme: 'default',
    isForceMobile: false,
    shouldUseOnlyDesktopNotifications: false,
    currentLanguage: 'ru',
    isRtl: false,
    userCountry: { code: null, id: null },
  });
});

test('authorized means a user id is set', () => {
  expect(selectIsAuthorized(initialGlobalState)).toBe(false);
  expect(selectIsAuthorized({ ...initialGlobalState, userId: 42 })).toBe(true);
});
