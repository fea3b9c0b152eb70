import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PromoContent, promoContentSchema } from '@promo/contract';
import { contentProblems } from '../domain/promotion-content.ts';

/** The content files the server seeds: one JSON file per promotion, named by its slug. */
export const PROMO_CONTENT_DIR = fileURLToPath(new URL('../../content/promotions/', import.meta.url));

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
      const problems = contentProblems(parsed.data).map(({ message }) => message);
      if (parsed.data.slug !== file.replace(/\.json$/, '')) problems.push('slug differs from the file name');
      if (problems.length > 0) throw new Error(`Promotion content ${file}: ${problems.join('; ')}`);
      return parsed.data;
    });
}
