import { expect, test } from 'vitest';
import { jsonForScript } from './server-render.ts';

test('JSON for a script element cannot end or change the element, and reads back the same', () => {
  const data = { text: '</script><script>alert(1)</script><!-- x', line: 'a\u2028b\u2029c' };
  const json = jsonForScript(data);
  expect(json).not.toContain('<');
  expect(json).not.toMatch(/[\u2028\u2029]/);
  expect(JSON.parse(json)).toEqual(data);
});
