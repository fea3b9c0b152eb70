import { CONFIG_PART_SCHEMAS, configPartUrl, type HostMessage } from '@promo/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { answer, endpoint, refuse } from '../../../../mock-api/contract-api.ts';
import { mockServer, startMockApi } from '../../../../mock-api/node.ts';
import { loadEnglish, renderFeature } from '../../../../mock-api/render.tsx';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { REPEAT_PRESS_MS } from '../../../shared/lib/browser/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { AuthPrompt, requestRegistration } from './auth-prompt.tsx';

// The counts the frame keeps of sign-in and registration tries (the analytics service's own
// destinations are tested with it); here only what this slice asks it to count.
const counted = vi.hoisted(() => ({ authPopup: vi.fn(), registrationTry: vi.fn() }));
vi.mock('../../../shared/analytics/index.ts', () => ({ analytics: () => counted }));

/** The operator's registration settings: one-click registrations keep their credentials by e-mail. */
const REGISTRATION_SETTINGS = endpoint('GET', configPartUrl('registration'), CONFIG_PART_SCHEMAS.registration);
startMockApi(
  answer(REGISTRATION_SETTINGS, {
    defaultType: 'fast_reg',
    firstBonusChoices: [0, 1, 2],
    promocodeAllowed: true,
    credentialsSave: 2,
  }),
);

/** Every envelope the bridge sends to the host (parent window, Android, iOS), as it sends it. */
let toHost: HostMessage[] = [];
let stopListening: () => void = () => undefined;

beforeAll(loadEnglish);
// A press repeated within REPEAT_PRESS_MS is dropped, timed by performance.now(): that clock stands
// still unless a test moves it (timers, MSW and user-event run as they do).
beforeAll(() => vi.useFakeTimers({ toFake: ['performance'] }));
afterAll(() => vi.useRealTimers());
beforeEach(() => {
  toHost = [];
  stopListening = hostBridge.onSend((envelope) => toHost.push(envelope as HostMessage));
});
afterEach(() => {
  // The next test's presses come long after this one's.
  vi.advanceTimersByTime(REPEAT_PRESS_MS);
  stopListening();
  vi.clearAllMocks();
  delete document.documentElement.dataset.embedded;
});

/** Lets the bridge and the analytics (loaded on demand) take whatever was asked of them. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

const CONTEXTS = [
  { where: 'in a plain browser', embedded: false },
  { where: 'inside a host page', embedded: true },
];

test.each(CONTEXTS)(
  '$where a visitor sees Sign in and Register; Sign in asks the host for its sign-in',
  async ({ embedded }) => {
    if (embedded) document.documentElement.dataset.embedded = 'true';
    renderFeature(<AuthPrompt />, { userId: null });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Sign in', 'Register']);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(toHost).toEqual([{ type: 'authorization', data: {}, v: 1 }]));
    await waitFor(() => expect(counted.authPopup).toHaveBeenCalledOnce());
    expect(counted.registrationTry).not.toHaveBeenCalled();
  },
);

test.each(CONTEXTS)(
  '$where Register asks the host for its one-click registration and counts the try',
  async ({ embedded }) => {
    if (embedded) document.documentElement.dataset.embedded = 'true';
    renderFeature(<AuthPrompt />, { userId: null });
    act(() => useGlobalStore.setState({ refGroupId: 42, userCountry: { code: 'DE', id: 80 } }));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(toHost).toEqual([{ type: 'registration', data: { credentialsSave: 2 }, v: 1 }]));
    await waitFor(() =>
      expect(counted.registrationTry).toHaveBeenCalledWith('fast_reg', {
        bonusChoice: undefined,
        credentialsSave: 2,
        refGroupId: 42,
        countryId: 80,
      }),
    );
    expect(counted.authPopup).not.toHaveBeenCalled();
  },
);

test('a registration with a first-bonus choice carries the choice to the host', async () => {
  useGlobalStore.setState({ refGroupId: null, userCountry: { code: null, id: null } });
  requestRegistration(undefined, 2);
  await waitFor(() =>
    expect(toHost).toEqual([{ type: 'registration', data: { bonusChoice: 2, credentialsSave: 2 }, v: 1 }]),
  );
  await waitFor(() =>
    expect(counted.registrationTry).toHaveBeenCalledWith('fast_reg', {
      bonusChoice: 2,
      credentialsSave: 2,
      refGroupId: null,
      countryId: undefined,
    }),
  );
});

test('a registration that is not one-click makes up no credentials: nothing to keep, no settings asked', async () => {
  requestRegistration('full_reg');
  await waitFor(() => expect(toHost).toEqual([{ type: 'registration', data: {}, v: 1 }]));
  await waitFor(() => expect(counted.registrationTry).toHaveBeenCalledWith('full_reg', expect.anything()));
  expect(counted.registrationTry.mock.calls[0]?.[1]).toMatchObject({ credentialsSave: undefined });
});

test('when the registration settings do not load, the host is still asked, without a credentials-save option', async () => {
  const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  mockServer.use(refuse(REGISTRATION_SETTINGS, 503, 'unavailable', 'Service unavailable'));
  requestRegistration();
  await waitFor(() => expect(toHost).toEqual([{ type: 'registration', data: {}, v: 1 }]));
  expect(warned).toHaveBeenCalledWith(expect.stringMatching(/^registration settings did not load/), expect.anything());
});

test('after a session ended only Sign in is offered', async () => {
  renderFeature(<AuthPrompt registration={false} />, { userId: null });
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Sign in']);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(toHost).toEqual([{ type: 'authorization', data: {}, v: 1 }]));
});

test('a double click on Sign in asks the host once and counts once; a press after the window asks again', async () => {
  renderFeature(<AuthPrompt />, { userId: null });
  const signIn = screen.getByRole('button', { name: 'Sign in' });
  await userEvent.dblClick(signIn);
  await settle();
  expect(toHost).toEqual([{ type: 'authorization', data: {}, v: 1 }]);
  expect(counted.authPopup).toHaveBeenCalledOnce();
  // Still within the window: nothing more.
  act(() => vi.advanceTimersByTime(REPEAT_PRESS_MS - 1));
  await userEvent.click(signIn);
  await settle();
  expect(toHost).toHaveLength(1);
  // The player closed the host's dialog and asks again.
  act(() => vi.advanceTimersByTime(1));
  await userEvent.click(signIn);
  await settle();
  expect(toHost).toEqual([
    { type: 'authorization', data: {}, v: 1 },
    { type: 'authorization', data: {}, v: 1 },
  ]);
  expect(counted.authPopup).toHaveBeenCalledTimes(2);
});

test('a double click on Register asks the host once and counts one try; a press after the window asks again', async () => {
  renderFeature(<AuthPrompt />, { userId: null });
  const register = screen.getByRole('button', { name: 'Register' });
  await userEvent.dblClick(register);
  await settle();
  expect(toHost).toEqual([{ type: 'registration', data: { credentialsSave: 2 }, v: 1 }]);
  expect(counted.registrationTry).toHaveBeenCalledOnce();
  act(() => vi.advanceTimersByTime(REPEAT_PRESS_MS));
  await userEvent.click(register);
  await settle();
  expect(toHost).toHaveLength(2);
  expect(counted.registrationTry).toHaveBeenCalledTimes(2);
});

test('Sign in and Register right after each other are two requests, each sent', async () => {
  renderFeature(<AuthPrompt />, { userId: null });
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  await settle();
  expect(toHost.map((message) => message.type).sort()).toEqual(['authorization', 'registration']);
});
