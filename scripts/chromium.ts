/**
 * Debian's Chromium and the flags it needs here (root, no GPU, closed network): one list for the
 * end-to-end tests and the bench.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
