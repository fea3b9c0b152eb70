import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, test, vi } from 'vitest';
import { StatusError } from '../errors.ts';
import { useIdempotentMutation } from './use-idempotent-mutation.tsx';

function setup(mutationFn: (key: string, variables: string) => Promise<string>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retryDelay: 0 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useIdempotentMutation({ mutationFn }), { wrapper });
}

test('presses while one is under way are ignored; each new press gets a new key', async () => {
  let release: (value: string) => void = () => {};
  const fn = vi.fn((_key: string, _v: string) => new Promise<string>((resolve) => (release = resolve)));
  const { result } = setup(fn);
  let accepted: boolean[] = [];
  act(() => {
    accepted = Array.from({ length: 10 }, () => result.current.run('spin'));
  });
  expect(accepted.filter(Boolean)).toHaveLength(1);
  await waitFor(() => expect(fn).toHaveBeenCalledOnce());
  await act(async () => release('done'));
  await waitFor(() => expect(result.current.isPending).toBe(false));
  act(() => void result.current.run('spin'));
  await waitFor(() => expect(fn).toHaveBeenCalledTimes(2));
  expect(fn.mock.calls[1]?.[0]).not.toBe(fn.mock.calls[0]?.[0]);
});

test('a lost answer keeps the key for the next press (and the retries); a refusal frees it', async () => {
  const answers = [new StatusError('timeout', 504), new StatusError('timeout', 504), new StatusError('timeout', 504)];
  const fn = vi.fn(async (_key: string, _v: string) => {
    const next = answers.shift();
    if (next) throw next;
    throw new StatusError('No spins left today', 409);
  });
  const { result } = setup(fn);
  act(() => void result.current.run('spin'));
  // The hook retries a lost answer twice, with the same key.
  await waitFor(() => expect(result.current.errorKind).toBe('retry'));
  expect(new Set(fn.mock.calls.map(([key]) => key)).size).toBe(1);
  act(() => void result.current.run('spin'));
  await waitFor(() => expect(result.current.errorKind).toBe('refused'));
  const keys = fn.mock.calls.map(([key]) => key);
  expect(keys[3]).toBe(keys[0]);
  act(() => void result.current.run('spin'));
  await waitFor(() => expect(fn).toHaveBeenCalledTimes(5));
  expect(fn.mock.calls[4]?.[0]).not.toBe(keys[0]);
});

test('a press with other variables after a lost answer is a new call with a new key', async () => {
  const fn = vi.fn(async (_key: string, v: string) => {
    if (v === 'freebet') throw new StatusError('network', 503);
    return 'ok';
  });
  const { result } = setup(fn);
  act(() => void result.current.run('freebet'));
  await waitFor(() => expect(result.current.errorKind).toBe('retry'));
  act(() => void result.current.run('freespin'));
  await waitFor(() => expect(result.current.errorKind).toBeNull());
  const last = fn.mock.calls.at(-1);
  expect(last?.[1]).toBe('freespin');
  expect(last?.[0]).not.toBe(fn.mock.calls[0]?.[0]);
});
