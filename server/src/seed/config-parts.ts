import { type ConfigPart, type ConfigPartName, CREDENTIALS_SAVE } from '@promo/contract';

/** Seeded config parts (spec 3 "other parts"), one site_settings row each under "part.{name}". */
export const seedConfigParts: { [N in ConfigPartName]: ConfigPart<N> } = {
  global: { useCdn: false, mainCdnUrl: '', defaultSourceId: 55, unit: 'mBTC' },
  betting: { minStake: '0.20', maxStake: '5000.00', acceptOddsChange: 'up' },
  support: {
    startedAt: '06:00',
    endedAt: '21:00',
    email: 'support@example.com',
    consultant: {
      colors: ['#1f6feb', '#ffffff'],
      idByLanguage: { en: 'support-en', ru: 'support-ru', ar: 'support-ar' },
    },
  },
  coupon: { maxEvents: 30, quickStakes: ['5', '10', '25', '50'] },
  cyber: { sportIds: [40, 85], livePath: '/live/esports' },
  application: {
    androidUrl: 'https://example.com/app/promo-frame.apk',
    iosUrl: 'https://apps.apple.com/app/id0000000000',
    minAndroidVersion: '8.0',
  },
  modules: { lotto: true, wheel: true, tournaments: true, promoStore: true, bringfriend: true, toto: false },
  toto: { enabled: false, minStake: '1.00' },
  footer: {
    groups: [
      {
        dict_key: 'footer_group_company',
        links: [
          { dict_key: 'footer_link_about', path: '/information/about' },
          { dict_key: 'footer_link_contacts', path: '/information/contacts' },
        ],
      },
      {
        dict_key: 'footer_group_rules',
        links: [
          { dict_key: 'footer_link_terms', path: '/information/terms' },
          { dict_key: 'footer_link_privacy', path: '/information/privacy' },
          { dict_key: 'footer_link_responsible', path: '/information/responsible-gaming' },
        ],
      },
    ],
  },
  header: {
    logoUrl: '/genfiles/cms/logo.svg',
    menu: [
      { dict_key: 'header_menu_sport', path: '/line' },
      { dict_key: 'header_menu_live', path: '/live' },
      { dict_key: 'header_menu_casino', path: '/casino' },
    ],
  },
  auth: { auth_types: ['fast_reg', 'phone_reg', 'full_reg', 'soc_reg'], socials: ['google', 'telegram', 'apple'] },
  office: {
    required_field_by_doc_type: [
      { doc_type: 'passport', fields: ['number', 'issued_at', 'expires_at'] },
      { doc_type: 'id_card', fields: ['number', 'expires_at'] },
      { doc_type: 'driving_licence', fields: ['number', 'issued_at'] },
    ],
  },
  thirdparty: { tournamentsEnabled: true, fingerprintAppPath: '/fingerprint/fingerprint.js' },
  bringfriend: { enabled: true, rewardPercent: 25, maxFriends: 50, path: '/office/bringfriend' },
  registration: {
    defaultType: 'phone_reg',
    firstBonusChoices: [0, 1, 2],
    promocodeAllowed: true,
    credentialsSave: CREDENTIALS_SAVE.file,
  },
  globalEvent: { active: false, slug: null, endsAt: null },
  bannerWidgets: [
    { slot: 'lotto-top', promotion: 'lucky-day' },
    { slot: 'promotions-top', promotion: 'daily-wheel' },
  ],
  customize: { roundedCorners: true, compactCards: false },
  captcha: { type: 'none', siteKey: '' },
  responsible: {
    minimumAge: 18,
    dict_key: 'footer_responsible_notice',
    helpUrl: 'https://www.begambleaware.org/',
    limitsPath: '/office/account',
  },
  licence: {
    number: '8048/JAZ2016-050',
    issuer: 'Curaçao Gaming Control Board',
    validationUrl: 'https://cert.gcb.cw/certificate?id=8048',
  },
  information: {
    tags_to_page: [
      { menu_key: 'rules', tag: 'rules', icon: 'book', prop_link: '/information/rules', dict_key: 'info_tag_rules' },
      { menu_key: 'bonus', tag: 'bonus', icon: 'gift', prop_link: '/information/bonus', dict_key: 'info_tag_bonus' },
      { menu_key: 'faq', tag: 'faq', icon: 'question', prop_link: '/information/faq', dict_key: 'info_tag_faq' },
    ],
  },
  promo: {
    promo_modal_config: [{ modal_name: 'daily-win' }, { modal_name: 'gift-box-win' }],
    navigation_promo_banner_data: [{ prop_name: 'theme', value: 'gold' }],
  },
};
