// Checks promotion content files: npm run content:check -w server [-- slug ...] (no slugs: every file).
import { readdirSync, readFileSync } from 'node:fs';
import { promoContentSchema } from '@promo/contract';
import { contentProblems } from '../src/domain/promotion-content.ts';
import { PROMO_CONTENT_DIR } from '../src/seed/promotion-content.ts';

const slugs = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(PROMO_CONTENT_DIR).map((f) => f.replace('.json', ''));
let bad = 0;
for (const slug of slugs) {
  const raw = JSON.parse(readFileSync(`${PROMO_CONTENT_DIR}${slug}.json`, 'utf8'));
  const parsed = promoContentSchema.safeParse(raw);
  const problems = parsed.success
    ? contentProblems(parsed.data).map(({ message }) => message)
    : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (problems.length) {
    bad++;
    console.log(`${slug}: ${problems.join('; ')}`);
  }
}
console.log(`${slugs.length - bad}/${slugs.length} files OK`);
if (bad > 0) process.exitCode = 1;
