import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import common from '../../server/locales/en/common.json' with { type: 'json' };
import home from '../../server/locales/en/home.json' with { type: 'json' };
import lotto from '../../server/locales/en/lotto.json' with { type: 'json' };
import promotions from '../../server/locales/en/promotions.json' with { type: 'json' };
import { applyDictionary, i18n } from '../src/shared/i18n/index.ts';
import { initialGlobalState, useGlobalStore } from '../src/shared/model/index.ts';
import { ModalOutlet, modalQueue } from '../src/shared/ui/modal-queue/index.ts';

/**
 * The English texts the server seeds (server/locales/en), every unit a page can load (the dev
 * tools' aside): tests read what a player reads.
 */
export const loadEnglish = (): Promise<void> => applyDictionary('en', { ...common, ...home, ...lotto, ...promotions });

/**
 * Renders a feature as a page would: a fresh query cache (no query retries and no wait before a
 * money call's resends, so a failure shows at once),
 * the English texts, the player (`userId`, null for a visitor) in the global store, and the
 * popup outlet, so a test sees the popups a player sees.
 */
export function renderFeature(ui: ReactNode, player: { userId: number | null; currency?: string } = { userId: 7 }) {
  useGlobalStore.setState({
    ...initialGlobalState,
    userId: player.userId,
    currentLanguage: 'en',
    geoCurrencyCode: player.currency ?? 'USD',
  });
  for (let open = modalQueue.current(); open; open = modalQueue.current()) modalQueue.close(open.id);
  // A money hook's own resends of a lost call (its retry option wins over the default) come at once:
  // the test counts them and their keys, not the 1 s and 2 s the player waits.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false, retryDelay: 0 } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        {ui}
        <ModalOutlet closeLabel="Close" />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
