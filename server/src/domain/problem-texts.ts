import { type ArtRefusal, type PromotionProblem, promotionProblemSchema } from '@promo/contract';
import { ar, en, ru } from 'zod/locales';
import type { z } from 'zod/mini';

/**
 * The sentences of a promotion's problems (issue 40), one table per language keyed by the
 * problem's code, `{{name}}` filled from its params. This is their one source: the seed's check,
 * the console's answers and the audit log all read them here. They are not in the dictionaries
 * because the dictionaries' common unit goes to every player inside the frame's config, and these
 * are for operators only. A schema problem (`schema_<zod issue code>`) is worded by zod's own
 * locale of the language, passed to that one parse (no global zod config: the language is the
 * request's). A language without a table reads English.
 */
const EN = {
  language_missing: '{{language}}: no texts yet',
  translation_items: '{{language}}: {{count}} {{list}} items where English has {{english}}',
  translation_placeholders: '{{language}}: "{{text}}" must have the placeholders of its English text ({{expected}})',
  placeholder_unknown: '{{language}}: unknown placeholder {{placeholder}}',
  placeholder_unbacked: '{{language}}: {{placeholder}} but the promotion has no {{name}}',
  money_in_text: '{{language}}: money written as text in "{{text}}"',
  noun_agreement: '{{language}}: "{{placeholder}} {{word}}" must read "{{wanted}}" for {{value}}',
  term_not_read: '{{mechanic}} reads no {{term}}',
} as const;

/**
 * The machine-readable codes of the content checks and of the content schema's own rules (a
 * schema problem's is `schema_<zod code>` otherwise).
 */
export type ProblemCode = keyof typeof EN;
export const PROBLEM_CODES = Object.keys(EN) as ProblemCode[];
type Sentences = Readonly<Record<ProblemCode, string>>;

/** The text lists a translation is counted by, as each language names them (`{{list}}`). */
type Lists = Readonly<Record<'about' | 'rules' | 'faq', string>>;

const TEXTS: Readonly<Record<'en' | 'ru' | 'ar', { sentences: Sentences; lists: Lists; zod: z.core.$ZodErrorMap }>> = {
  en: { sentences: EN, lists: { about: 'about', rules: 'rules', faq: 'faq' }, zod: en().localeError },
  ru: {
    sentences: {
      language_missing: '{{language}}: текстов ещё нет',
      translation_items: '{{language}}: в списке «{{list}}» пунктов: {{count}}, а в английском: {{english}}',
      translation_placeholders:
        '{{language}}: в «{{text}}» должны быть те же подстановки, что в английском тексте ({{expected}})',
      placeholder_unknown: '{{language}}: неизвестная подстановка {{placeholder}}',
      placeholder_unbacked: '{{language}}: в тексте {{placeholder}}, а у акции нет значения {{name}}',
      money_in_text: '{{language}}: сумма в валюте написана текстом в «{{text}}»',
      noun_agreement: '{{language}}: в «{{placeholder}} {{word}}» при значении {{value}} нужна форма «{{wanted}}»',
      term_not_read: 'механика {{mechanic}} не использует условие {{term}}',
    },
    lists: { about: 'Описание', rules: 'Правила', faq: 'Вопросы' },
    zod: ru().localeError,
  },
  ar: {
    sentences: {
      language_missing: '{{language}}: لا توجد نصوص بعد',
      translation_items: '{{language}}: عدد عناصر «{{list}}» هو {{count}} بينما في الإنجليزية {{english}}',
      translation_placeholders:
        '{{language}}: يجب أن يحتوي «{{text}}» على العناصر النائبة نفسها الموجودة في النص الإنجليزي ({{expected}})',
      placeholder_unknown: '{{language}}: عنصر نائب غير معروف {{placeholder}}',
      placeholder_unbacked: '{{language}}: يرد {{placeholder}} لكن العرض لا يحتوي على {{name}}',
      money_in_text: '{{language}}: مبلغ مالي مكتوب نصًا في «{{text}}»',
      noun_agreement: '{{language}}: في «{{placeholder}} {{word}}» يجب أن تكون الكلمة «{{wanted}}» للقيمة {{value}}',
      term_not_read: 'الآلية {{mechanic}} لا تستخدم الشرط {{term}}',
    },
    lists: { about: 'الوصف', rules: 'القواعد', faq: 'الأسئلة' },
    zod: ar().localeError,
  },
};

type Texts = (typeof TEXTS)[keyof typeof TEXTS];
const textsOf = (language: string): Texts => TEXTS[language as keyof typeof TEXTS] ?? TEXTS.en;

export type ProblemParams = PromotionProblem['params'];

/** A content problem in `language`: its sentence with its params filled in. */
export function problem(
  code: ProblemCode,
  path: PromotionProblem['path'],
  params: ProblemParams,
  language = 'en',
): PromotionProblem {
  const { sentences, lists } = textsOf(language);
  const message = sentences[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = String(params[name] ?? '');
    return name === 'list' ? (lists[value as keyof Lists] ?? value) : value;
  });
  return { code, path, params, message };
}

/** The values of an issue a sentence can name: its own fields that are a string or a number. */
const issueParams = (issue: z.core.$ZodIssue): ProblemParams =>
  Object.fromEntries(
    Object.entries(issue).filter(
      ([key, value]) => !['code', 'path', 'message'].includes(key) && ['string', 'number'].includes(typeof value),
    ),
  ) as ProblemParams;

/** What a schema refuses in `value`, each issue a problem worded in `language` by zod's locale. */
export function schemaProblems(schema: z.ZodMiniType, value: unknown, language = 'en'): PromotionProblem[] {
  const parsed = schema.safeParse(value, { error: textsOf(language).zod });
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const path = issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment)));
    // A rule of the content schema names its problem code (params.problem): its sentence is ours.
    const own = issue.code === 'custom' ? (issue.params as ProblemParams | undefined) : undefined;
    if (own && typeof own.problem === 'string' && Object.hasOwn(EN, own.problem)) {
      const { problem: code, ...params } = own;
      return problem(code as ProblemCode, path, params, language);
    }
    return { code: `schema_${issue.code}`, path, params: issueParams(issue), message: issue.message };
  });
}

/**
 * An audit entry's changes with the problems they list (a scheduled publication that failed its
 * checks, stored in English) worded in `language`; a schema problem keeps the words it was stored with.
 */
export function rewordProblems<D extends Readonly<Record<string, readonly [unknown, unknown]>>>(
  diff: D,
  language: string,
): D {
  const reword = (item: unknown) => {
    const parsed = promotionProblemSchema.safeParse(item);
    if (!parsed.success || !Object.hasOwn(EN, parsed.data.code)) return item;
    const { code, path, params } = parsed.data;
    return problem(code as ProblemCode, path, params, language);
  };
  const side = (value: unknown) => (Array.isArray(value) ? value.map(reword) : value);
  return Object.fromEntries(
    Object.entries(diff).map(([path, [before, after]]) => [path, [side(before), side(after)]]),
  ) as unknown as D;
}

/**
 * The sentences of a refused upload or deletion of art (decision 048), by its code (contract
 * ART_REFUSALS), in the operator's language; `{{name}}` filled from its params. Operators' words,
 * like the problems above: not in the players' dictionaries.
 */
const ART_TEXTS: Readonly<Record<'en' | 'ru' | 'ar', Readonly<Record<ArtRefusal, string>>>> = {
  en: {
    art_type: '"{{name}}" is not a PNG, JPEG, WebP or SVG image (whatever its name says)',
    art_name_mismatch:
      '"{{name}}" is named as {{named}} but its bytes are {{actual}}: upload the real file, or name it for what it is',
    art_too_large: '"{{name}}" is {{size}}; uploads may be at most {{limit}}',
    art_too_many_pixels: '"{{name}}" is {{pixels}}; art may be at most {{limit}}',
    art_corrupt: '"{{name}}" is truncated or damaged and cannot be read',
    art_svg_script: '"{{name}}" contains a script or an event handler ({{what}}); SVG art may not run code',
    art_svg_external: '"{{name}}" refers to something outside itself ({{what}}); SVG art must be self-contained',
    art_exists: 'This file was uploaded before, as "{{name}}"',
    art_in_use: '"{{name}}" is shown by {{list}} and cannot be deleted',
  },
  ru: {
    art_type: '«{{name}}» — не изображение PNG, JPEG, WebP или SVG (что бы ни говорило его имя)',
    art_name_mismatch:
      '«{{name}}» назван как {{named}}, но на деле это {{actual}}: загрузите настоящий файл или переименуйте его',
    art_too_large: '«{{name}}» весит {{size}}; загрузить можно не больше {{limit}}',
    art_too_many_pixels: 'Размер «{{name}}» — {{pixels}}; допускается не больше {{limit}}',
    art_corrupt: '«{{name}}» обрезан или повреждён, его не прочитать',
    art_svg_script: 'В «{{name}}» есть скрипт или обработчик событий ({{what}}); SVG не может выполнять код',
    art_svg_external: '«{{name}}» ссылается на внешний ресурс ({{what}}); SVG должен быть самодостаточным',
    art_exists: 'Этот файл уже загружен под именем «{{name}}»',
    art_in_use: '«{{name}}» используется ({{list}}), удалить нельзя',
  },
  ar: {
    art_type: '«{{name}}» ليس صورة PNG أو JPEG أو WebP أو SVG (مهما كان اسمه)',
    art_name_mismatch: 'اسم «{{name}}» يدل على {{named}} لكن محتواه {{actual}}: ارفع الملف الحقيقي أو غيّر اسمه',
    art_too_large: 'حجم «{{name}}» هو {{size}}؛ الحد الأقصى للرفع {{limit}}',
    art_too_many_pixels: 'أبعاد «{{name}}» هي {{pixels}}؛ الحد الأقصى {{limit}}',
    art_corrupt: '«{{name}}» مبتور أو تالف ولا يمكن قراءته',
    art_svg_script: 'يحتوي «{{name}}» على نص برمجي أو معالج أحداث ({{what}})؛ لا يجوز أن يشغّل SVG أي شيفرة',
    art_svg_external: 'يشير «{{name}}» إلى مورد خارجي ({{what}})؛ يجب أن يكون SVG مكتفيًا بذاته',
    art_exists: 'تم رفع هذا الملف من قبل باسم «{{name}}»',
    art_in_use: '«{{name}}» مستخدم في {{list}} ولا يمكن حذفه',
  },
};

/** A refused upload or deletion of art, worded in `language` (English when the server has none in it). */
export function artRefusalText(code: ArtRefusal, params: ProblemParams, language = 'en'): string {
  const sentences = ART_TEXTS[language as keyof typeof ART_TEXTS] ?? ART_TEXTS.en;
  return sentences[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
