import { HOST_MESSAGE_PAYLOADS, type HostMessageType } from '@promo/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { ApiExplorerPage } from './api-explorer-page.tsx';
import { BridgeSimulatorPage, samplePayload } from './bridge-simulator-page.tsx';

afterEach(() => vi.unstubAllGlobals());

test.each(Object.keys(HOST_MESSAGE_PAYLOADS) as HostMessageType[])(
  'the sample %s payload is one the contract accepts',
  (type) => {
    expect(HOST_MESSAGE_PAYLOADS[type].safeParse(JSON.parse(samplePayload(type))).success).toBe(true);
  },
);

test('the bridge simulator sends through the bridge and logs what the frame sent', () => {
  const { container } = render(<BridgeSimulatorPage />);
  fireEvent.change(screen.getByRole('combobox'), { target: { value: 'betOnOwn' } });
  fireEvent.submit(container.querySelector('form') as HTMLFormElement);
  const entry = container.querySelector('li[data-type="betOnOwn"]');
  expect(entry?.textContent).toContain('{"path":"/betsonyour/live","section":"live"}');
});

test('a payload the contract refuses is not sent and says so', () => {
  const { container } = render(<BridgeSimulatorPage />);
  fireEvent.change(screen.getByRole('combobox'), { target: { value: 'pageNotFound' } });
  fireEvent.change(screen.getByRole('textbox'), { target: { value: '{"path":"https://elsewhere.example/"}' } });
  fireEvent.submit(container.querySelector('form') as HTMLFormElement);
  expect(screen.getByRole('alert')).toBeInTheDocument();
  expect(container.querySelector('li[data-type="pageNotFound"]')).toBeNull();
});

test('the API explorer runs a call through the frame client and checks the answer by the contract', async () => {
  const fetchMock = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify({ timezones: [{ id: 'utc', title: 'UTC', offsetMinutes: 0 }] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const { container } = render(<ApiExplorerPage />);
  fireEvent.change(screen.getByRole('combobox'), { target: { value: 'timezones' } });
  fireEvent.submit(container.querySelector('form') as HTMLFormElement);
  const result = await screen.findByTestId('api-result');
  expect(fetchMock.mock.calls[0]?.[0]).toContain('/web-api/GetTimezones');
  expect(result.dataset.ok).toBe('true');
  expect(within(result).getByText(/"offsetMinutes": 0/)).toBeInTheDocument();
});
