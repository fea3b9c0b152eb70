import '@testing-library/jest-dom/vitest';
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A page's code loads on its first visit (the routes' lazy): on a busy 2-core machine the first
// test of a file can wait more than the default second for it.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The console project runs in VM contexts (vitest.config.ts), whose jsdom window has no web
// streams, which MSW's fetch interception needs: Node's own are the classes a browser has.
for (const [name, value] of Object.entries({ ReadableStream, TransformStream, WritableStream })) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

// jsdom has <dialog> but not its modal methods: open and close it as a browser would (the focus
// trap is the browser's; the tests check what the dialog shows and that it opens and closes).
const dialog = globalThis.HTMLDialogElement?.prototype;
if (dialog && typeof dialog.showModal !== 'function') {
  dialog.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
