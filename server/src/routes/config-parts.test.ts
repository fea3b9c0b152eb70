import { CONFIG_PART_NAMES, CONFIG_PART_SCHEMAS, configPartUrl } from '@promo/contract';
import { describe, expect, test } from 'vitest';
import { seedDictionaries } from '../seed/index.ts';
import { useTestServer } from '../testing.ts';

describe('config parts of spec 3', () => {
  const server = useTestServer(undefined);

  test.each(CONFIG_PART_NAMES)('part %s is served, valid against its contract schema', async (name) => {
    const response = await server.app.inject({ url: configPartUrl(name) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(CONFIG_PART_SCHEMAS[name].safeParse(response.json()).success).toBe(true);
  });

  test('what the footer shows: licence, support hours, notice, information tags, links', async () => {
    const get = async (name: Parameters<typeof configPartUrl>[0]) =>
      (await server.app.inject({ url: configPartUrl(name) })).json();
    expect(await get('licence')).toMatchObject({ number: '8048/JAZ2016-050', issuer: 'Curaçao Gaming Control Board' });
    expect(await get('support')).toMatchObject({ startedAt: '06:00', endedAt: '21:00' });
    expect(await get('responsible')).toMatchObject({ minimumAge: 18, dict_key: 'footer_responsible_notice' });
    expect((await get('information')).tags_to_page).toHaveLength(3);
    expect((await get('auth')).auth_types).toContain('fast_reg');
    expect((await get('office')).required_field_by_doc_type[0]).toEqual({
      doc_type: 'passport',
      fields: ['number', 'issued_at', 'expires_at'],
    });
  });

  test('the fingerprint app path of the thirdparty part is a script the server serves (spec 7, decision 034)', async () => {
    const { fingerprintAppPath } = (await server.app.inject({ url: configPartUrl('thirdparty') })).json();
    const script = await server.app.inject({ url: fingerprintAppPath });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain('window.PromoFingerprint');
  });

  test('every dictionary key a part names exists in en, ru and ar', async () => {
    const keys: string[] = [];
    for (const name of CONFIG_PART_NAMES) {
      JSON.stringify((await server.app.inject({ url: configPartUrl(name) })).json(), (key, value) => {
        if (key === 'dict_key') keys.push(value);
        return value;
      });
    }
    expect(keys.length).toBeGreaterThan(10);
    for (const lang of ['en', 'ru', 'ar']) {
      expect(keys.filter((key) => !seedDictionaries[lang]?.[key])).toEqual([]);
    }
  });

  test.each([
    '/promo-frame/bff-api/config/part/nothing.json',
    '/promo-frame/bff-api/config/part/licence',
    '/promo-frame/bff-api/config/part/__proto__.json',
    '/promo-frame/bff-api/config/part/toString.json',
  ])('%s is a 404 with a machine-readable code', async (url) => {
    const response = await server.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'not_found', message: 'Not found.' });
  });
});
