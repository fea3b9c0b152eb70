import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { setDialogBand } from './dialog-band.ts';
import { ModalOutlet } from './modal-outlet.tsx';
import { createModalQueue } from './modal-queue.ts';

afterEach(() => setDialogBand(null));

const twoButtons = {
  name: 'confirm',
  title: 'Confirm',
  render: (close: () => void) => (
    <>
      <button type="button">First action</button>
      <button type="button" onClick={close}>
        Last action
      </button>
    </>
  ),
};

test('without a band the dialog is centred in the viewport; with one it sits in the band and follows it', () => {
  const queue = createModalQueue();
  render(<ModalOutlet queue={queue} closeLabel="Close" />);
  act(() => {
    queue.open(twoButtons);
  });
  const dialog = screen.getByRole('dialog', { hidden: true });
  expect(dialog.hasAttribute('data-band')).toBe(false);
  expect(dialog.style.getPropertyValue('--band-top')).toBe('');

  act(() => setDialogBand({ top: 1756, height: 844 }));
  expect(dialog.hasAttribute('data-band')).toBe(true);
  expect(dialog.style.getPropertyValue('--band-top')).toBe('1756px');
  expect(dialog.style.getPropertyValue('--band-height')).toBe('844px');
  act(() => setDialogBand({ top: 2000, height: 600 }));
  expect(dialog.style.getPropertyValue('--band-top')).toBe('2000px');
});

test('Tab and Shift+Tab wrap inside the dialog; closing gives focus back to the opener', () => {
  const queue = createModalQueue();
  render(
    <>
      <button type="button" onClick={() => queue.open(twoButtons)}>
        Take the bonus
      </button>
      <ModalOutlet queue={queue} closeLabel="Close" />
    </>,
  );
  const opener = screen.getByRole('button', { name: 'Take the bonus' });
  opener.focus();
  act(() => opener.click());
  const dialog = screen.getByRole('dialog', { hidden: true });
  const close = screen.getByRole('button', { name: 'Close', hidden: true });
  const last = screen.getByRole('button', { name: 'Last action', hidden: true });

  last.focus();
  fireEvent.keyDown(dialog, { key: 'Tab' });
  expect(document.activeElement).toBe(close);
  fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
  expect(document.activeElement).toBe(last);
  // A Tab from a control in the middle is left to the browser.
  close.focus();
  fireEvent.keyDown(dialog, { key: 'Tab' });
  expect(document.activeElement).toBe(close);

  act(() => last.click());
  expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  expect(document.activeElement).toBe(opener);
});
