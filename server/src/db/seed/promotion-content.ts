import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PromoContent, type PromoTexts, promoContentSchema } from '@promo/contract';

/** The content files the server seeds: one JSON file per promotion, named by its slug. */
export const PROMO_CONTENT_DIR = fileURLToPath(new URL('../../../content/promotions/', import.meta.url));

/** Each placeholder a text may use, and whether the promotion has the value it stands for. */
const PLACEHOLDERS: Readonly<Record<string, (content: PromoContent) => boolean>> = {
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

const textsOf = (texts: Partial<PromoTexts>): string[] => [
  texts.title ?? '',
  texts.summary ?? '',
  ...(texts.about ?? []),
  ...(texts.rules ?? []),
  ...(texts.faq ?? []).flatMap(({ q, a }) => [q, a]),
];

/** Problems a content file has beyond its schema: placeholders it cannot fill, money typed as text. */
export function contentProblems(content: PromoContent): string[] {
  const problems: string[] = [];
  for (const [language, texts] of Object.entries(content.texts)) {
    if (!texts) continue;
    for (const text of textsOf(texts)) {
      for (const [, name = ''] of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
        const has = PLACEHOLDERS[name];
        if (!has) problems.push(`${language}: unknown placeholder {{${name}}}`);
        else if (!has(content)) problems.push(`${language}: {{${name}}} but the promotion has no ${name}`);
      }
      // Money is shown in the player's currency by the page: a text never names an amount of one.
      if (/[$€£₽₹]|\b(USD|EUR|RUB|INR|KZT|dollars?)\b/i.test(text)) {
        problems.push(`${language}: money written as text in "${text.slice(0, 60)}"`);
      }
    }
  }
  return problems;
}

/** Reads, validates and checks every content file; an invalid file stops the server with its name. */
export function loadPromoContent(dir = PROMO_CONTENT_DIR): PromoContent[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const parsed = promoContentSchema.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
        throw new Error(`Promotion content ${file}: ${issues.join('; ')}`);
      }
      const problems = contentProblems(parsed.data);
      if (parsed.data.slug !== file.replace(/\.json$/, '')) problems.push('slug differs from the file name');
      if (problems.length > 0) throw new Error(`Promotion content ${file}: ${problems.join('; ')}`);
      return parsed.data;
    });
}
