import type { PromoDraft, PromoTexts } from '@promo/contract';

// The content check (issue 40: run on the seed's files and on every save of the console).

/** Each placeholder a text may use, and whether the promotion has the value it stands for. */
const PLACEHOLDERS: Readonly<Record<string, (content: PromoDraft) => boolean>> = {
  percent: (c) => c.terms.percent !== undefined,
  maxBonus: (c) => c.terms.maxBonus !== undefined,
  minDeposit: (c) => c.terms.minDeposit !== undefined,
  minStake: (c) => c.terms.minStake !== undefined,
  minOdds: (c) => c.terms.minOdds !== undefined,
  minLegs: (c) => c.terms.minLegs !== undefined,
  wager: (c) => c.terms.wager !== undefined,
  freespins: (c) => c.terms.freespins !== undefined,
  refundPercent: (c) => c.terms.refundPercent !== undefined,
  maxRefund: (c) => c.terms.maxRefund !== undefined,
  validDays: (c) => c.terms.validDays !== undefined,
  sport: (c) => (c.terms.sportIds?.length ?? 0) > 0,
  topPrize: (c) => c.prizes.length > 0,
};
export const PROMO_PLACEHOLDERS = Object.keys(PLACEHOLDERS);

const textsOf = (texts: PromoTexts): string[] => [
  texts.title,
  texts.summary,
  ...texts.about,
  ...texts.rules,
  ...texts.faq.flatMap(({ q, a }) => [q, a]),
];

/** Currency signs, codes and names in the site's languages (whole words: "الأوروبية" is not a rupee). */
const MONEY_WORDS =
  /[$€£₽₹₸]|\b(USD|EUR|RUB|INR|KZT|dollars?|euros?|roubles?|rubles?|rupees?)\b|доллар|(?<![а-яё])евро(?![а-яё])|рубл|тенге|рупи[йяюе]|(?<![\u0600-\u06ff])(?:ال|بال|لل|ب)?(?:دولار|يورو|روبل|روبية|تنغي)/i;

/** The placeholders of a text, in order ("{{maxBonus}}" gives maxBonus). */
const placeholderNames = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map(([, name = '']) => name);
const placeholdersOf = (text: string) => placeholderNames(text).sort();

/** A translation says what the English says: as many items, each with the same placeholders. */
function translationProblems(language: string, en: PromoTexts, texts: PromoTexts): string[] {
  const problems = (['about', 'rules', 'faq'] as const)
    .filter((key) => texts[key].length !== en[key].length)
    .map((key) => `${language}: ${texts[key].length} ${key} items where English has ${en[key].length}`);
  if (problems.length > 0) return problems;
  const english = textsOf(en);
  textsOf(texts).forEach((text, index) => {
    const expected = placeholdersOf(english[index] ?? '').join(', ');
    if (placeholdersOf(text).join(', ') !== expected) {
      problems.push(`${language}: "${text.slice(0, 40)}" must have the placeholders of its English text (${expected})`);
    }
  });
  return problems;
}

interface NounForms {
  /** After a bare number, by the number's plural category. */
  counted: Partial<Record<Intl.LDMLPluralRule, string>>;
  /** After a preposition that takes the genitive ("из 4 событий"): for one, for any other number. */
  genitive?: readonly [string, string];
}

/**
 * The forms a noun takes after a number, for the nouns the texts put after a count placeholder
 * ("{{validDays}} дней"): a form that does not fit the promotion's value is wrong.
 */
const NOUN_FORMS: Readonly<Record<string, readonly NounForms[]>> = {
  ru: [
    { counted: { one: 'день', few: 'дня', many: 'дней', other: 'дня' }, genitive: ['дня', 'дней'] },
    { counted: { one: 'раз', few: 'раза', many: 'раз', other: 'раза' }, genitive: ['раза', 'раз'] },
    { counted: { one: 'фриспин', few: 'фриспина', many: 'фриспинов' }, genitive: ['фриспина', 'фриспинов'] },
    { counted: { one: 'событие', few: 'события', many: 'событий' }, genitive: ['события', 'событий'] },
    { counted: { one: 'ставка', few: 'ставки', many: 'ставок' }, genitive: ['ставки', 'ставок'] },
  ],
  ar: [
    { counted: { one: 'يوم', two: 'يومان', few: 'أيام', many: 'يومًا', other: 'يوم' } },
    { counted: { one: 'مرة', two: 'مرتان', few: 'مرات', many: 'مرة', other: 'مرة' } },
    { counted: { one: 'لفة', two: 'لفتان', few: 'لفات', many: 'لفة', other: 'لفة' } },
  ],
};
/** Words before a number that put the noun after it in the genitive. */
const GENITIVE_BEFORE = new Set(['из', 'от', 'до', 'течение', 'более', 'менее', 'около', 'свыше']);

const RULES = new Map<string, Intl.PluralRules>();
const pluralRules = (language: string): Intl.PluralRules => {
  const known = RULES.get(language);
  if (known) return known;
  const rules = new Intl.PluralRules(language);
  RULES.set(language, rules);
  return rules;
};

/** A count placeholder followed by a noun in the form its value needs in `language`. */
function agreementProblems(language: string, text: string, content: PromoDraft): string[] {
  const nouns = NOUN_FORMS[language];
  if (!nouns) return [];
  const rules = pluralRules(language);
  const problems: string[] = [];
  const pattern = /(\p{L}+)?\s*\{\{(\w+)\}\}\s+([^\s.,;:!?()«»"]+)/gu;
  for (const [, before = '', name = '', word = ''] of text.matchAll(pattern)) {
    const value = content.terms[name as keyof PromoDraft['terms']];
    if (typeof value !== 'number') continue;
    const noun = nouns.find(({ counted, genitive = [] }) => [...Object.values(counted), ...genitive].includes(word));
    if (!noun) continue;
    const wanted =
      noun.genitive && GENITIVE_BEFORE.has(before.toLowerCase())
        ? noun.genitive[rules.select(value) === 'one' ? 0 : 1]
        : noun.counted[rules.select(value)];
    if (wanted !== word) problems.push(`${language}: "{{${name}}} ${word}" must read "${wanted}" for ${value}`);
  }
  return problems;
}

/**
 * Problems a content file has beyond its schema: placeholders it cannot fill, money typed as text,
 * a translation that differs from the English in its items or placeholders.
 */
export function contentProblems(content: PromoDraft): string[] {
  const problems: string[] = [];
  for (const [language, texts] of Object.entries(content.texts)) {
    if (!texts) continue;
    if (language !== 'en' && content.texts.en) problems.push(...translationProblems(language, content.texts.en, texts));
    for (const text of textsOf(texts)) {
      problems.push(...agreementProblems(language, text, content));
      for (const name of placeholderNames(text)) {
        const has = PLACEHOLDERS[name];
        if (!has) problems.push(`${language}: unknown placeholder {{${name}}}`);
        else if (!has(content)) problems.push(`${language}: {{${name}}} but the promotion has no ${name}`);
      }
      // Money is shown in the player's currency by the page: a text never names an amount of one.
      if (MONEY_WORDS.test(text)) {
        problems.push(`${language}: money written as text in "${text.slice(0, 60)}"`);
      }
    }
  }
  return problems;
}
