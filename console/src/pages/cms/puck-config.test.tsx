import '../../test/puck-dom.ts';
import { Render } from '@puckeditor/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { expect, test, vi } from 'vitest';
import { createQueryClient } from '../../api/queries.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { cmsPuckConfig } from './puck-config.tsx';
import { textsToData } from './puck-data.ts';

test('Puck renders a page language with the frame’s own CMS block components, amounts filled', async () => {
  const i18n = await createI18n('en');
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const data = textsToData({
    title: 'Welcome',
    description: '',
    blocks: [
      {
        id: 'hero',
        type: 'hero',
        props: {
          title: 'Welcome pack',
          text: 'Top up with {{min}}',
          amounts: { min: { amount: '10', currencyCode: 'USD' } },
        },
      },
      { id: 'steps', type: 'steps', props: { title: 'Three steps', items: [{ title: 'Register', text: 'Now' }] } },
      { id: 'feedback', type: 'feedbackPoll', props: { question: '?' } },
    ],
  });
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <Render config={cmsPuckConfig(i18n.t, 'en')} data={data} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  // The frame's hero: its heading (h1 unless it chooses) and its text with the amount as players read it.
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome pack' })).toBeInTheDocument();
  expect(screen.getByText('Top up with $10')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Three steps' })).toBeInTheDocument();
  expect(
    screen.getByText('A block of a newer CMS (feedbackPoll): kept as it is, the frame skips it.'),
  ).toBeInTheDocument();
  expect(warn).not.toHaveBeenCalled();
});
