import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { applyDictionary, i18n } from '../../../shared/i18n/index.ts';
import { ModalOutlet, modalQueue } from '../../../shared/ui/modal-queue/index.ts';
import { DRAW_REPLAY_STEP_MS, DrawReplay, WatchDraw } from './watch-draw.tsx';

const LINE = { main: [4, 17, 23, 38, 41], bonus: [9] };

beforeAll(async () => {
  await applyDictionary('en', {
    lotto_numbers: 'Numbers: {{numbers}}',
    lotto_watch_draw_of: 'Watch the draw: {{title}}',
    lotto_replay_ball: 'Ball {{n}} of {{count}}: {{number}}',
    lotto_replay_bonus: 'Bonus ball: {{number}}',
    lotto_replay_again: 'Watch again',
    lotto_replay_intro: 'The numbers are drawn one by one.',
    lotto_replay_done: 'Draw complete: {{numbers}}',
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const status = () => screen.getByTestId('draw-replay-status').textContent;
const label = () => screen.getByRole('list').getAttribute('aria-label');

test('the balls come out one by one, each announced, and the whole line at the end', async () => {
  vi.useFakeTimers();
  render(
    <I18nextProvider i18n={i18n}>
      <DrawReplay line={LINE} />
    </I18nextProvider>,
  );
  expect(status()).toBe('The numbers are drawn one by one.');
  expect(label()).toBe('Numbers: ');
  act(() => vi.advanceTimersByTime(DRAW_REPLAY_STEP_MS));
  expect(status()).toBe('Ball 1 of 5: 4');
  expect(label()).toBe('Numbers: 4');
  // One ball per step: each is scheduled once the one before is shown.
  for (let ball = 2; ball <= 5; ball += 1) act(() => vi.advanceTimersByTime(DRAW_REPLAY_STEP_MS));
  expect(status()).toBe('Ball 5 of 5: 41');
  expect(screen.queryByRole('button', { name: 'Watch again' })).toBeNull();
  act(() => vi.advanceTimersByTime(DRAW_REPLAY_STEP_MS));
  expect(status()).toBe('Draw complete: 4 17 23 38 41 + 9');
  expect(label()).toBe('Numbers: 4 17 23 38 41 + 9');
  act(() => screen.getByRole('button', { name: 'Watch again' }).click());
  expect(status()).toBe('The numbers are drawn one by one.');
});

test('with reduced motion every ball is out at once', () => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
  render(
    <I18nextProvider i18n={i18n}>
      <DrawReplay line={LINE} />
    </I18nextProvider>,
  );
  expect(status()).toBe('Draw complete: 4 17 23 38 41 + 9');
});

test('Watch the draw opens the replay as full-screen content of the page queue', async () => {
  const events: string[] = [];
  const stop = modalQueue.onEvent((event) => events.push(`${event.type} ${event.name} ${event.fullScreen}`));
  render(
    <I18nextProvider i18n={i18n}>
      <WatchDraw line={LINE} title="Powerball · Draw of 24 Nov" />
      <ModalOutlet closeLabel="Close" />
    </I18nextProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Watch the draw: Powerball · Draw of 24 Nov' }));
  const dialog = screen.getByRole('dialog', { name: 'Powerball · Draw of 24 Nov' });
  expect(dialog.hasAttribute('data-full-screen')).toBe(true);
  expect(screen.getByTestId('draw-replay')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(events).toEqual(['open draw-replay true', 'close draw-replay true']);
  stop();
});
