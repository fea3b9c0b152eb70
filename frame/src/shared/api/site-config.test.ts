import { answerTag } from '@promo/contract';
import { afterEach, expect, test, vi } from 'vitest';
import { fetchSiteConfig } from './site-config.ts';

const HASH = 'N8gb3MWnJkSZCw7gXAuGLmDesM9';
/** An answer of the config route with its entity tag (brotli's, as a browser gets it). */
const answer = (body: unknown, hash = HASH) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json', etag: answerTag(hash, 'br') },
      }),
  );
/** Not a config: the schema refuses it (no languages, no dictionary). */
const notAConfig = { lang: 'en' };

afterEach(() => vi.unstubAllGlobals());

test('a config of another answer than the rendered one is checked: a malformed one is a bad gateway', async () => {
  vi.stubGlobal('fetch', answer(notAConfig, 'x'.repeat(27)));
  await expect(fetchSiteConfig('en', {}, HASH)).rejects.toMatchObject({ statusCode: 502 });
  vi.stubGlobal('fetch', answer(notAConfig));
  await expect(fetchSiteConfig('en')).rejects.toMatchObject({ statusCode: 502 });
});

test('the answer a page was rendered with is taken as the server checked it, without the schema', async () => {
  vi.stubGlobal('fetch', answer(notAConfig));
  // Unchecked here: the same bytes the server validated with the same schema and rendered with.
  await expect(fetchSiteConfig('en', {}, HASH)).resolves.toEqual(notAConfig);
});
