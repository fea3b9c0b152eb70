import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { ModalOutlet } from '../modal-queue/modal-outlet.tsx';
import { modalQueue } from '../modal-queue/modal-queue.ts';
import { askToConfirm, useAskFirst } from './modal-message.tsx';

// Without dictionaries, buttons read their keys (confirm_cancel is "Not now").
afterEach(() => {
  for (let modal = modalQueue.current(); modal; modal = modalQueue.current()) act(() => modalQueue.close(modal.id));
});

const question = { name: 'test-confirm', title: 'Take it?', text: 'Once only.', confirm: 'Yes, take it' };

test('the question resolves true when confirmed and false when cancelled or closed', async () => {
  render(<ModalOutlet closeLabel="Close" />);
  let yes: Promise<boolean> = Promise.resolve(false);
  act(() => {
    yes = askToConfirm('a', 'Take it?', 'Once only.', 'Yes, take it');
  });
  expect(screen.getByRole('dialog', { name: 'Take it?' }).textContent).toContain('Once only.');
  fireEvent.click(screen.getByRole('button', { name: 'Yes, take it' }));
  await expect(yes).resolves.toBe(true);
  expect(screen.queryByRole('dialog')).toBeNull();

  let no: Promise<boolean> = Promise.resolve(true);
  act(() => {
    no = askToConfirm('b', 'Take it?', 'Once only.', 'Yes, take it');
  });
  fireEvent.click(screen.getByRole('button', { name: 'confirm_cancel' }));
  await expect(no).resolves.toBe(false);

  let closed: Promise<boolean> = Promise.resolve(true);
  act(() => {
    closed = askToConfirm('c', 'Take it?', 'Once only.', 'Yes, take it');
  });
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  await expect(closed).resolves.toBe(false);
});

test('a burst of presses asks once and acts once; a no acts never', async () => {
  render(<ModalOutlet closeLabel="Close" />);
  const { result } = renderHook(() => useAskFirst());
  const act1 = vi.fn();
  const presses: Array<Promise<void>> = [];
  act(() => {
    for (let i = 0; i < 10; i += 1) presses.push(result.current(question, act1));
  });
  expect(modalQueue.size()).toBe(1);
  fireEvent.click(screen.getByRole('button', { name: 'Yes, take it' }));
  await act(() => Promise.all(presses));
  expect(act1).toHaveBeenCalledOnce();

  const act2 = vi.fn();
  let press: Promise<void> = Promise.resolve();
  act(() => {
    press = result.current(question, act2);
  });
  fireEvent.click(screen.getByRole('button', { name: 'confirm_cancel' }));
  await act(() => press);
  expect(act2).not.toHaveBeenCalled();
});
