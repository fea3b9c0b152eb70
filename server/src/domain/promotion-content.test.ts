import type { PromoContent, PromoDraft, PromoTexts, PromotionProblem } from '@promo/contract';
import { describe, expect, test } from 'vitest';
import { loadPromoContent } from '../seed/promotion-content.ts';
import { PROBLEM_CODES, rewordProblems } from './problem-texts.ts';
import { contentProblems } from './promotion-content.ts';
import { publishProblems } from './promotion-versions.ts';

// "1st" reads wager 5 and validDays 30, has no free spins, and is written in all three languages.
const [first] = loadPromoContent().filter((content) => content.slug === '1st');
if (!first) throw new Error('1st content missing');
const { en, ru } = first.texts;

const withTexts = (language: 'en' | 'ru', texts: Partial<PromoTexts>): PromoContent => ({
  ...first,
  texts: { ...first.texts, [language]: { ...first.texts[language], ...texts } },
});

type Check = (language: string) => PromotionProblem[];
const content =
  (draft: PromoDraft): Check =>
  (language) =>
    contentProblems(draft, language);
const publish =
  (draft: PromoDraft): Check =>
  (language) =>
    publishProblems(draft, language);

/** Every problem the checks can find: a draft that has it, where, and what each language says. */
const PROBLEMS: ReadonlyArray<{
  code: string;
  check: Check;
  path: PromotionProblem['path'];
  messages: Readonly<Record<'en' | 'ru' | 'ar', string>>;
}> = [
  {
    code: 'language_missing',
    check: publish({ ...first, texts: { en, ar: first.texts.ar } }),
    path: ['texts', 'ru'],
    messages: { en: 'ru: no texts yet', ru: 'ru: текстов ещё нет', ar: 'ru: لا توجد نصوص بعد' },
  },
  {
    code: 'translation_items',
    check: content(withTexts('ru', { rules: [...ru.rules, 'Лишнее правило.'] })),
    path: ['texts', 'ru', 'rules'],
    messages: {
      en: 'ru: 2 rules items where English has 1',
      ru: 'ru: в списке «Правила» пунктов: 2, а в английском: 1',
      ar: 'ru: عدد عناصر «القواعد» هو 2 بينما في الإنجليزية 1',
    },
  },
  {
    code: 'translation_placeholders',
    check: content(withTexts('ru', { summary: 'Бонус без подстановок.' })),
    path: ['texts', 'ru', 'summary'],
    messages: {
      en: 'ru: "Бонус без подстановок." must have the placeholders of its English text (maxBonus, percent)',
      ru: 'ru: в «Бонус без подстановок.» должны быть те же подстановки, что в английском тексте (maxBonus, percent)',
      ar: 'ru: يجب أن يحتوي «Бонус без подстановок.» على العناصر النائبة نفسها الموجودة في النص الإنجليزي (maxBonus, percent)',
    },
  },
  {
    code: 'placeholder_unknown',
    check: content(withTexts('en', { title: 'First Deposit {{jackpot}}' })),
    path: ['texts', 'en', 'title'],
    messages: {
      en: 'en: unknown placeholder {{jackpot}}',
      ru: 'en: неизвестная подстановка {{jackpot}}',
      ar: 'en: عنصر نائب غير معروف {{jackpot}}',
    },
  },
  {
    code: 'placeholder_unbacked',
    check: content(withTexts('en', { rules: ['Wagering counts on {{freespins}} spins.'] })),
    path: ['texts', 'en', 'rules', 0],
    messages: {
      en: 'en: {{freespins}} but the promotion has no freespins',
      ru: 'en: в тексте {{freespins}}, а у акции нет значения freespins',
      ar: 'en: يرد {{freespins}} لكن العرض لا يحتوي على freespins',
    },
  },
  {
    code: 'money_in_text',
    check: content(withTexts('ru', { about: ['Бонус до 500 ₽ на первый депозит.'] })),
    path: ['texts', 'ru', 'about', 0],
    messages: {
      en: 'ru: money written as text in "Бонус до 500 ₽ на первый депозит."',
      ru: 'ru: сумма в валюте написана текстом в «Бонус до 500 ₽ на первый депозит.»',
      ar: 'ru: مبلغ مالي مكتوب نصًا في «Бонус до 500 ₽ на первый депозит.»',
    },
  },
  {
    code: 'noun_agreement',
    check: content(
      withTexts('ru', { faq: [{ q: 'Сколько раз?', a: '{{wager}} раза в течение {{validDays}} дней.' }] }),
    ),
    path: ['texts', 'ru', 'faq', 0, 'a'],
    messages: {
      en: 'ru: "{{wager}} раза" must read "раз" for 5',
      ru: 'ru: в «{{wager}} раза» при значении 5 нужна форма «раз»',
      ar: 'ru: في «{{wager}} раза» يجب أن تكون الكلمة «раз» للقيمة 5',
    },
  },
  {
    code: 'term_not_read',
    check: publish({ ...first, terms: { ...first.terms, refundPercent: 50 } }),
    path: ['terms', 'refundPercent'],
    messages: {
      en: `${first.mechanic} reads no refundPercent`,
      ru: `механика ${first.mechanic} не использует условие refundPercent`,
      ar: `الآلية ${first.mechanic} لا تستخدم الشرط refundPercent`,
    },
  },
  {
    code: 'schema_too_small',
    check: publish(withTexts('en', { title: 'x' })),
    path: ['texts', 'en', 'title'],
    messages: {
      en: 'Too small: expected string to have >=2 characters',
      ru: 'Слишком маленькое значение: ожидалось, что string будет иметь >=2 символа',
      ar: 'أصغر من اللازم: يفترض لـ string أن يكون >= 2 حرف',
    },
  },
];

describe('each problem has its code, its field and a sentence in the reader’s language', () => {
  test('the table has a draft for every code of the content check', () => {
    expect(PROBLEM_CODES.filter((code) => !PROBLEMS.some((row) => row.code === code))).toEqual([]);
  });

  test('the seed’s promotion has none', () => {
    expect(publishProblems(first)).toEqual([]);
  });

  test.each(
    PROBLEMS.flatMap((row) => (['en', 'ru', 'ar'] as const).map((language) => [row.code, language, row] as const)),
  )('%s in %s', (code, language, { check, path, messages }) => {
    const found = check(language).filter((problem) => problem.code === code);
    expect(found.map((problem) => [problem.path, problem.message])).toEqual([[path, messages[language]]]);
  });

  test('a language the server has no sentences in reads English', () => {
    const [row] = PROBLEMS;
    expect(row?.check('de').map((problem) => problem.message)).toEqual(row?.check('en').map((p) => p.message));
  });
});

test('a failed publication’s problems in the audit log read in the reader’s language, a schema one as stored', () => {
  const stored = publishProblems({ ...first, texts: { en: { ...en, title: 'x' } } });
  expect(stored.map((problem) => problem.message)).toEqual([
    'ru: no texts yet',
    'ar: no texts yet',
    'Too small: expected string to have >=2 characters',
  ]);
  const diff = rewordProblems({ problems: [null, stored], scheduledVersion: [3, null] } as const, 'ru');
  expect(diff.scheduledVersion).toEqual([3, null]);
  expect((diff.problems[1] as PromotionProblem[]).map((problem) => problem.message)).toEqual([
    'ru: текстов ещё нет',
    'ar: текстов ещё нет',
    'Too small: expected string to have >=2 characters',
  ]);
  // An entry written before problems had codes (its lines are strings) is shown as it was.
  expect(rewordProblems({ problems: [null, ['ru: no texts yet']] }, 'ru').problems).toEqual([
    null,
    ['ru: no texts yet'],
  ]);
});
