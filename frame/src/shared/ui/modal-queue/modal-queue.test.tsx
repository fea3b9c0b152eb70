import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { ModalOutlet } from './modal-outlet.tsx';
import { createModalQueue, type ModalEvent } from './modal-queue.ts';

function Broken(): never {
  throw new Error('broken popup');
}

const spec = (name: string, onClose?: () => void) => ({
  name,
  title: `Title ${name}`,
  render: (close: () => void) => (
    <button type="button" onClick={close}>
      done {name}
    </button>
  ),
  onClose,
});

test('popups show one at a time in the order asked, with open and close events', () => {
  const queue = createModalQueue();
  const events: ModalEvent[] = [];
  queue.onEvent((event) => events.push(event));
  render(<ModalOutlet queue={queue} closeLabel="Close" />);
  const closedFirst = vi.fn();
  act(() => {
    queue.open(spec('first', closedFirst));
    queue.open(spec('second'));
  });
  expect(screen.getAllByRole('dialog', { hidden: true })).toHaveLength(1);
  expect(screen.getByText('Title first')).toBeTruthy();
  expect(screen.queryByText('Title second')).toBeNull();

  fireEvent.click(screen.getByText('done first'));
  expect(closedFirst).toHaveBeenCalledOnce();
  expect(screen.getByText('Title second')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Close', hidden: true }));
  expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  expect(events.map((e) => `${e.type}:${e.name}`)).toEqual([
    'open:first',
    'close:first',
    'open:second',
    'close:second',
  ]);
});

test('a popup dropped before its turn never opens; Escape closes the open one', () => {
  const queue = createModalQueue();
  const events: string[] = [];
  queue.onEvent((event) => events.push(`${event.type}:${event.name}`));
  render(<ModalOutlet queue={queue} closeLabel="Close" />);
  act(() => {
    queue.open(spec('a'));
    const dropB = queue.open(spec('b'));
    queue.open(spec('c'));
    dropB();
  });
  expect(queue.size()).toBe(2);
  const dialog = screen.getByRole('dialog', { hidden: true });
  fireEvent(dialog, new Event('cancel', { cancelable: true }));
  expect(screen.getByText('Title c')).toBeTruthy();
  expect(events).toEqual(['open:a', 'close:a', 'open:c']);
});

test('a popup that fails to render is logged and closed, and the next one shows', () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const queue = createModalQueue();
  render(<ModalOutlet queue={queue} closeLabel="Close" />);
  act(() => {
    queue.open({ name: 'broken', title: 'Broken', render: () => <Broken /> });
    queue.open(spec('after'));
  });
  expect(screen.getByText('Title after')).toBeTruthy();
  expect(error.mock.calls.some(([message]) => String(message).includes('modal "broken" failed'))).toBe(true);
  error.mockRestore();
});
