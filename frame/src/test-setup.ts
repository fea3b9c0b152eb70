import '@testing-library/jest-dom/vitest';
import { webcrypto } from 'node:crypto';
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// The frame project runs in VM contexts (vitest.config.ts: one jsdom per worker). jsdom's window
// there has no web streams, which MSW's fetch interception needs, and no WebCrypto digest, which the
// wheel's fairness check uses: Node's own are the classes a browser has.
for (const [name, value] of Object.entries({ ReadableStream, TransformStream, WritableStream })) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true, writable: true });
}
