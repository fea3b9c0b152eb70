import { type PromoDraft, type PromoTexts, type PromotionProblem, placeholderNames } from '@promo/contract';
import { type ProblemCode, type ProblemParams, problem } from './problem-texts.ts';

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

/** Each text of a language with its field's path (['texts', 'ru', 'rules', 2]). */
const textsOf = (language: string, texts: PromoTexts): { path: PromotionProblem['path']; text: string }[] => {
  const at = (...path: (string | number)[]) => ['texts', language, ...path];
  return [
    { path: at('title'), text: texts.title },
    { path: at('summary'), text: texts.summary },
    ...texts.about.map((text, index) => ({ path: at('about', index), text })),
    ...texts.rules.map((text, index) => ({ path: at('rules', index), text })),
    ...texts.faq.flatMap(({ q, a }, index) => [
      { path: at('faq', index, 'q'), text: q },
      { path: at('faq', index, 'a'), text: a },
    ]),
  ];
};

/** A problem before it is worded: its code, its field, the values its sentence names. */
interface Found {
  code: ProblemCode;
  path: PromotionProblem['path'];
  params: ProblemParams;
}

/** Currency signs, codes and names in the site's languages (whole words: "الأوروبية" is not a rupee). */
const MONEY_WORDS =
  /[$€£₽₹₸]|\b(USD|EUR|RUB|INR|KZT|dollars?|euros?|roubles?|rubles?|rupees?)\b|доллар|(?<![а-яё])евро(?![а-яё])|рубл|тенге|рупи[йяюе]|(?<![\u0600-\u06ff])(?:ال|بال|لل|ب)?(?:دولار|يورو|روبل|روبية|تنغي)/i;

const placeholdersOf = (text: string) => placeholderNames(text).sort();

/** A translation says what the English says: as many items, each with the same placeholders. */
function translationProblems(language: string, en: PromoTexts, texts: PromoTexts): Found[] {
  const problems: Found[] = (['about', 'rules', 'faq'] as const)
    .filter((key) => texts[key].length !== en[key].length)
    .map((key) => ({
      code: 'translation_items',
      path: ['texts', language, key],
      params: { language, list: key, count: texts[key].length, english: en[key].length },
    }));
  if (problems.length > 0) return problems;
  const english = textsOf('en', en);
  textsOf(language, texts).forEach(({ path, text }, index) => {
    const expected = placeholdersOf(english[index]?.text ?? '').join(', ');
    if (placeholdersOf(text).join(', ') !== expected) {
      problems.push({
        code: 'translation_placeholders',
        path,
        params: { language, text: text.slice(0, 40), expected },
      });
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
function agreementProblems(
  language: string,
  { path, text }: { path: PromotionProblem['path']; text: string },
  content: PromoDraft,
): Found[] {
  const nouns = NOUN_FORMS[language];
  if (!nouns) return [];
  const rules = pluralRules(language);
  const problems: Found[] = [];
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
    if (wanted !== undefined && wanted !== word) {
      problems.push({
        code: 'noun_agreement',
        path,
        params: { language, placeholder: `{{${name}}}`, word, wanted, value },
      });
    }
  }
  return problems;
}

/**
 * Problems a content file has beyond its schema: placeholders it cannot fill, money typed as text,
 * a translation that differs from the English in its items or placeholders; each with its field
 * and worded in `language` (the seed's check reads the English).
 */
export function contentProblems(content: PromoDraft, language = 'en'): PromotionProblem[] {
  const problems: Found[] = [];
  for (const [textLanguage, texts] of Object.entries(content.texts)) {
    if (!texts) continue;
    if (textLanguage !== 'en' && content.texts.en) {
      problems.push(...translationProblems(textLanguage, content.texts.en, texts));
    }
    for (const entry of textsOf(textLanguage, texts)) {
      const { path, text } = entry;
      problems.push(...agreementProblems(textLanguage, entry, content));
      for (const name of placeholderNames(text)) {
        const has = PLACEHOLDERS[name];
        const params = { language: textLanguage, placeholder: `{{${name}}}`, name };
        if (!has) problems.push({ code: 'placeholder_unknown', path, params });
        else if (!has(content)) problems.push({ code: 'placeholder_unbacked', path, params });
      }
      // Money is shown in the player's currency by the page: a text never names an amount of one.
      if (MONEY_WORDS.test(text)) {
        problems.push({ code: 'money_in_text', path, params: { language: textLanguage, text: text.slice(0, 60) } });
      }
    }
  }
  return problems.map(({ code, path, params }) => problem(code, path, params, language));
}
