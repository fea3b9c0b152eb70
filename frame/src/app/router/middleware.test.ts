import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, test } from 'vitest';
import { initialGlobalState, useGlobalStore } from '../../shared/model/index.ts';
import { runAccessChecks } from './middleware.ts';

afterEach(() => useGlobalStore.setState(initialGlobalState, true));

test('an unknown middleware id fails with 500 naming it', async () => {
  await expect(runAccessChecks(['nope'], new QueryClient())).rejects.toMatchObject({
    statusCode: 500,
    message: 'Unknown middleware nope',
  });
});

test('siteConfig refuses while the config is not loaded', async () => {
  await expect(runAccessChecks(['siteConfig'], new QueryClient())).rejects.toMatchObject({ statusCode: 503 });
});

test('siteConfig passes once the config is in the store', async () => {
  useGlobalStore.setState({ siteConfig: {} as never });
  await expect(runAccessChecks(['siteConfig'], new QueryClient())).resolves.toBeUndefined();
});

test('no ids, no checks', async () => {
  await expect(runAccessChecks([], new QueryClient())).resolves.toBeUndefined();
});
