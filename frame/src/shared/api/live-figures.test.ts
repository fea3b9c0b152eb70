import { hydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { expect, test, vi } from 'vitest';
import { LIVE_FIGURES, LIVE_FIGURES_MAX_AGE_MS, refreshLiveFigures } from './live-figures.ts';

/** A page's client as hydration leaves it: a leaderboard (live) and a promotion (not), both watched. */
function hydratedPage(renderedAt: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const state = (data: unknown) => ({ data, dataUpdatedAt: renderedAt, status: 'success' as const });
  hydrate(client, {
    mutations: [],
    queries: [
      {
        queryKey: ['tournament-results', 181, 1, null],
        queryHash: '["tournament-results",181,1,null]',
        state: state({ rows: ['Alice 120'] }),
      },
      { queryKey: ['promotion', 181], queryHash: '["promotion",181]', state: state({ title: 'Champions Cup' }) },
    ],
  } as never);
  const asked: string[] = [];
  const watch = (queryKey: unknown[], meta?: Record<string, unknown>, answer?: unknown) =>
    new QueryObserver(client, {
      queryKey,
      ...(meta ? { meta } : {}),
      queryFn: () => {
        asked.push(String(queryKey[0]));
        return answer;
      },
    }).subscribe(() => undefined);
  watch(['tournament-results', 181, 1, null], LIVE_FIGURES, { rows: ['Bob 140', 'Alice 120'] });
  watch(['promotion', 181], undefined, { title: 'Champions Cup' });
  return { client, asked };
}

test(`a page kept ${LIVE_FIGURES_MAX_AGE_MS / 1000} s or more asks for its live figures again, and only for them`, async () => {
  const { client, asked } = hydratedPage(Date.now() - 20_000);
  await refreshLiveFigures(client, 20_000);
  expect(asked).toEqual(['tournament-results']);
  expect(client.getQueryData(['tournament-results', 181, 1, null])).toEqual({ rows: ['Bob 140', 'Alice 120'] });
  expect(client.getQueryData(['promotion', 181])).toEqual({ title: 'Champions Cup' });
});

test('a page rendered for this visit asks for nothing again', async () => {
  const { client, asked } = hydratedPage(Date.now());
  const spy = vi.spyOn(client, 'invalidateQueries');
  await refreshLiveFigures(client, -300);
  await refreshLiveFigures(client, LIVE_FIGURES_MAX_AGE_MS - 1);
  expect(spy).not.toHaveBeenCalled();
  expect(asked).toEqual([]);
});
