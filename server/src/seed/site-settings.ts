/** Seeded blocks of the site config payload, one site_settings row each. */
export const seedSettings: Record<string, unknown> = {
  config: {
    refId: 1,
    projectId: 285,
    captchaType: 'none',
    minimumAge: 18,
    nonMultiAccountsSections: ['bonus', 'promo'],
    manualCountryCode: null,
    isCaptchaAllowed: false,
    isHideLogoDe: false,
    officeNavMenuCasinoKey: 'office_nav_casino',
    officeNavMenuBonusesKey: 'office_nav_bonuses',
  },
  currency: {
    id: 1,
    code: 'USD',
    symbol: '$',
    name: 'US Dollar',
    hide: false,
    baseRate: 1,
    minSumBet: 0.2,
    isCrypto: false,
  },
  mainLanguage: { id: 1, locale: 'en' },
  country: { id: 57, code: 'cy' },
  contacts: {
    supportEmail: 'support@example.com',
    supportStartedAt: '00:00',
    supportEndedAt: '23:59',
    consultantColors: ['#1f6feb', '#ffffff'],
    consultantIdByLanguage: { en: 'support-en', ru: 'support-ru', ar: 'support-ar' },
  },
  globalConfig: {
    useCdn: false,
    mainCdnUrl: '',
    copyrightHolder: 'Promo Frame',
    copyrightSinceYear: 2019,
    informationTagsToPage: [
      { menu_key: 'rules', tag: 'rules', icon: 'book', prop_link: '/information/rules', dict_key: 'info_rules' },
    ],
    requiredFieldByDocType: [{ doc_type: 'passport', fields: ['number', 'issued_at'] }],
  },
  promoConfig: {
    promo_modal_config: [{ modal_name: 'daily-win' }, { modal_name: 'gift-box-win' }],
    navigation_promo_banner_data: [{ prop_name: 'theme', value: 'gold' }],
  },
  // Analytics counters by host domain ("*" for any other): a tag manager container and a metrics id.
  counters: {
    '*': [
      { type: 'gtm', code: 'GTM-PF285DM' },
      { type: 'metrika', code: '98500285' },
    ],
    'promo.example.com': [
      { type: 'gtm', code: 'GTM-PF285PR' },
      { type: 'ga4', code: 'G-PF285PROD1' },
      { type: 'metrika', code: '98500286' },
    ],
  },
  uiStyle: {
    defaultTheme: 'dark',
    themes: {
      dark: {
        '--color-bg': '#0b1020',
        '--color-surface': '#141b33',
        '--color-surface-raised': '#1c2545',
        '--color-text': '#f3f5ff',
        '--color-text-muted': '#a9b1d6',
        '--color-accent': '#ffb800',
        '--color-accent-contrast': '#1a1200',
        '--color-brand': '#2f6bff',
        '--color-border': '#2a3560',
        '--color-danger': '#ff5a6e',
      },
      light: {
        '--color-bg': '#f4f6fb',
        '--color-surface': '#ffffff',
        '--color-surface-raised': '#eef1f8',
        '--color-text': '#10162b',
        '--color-text-muted': '#4a5373',
        '--color-accent': '#8a5a00',
        '--color-accent-contrast': '#ffffff',
        '--color-brand': '#1f4fd6',
        '--color-border': '#d3d9ea',
        '--color-danger': '#c4203a',
      },
    },
    // The project's own sprite, from the frame build's sprites directory.
    errorSpriteUrl: null,
    colorSchemeUrl: '/genfiles/cms/styles/color-scheme.css',
    cssVariablesUrl: '/genfiles/cms/styles/css-variables.css',
  },
  /**
   * The dictionary's extra block per language (spec 5): the project's own wording over the locale
   * files', here its search and link-preview description, which names the site.
   */
  dictionaryExtra: {
    en: {
      meta_description:
        'PromoBet promotions: bonuses, free bets, prize wheels, tournaments and lotteries, each with its prizes and rules.',
    },
    ru: {
      meta_description:
        'Акции PromoBet: бонусы, фрибеты, колесо призов, турниры и лотереи, каждая с призами и правилами.',
    },
    ar: {
      meta_description: 'عروض PromoBet: مكافآت ورهانات مجانية وعجلة جوائز وبطولات ويانصيب، كل منها بجوائزه وقواعده.',
    },
  },
};

export const seedLanguages = [
  { id: 1, code: 'en', title: 'English', sortOrder: 1 },
  { id: 2, code: 'ru', title: 'Русский', sortOrder: 2 },
  { id: 3, code: 'ar', title: 'العربية', sortOrder: 3 },
];
