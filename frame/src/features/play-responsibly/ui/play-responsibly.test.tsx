import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { applyDictionary, i18n } from '../../../shared/i18n/index.ts';
import { PlayResponsibly, RESPONSIBLE_NOTICE_ID } from './play-responsibly.tsx';

beforeAll(async () => {
  await applyDictionary('en', { play_responsibly: 'Play responsibly', play_responsibly_age: '{{age}}+' });
});
afterEach(() => {
  vi.restoreAllMocks();
  delete document.documentElement.dataset.embedded;
  document.body.innerHTML = '';
});

function renderWithNotice() {
  const scrolled = vi.fn();
  Element.prototype.scrollIntoView = scrolled;
  const sent = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
  render(
    <I18nextProvider i18n={i18n}>
      <PlayResponsibly />
      <p id={RESPONSIBLE_NOTICE_ID} tabIndex={-1}>
        Gambling is for adults.
      </p>
    </I18nextProvider>,
  );
  return { scrolled, sent, notice: screen.getByText('Gambling is for adults.') };
}

test('alone or in an app the frame scrolls to the notice and focuses it', async () => {
  const { scrolled, sent, notice } = renderWithNotice();
  await userEvent.click(screen.getByRole('link', { name: '18+ Play responsibly' }));
  expect(scrolled).toHaveBeenCalledWith({ block: 'end' });
  expect(sent).not.toHaveBeenCalled();
  expect(document.activeElement).toBe(notice);
});

test('framed, the host is asked to scroll to the bottom (scrollToBottom), and the notice takes focus', async () => {
  document.documentElement.dataset.embedded = 'true';
  const { scrolled, sent, notice } = renderWithNotice();
  await userEvent.click(screen.getByRole('link', { name: '18+ Play responsibly' }));
  expect(sent).toHaveBeenCalledWith('scrollToBottom', {});
  expect(scrolled).not.toHaveBeenCalled();
  expect(document.activeElement).toBe(notice);
});

test('before the notice has arrived, the reader still goes to the foot of the page', async () => {
  const scrolled = vi.fn();
  window.scrollTo = scrolled as unknown as typeof window.scrollTo;
  const sent = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
  render(
    <I18nextProvider i18n={i18n}>
      <PlayResponsibly />
    </I18nextProvider>,
  );
  await userEvent.click(screen.getByRole('link', { name: '18+ Play responsibly' }));
  expect(scrolled).toHaveBeenCalledWith({ top: document.documentElement.scrollHeight });
  expect(sent).not.toHaveBeenCalled();
  document.documentElement.dataset.embedded = 'true';
  await userEvent.click(screen.getByRole('link', { name: '18+ Play responsibly' }));
  expect(sent).toHaveBeenCalledWith('scrollToBottom', {});
});
