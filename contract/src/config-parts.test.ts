import { expect, test } from 'vitest';
import { CONFIG_PART_SCHEMAS } from './config-parts.ts';

const thirdparty = (fingerprintAppPath: string) =>
  CONFIG_PART_SCHEMAS.thirdparty.safeParse({ tournamentsEnabled: true, fingerprintAppPath }).success;

// Decision 034: the frame's CSP allows scripts of its own origin only.
test.each([
  { path: '/fingerprint/fingerprint.js', accepted: true },
  { path: '/fingerprint/v2/fp.min.js', accepted: true },
  { path: '/fingerprint/fp.js?v=2', accepted: false },
  { path: '/fingerprint/../promo-frame/assets/app.js', accepted: false },
  { path: '/fingerprint/.hidden.js', accepted: false },
  { path: '/fingerprint/', accepted: false },
  { path: '/fingerprint/fp.css', accepted: false },
  { path: '/other/fingerprint.js', accepted: false },
  { path: 'fingerprint/fingerprint.js', accepted: false },
  { path: '//cdn.example.com/fingerprint/fp.js', accepted: false },
  { path: 'https://cdn.example.com/fingerprint/fp.js', accepted: false },
  { path: 'javascript:alert(1)//fingerprint/x.js', accepted: false },
  { path: '', accepted: false },
])('the fingerprint app path $path is accepted: $accepted', ({ path, accepted }) => {
  expect(thirdparty(path)).toBe(accepted);
});
