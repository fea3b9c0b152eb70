import fc from 'fast-check';
import { expect, test } from 'vitest';
import { tokenResponseSchema } from './session.ts';
import { siteConfigSchema } from './site-config.ts';
import { propertyRuns } from './testing.ts';

const theme = { '--color-bg': '#000', '--color-text': '#fff' };
const VALID = {
  lang: 'en',
  uiStyle: { defaultTheme: 'dark', themes: { dark: theme, light: theme }, errorSpriteUrl: null },
  languages: [{ id: 1, title: 'English', code: 'en' }],
  mainLanguage: { id: 1, locale: 'en' },
  dictionary: { home_title: 'Home' },
  config: {
    refId: 1,
    projectId: 285,
    captchaType: 'none',
    minimumAge: 18,
    nonMultiAccountsSections: [],
    manualCountryCode: null,
    isCaptchaAllowed: false,
    isHideLogoDe: false,
    officeNavMenuCasinoKey: 'a',
    officeNavMenuBonusesKey: 'b',
  },
  currency: {
    id: 1,
    code: 'USD',
    symbol: '$',
    name: 'Dollar',
    hide: false,
    baseRate: 1,
    minSumBet: 0,
    isCrypto: false,
  },
  country: { id: 1, code: 'cy' },
  contacts: {
    supportEmail: 'a@b.c',
    supportStartedAt: '00:00',
    supportEndedAt: '23:59',
    consultantColors: [],
    consultantIdByLanguage: {},
  },
  globalConfig: {
    useCdn: false,
    mainCdnUrl: '',
    copyrightHolder: 'X',
    copyrightSinceYear: 2019,
    informationTagsToPage: [],
    requiredFieldByDocType: [],
  },
  promoConfig: { promo_modal_config: [], navigation_promo_banner_data: [] },
  iframe: { allowedHostOrigins: ['https://host.example'] },
};
const TOP_KEYS = Object.keys(VALID) as Array<keyof typeof VALID>;

test('the reference payload is valid (the properties below start from it)', () => {
  expect(siteConfigSchema.safeParse(VALID).success).toBe(true);
});

test('any value: the config parser never throws, and what it accepts parses again unchanged', () => {
  fc.assert(
    fc.property(fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true, withSet: true }), (value) => {
      const result = siteConfigSchema.safeParse(value);
      if (result.success) expect(siteConfigSchema.safeParse(result.data).data).toEqual(result.data);
    }),
    propertyRuns('config: arbitrary values'),
  );
});

test('a payload missing any block is rejected', () => {
  fc.assert(
    fc.property(fc.constantFrom(...TOP_KEYS), (key) => {
      const { [key]: _dropped, ...rest } = VALID;
      expect(siteConfigSchema.safeParse(rest).success).toBe(false);
    }),
    propertyRuns('config: missing block'),
  );
});

test('a block replaced by a value of another kind is rejected', () => {
  const notAnObject = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer()));
  fc.assert(
    fc.property(fc.constantFrom(...TOP_KEYS.filter((k) => k !== 'lang')), notAnObject, (key, value) => {
      expect(siteConfigSchema.safeParse({ ...VALID, [key]: value }).success).toBe(false);
    }),
    propertyRuns('config: wrong kind of block'),
  );
});

test('a dictionary with any non-string value is rejected; any string map is accepted', () => {
  fc.assert(
    fc.property(
      fc.dictionary(fc.string(), fc.string()),
      // zod drops a __proto__ key instead of reading it (tested below), so it cannot make a map invalid.
      fc.string().filter((key) => key !== '__proto__'),
      fc.oneof(fc.integer(), fc.constant(null), fc.object()),
      (dictionary, badKey, badValue) => {
        expect(siteConfigSchema.safeParse({ ...VALID, dictionary }).success).toBe(true);
        expect(
          siteConfigSchema.safeParse({ ...VALID, dictionary: { ...dictionary, [badKey]: badValue } }).success,
        ).toBe(false);
      },
    ),
    propertyRuns('config: dictionary values'),
  );
});

test('a __proto__ entry in the dictionary is dropped, never turned into a prototype', () => {
  const result = siteConfigSchema.safeParse({ ...VALID, dictionary: JSON.parse('{"__proto__":{"x":1},"a":"b"}') });
  expect(result.success).toBe(true);
  expect(Object.getPrototypeOf(result.data?.dictionary)).toBe(Object.prototype);
  expect(Object.hasOwn(result.data?.dictionary ?? {}, '__proto__')).toBe(false);
  expect(result.data?.dictionary.a).toBe('b');
});

test('unknown keys, __proto__ included, are dropped and pollute nothing', () => {
  fc.assert(
    fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (extra) => {
      const hostile = JSON.parse(`{"__proto__":{"polluted":true},${JSON.stringify(VALID).slice(1)}`);
      const result = siteConfigSchema.safeParse({ ...extra, ...hostile });
      expect(result.success).toBe(true);
      expect(Object.keys(result.data ?? {}).sort()).toEqual([...TOP_KEYS].sort());
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }),
    propertyRuns('config: unknown keys'),
  );
});

test('token responses: only a non-empty string token is accepted', () => {
  fc.assert(
    fc.property(fc.anything(), (token) => {
      const result = tokenResponseSchema.safeParse({ token });
      expect(result.success).toBe(typeof token === 'string' && token.length > 0);
    }),
    propertyRuns('token response'),
  );
});
