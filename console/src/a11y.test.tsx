import {
  ART_ENDPOINTS,
  CONSOLE_CMS_ENDPOINTS,
  CONSOLE_ENDPOINTS,
  FEED_HEALTH_ENDPOINTS,
  type StaffRole,
  SUPPORT_ENDPOINTS,
} from '@promo/contract';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { expect, test } from 'vitest';
import './test/puck-dom.ts';
import { cmsPage, cmsRow } from './test/cms-fixtures.ts';
import { feedHealth } from './test/feed-fixtures.ts';
import {
  adjustment,
  art,
  DRAFT,
  member,
  operatorKey,
  otpauthUri,
  playerView,
  promotion,
  row,
  session,
  staff,
  T0,
  TOTP_SECRET,
  version,
} from './test/fixtures.ts';
import { answer, mockServer, refuse, startMockApi } from './test/mock-api.ts';
import { renderConsole, signedInAs } from './test/render.tsx';

startMockApi();

/**
 * axe's WCAG 2.2 AA rules on every page of the console, as rendered here (jsdom computes no
 * layout, so colour contrast is checked on the stylesheet's pairs in colors.test.ts, and the
 * end-to-end suite runs axe in Chromium on the served console).
 */
async function violations(): Promise<string[]> {
  const results = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules: { 'color-contrast': { enabled: false }, region: { enabled: true } },
  });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

const api = () =>
  mockServer.use(
    answer(CONSOLE_ENDPOINTS.promotions, {
      items: [row(), row({ slug: 'later', title: 'Later', state: 'scheduled', publishAt: T0 + 86_400, endsAt: null })],
      total: 2,
      page: 1,
      size: 25,
    }),
    answer(CONSOLE_ENDPOINTS.promotion, promotion({ state: 'running', publishedVersion: 2 })),
    answer(CONSOLE_ENDPOINTS.draftStart, DRAFT),
    answer(CONSOLE_ENDPOINTS.version, (seen) =>
      version(Number(seen.params.version), { ...DRAFT, currencyCode: seen.params.version === '1' ? 'EUR' : 'USD' }),
    ),
    answer(CONSOLE_ENDPOINTS.audit, {
      items: [
        {
          id: 1,
          at: T0,
          actor: 'demo-editor',
          address: '127.0.0.1',
          entity: 'promotion',
          entityId: 'black-freeday',
          action: 'save',
          diff: { currencyCode: ['EUR', 'USD'] },
          version: 3,
        },
      ],
      next: 1,
    }),
    answer(CONSOLE_ENDPOINTS.staff, [
      member('demo-admin', { role: 'admin', secondFactor: true }),
      member('demo-support', { role: 'support', disabled: true, lastSeenAt: null }),
    ]),
    answer(CONSOLE_ENDPOINTS.staffCreate, {
      member: member('new.publisher', { role: 'publisher', secondFactor: true, lastSeenAt: null }),
      totpSecret: TOTP_SECRET,
      otpauthUri: otpauthUri('new.publisher'),
    }),
    answer(CONSOLE_ENDPOINTS.operatorKeys, [operatorKey('feed-bot'), operatorKey('old-sync', { revoked: true })]),
    answer(CONSOLE_ENDPOINTS.staffSessions, [
      session('admin', { login: 'demo-admin', role: 'admin', current: true }),
      session('editor', { login: 'demo-editor', address: '198.51.100.7' }),
    ]),
    answer(CONSOLE_ENDPOINTS.mySessions, [
      session('here', { current: true }),
      session('there', { address: '203.0.113.9' }),
    ]),
    answer(CONSOLE_ENDPOINTS.operatorKeyCreate, { key: operatorKey('crm-export'), secret: 'pok_secret_value' }),
    answer(SUPPORT_ENDPOINTS.playerSearch, {
      items: [{ id: 7, login: 'de•••r', countryCode: 'CY', createdAt: T0, verified: false }],
    }),
    answer(SUPPORT_ENDPOINTS.player, playerView({ adjustments: [adjustment()] })),
    answer(SUPPORT_ENDPOINTS.adjustments, {
      items: [adjustment(), adjustment({ id: 40, state: 'applied', decidedBy: 'demo-admin', note: 'ok' })],
      next: null,
    }),
    answer(ART_ENDPOINTS.art, [art(1, 'hero.png', { usedBy: ['banner:3'] }), art(2, 'spare.png')]),
  );

test.each([
  ['the sign-in page', null, '/sign-in', 'Sign in to the console'],
  ['the promotions list', 'editor', '/promotions', 'Promotions'],
  ['the editor (publisher)', 'publisher', '/promotions/black-freeday', 'Black Friday Bonus'],
  ['the editor (support, read only)', 'support', '/promotions/black-freeday', 'Black Friday Bonus'],
  ['a new draft', 'editor', '/promotions/new?mechanic=deposit-match', 'New promotion'],
  ['an earlier version, read only', 'editor', '/promotions/black-freeday/versions/2', 'Black Friday Bonus: version 2'],
  ['the audit log', 'admin', '/audit', 'Audit log'],
  ['the staff (admin)', 'admin', '/staff', 'Staff'],
  ['the operator keys (admin)', 'admin', '/keys', 'Operator keys'],
  ['the staff, to an editor', 'editor', '/staff', 'Staff'],
  ['the operator keys, to support', 'support', '/keys', 'Operator keys'],
  ['my sessions', 'support', '/sessions', 'My sessions'],
  ['player search with a result', 'support', '/support?q=demo.player', 'Player support'],
  ["a player's support view", 'support', '/support/players/7', 'de•••r #7'],
  ['the adjustments queue (publisher)', 'publisher', '/adjustments', 'Adjustments'],
  ['the art (editor)', 'editor', '/art', 'Art'],
  ['the art, to support', 'support', '/art', 'Art'],
] as const)('%s: axe finds nothing', async (_name, role, path, heading) => {
  signedInAs(role === null ? null : staff(role as StaffRole));
  api();
  await renderConsole(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  await screen.findAllByRole(path.startsWith('/promotions/') ? 'textbox' : 'heading');
  expect(await violations()).toEqual([]);
});

test('the list with the New promotion dialog and a row menu open: axe finds nothing', async () => {
  signedInAs(staff('editor'));
  api();
  const { user } = await renderConsole('/promotions');
  await user.click((await screen.findAllByText('⋯'))[0] as HTMLElement);
  expect(await violations()).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'New promotion' }));
  expect(screen.getByRole('dialog', { name: 'New promotion' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the editor with errors, a conflict-free history diff and Arabic texts open: axe finds nothing', async () => {
  signedInAs(staff('editor'));
  api();
  const { user } = await renderConsole('/promotions/black-freeday');
  await screen.findByRole('heading', { level: 1, name: 'Black Friday Bonus' });
  await user.click(screen.getByRole('button', { name: 'Add texts in Arabic' }));
  await user.type(screen.getByLabelText('Currency'), '{Backspace}{Backspace}');
  await user.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
  await screen.findByText('Some fields need attention: see the messages beside them.');
  const history = within(screen.getByRole('heading', { name: 'History' }).closest('section') as HTMLElement);
  await user.click(history.getByRole('checkbox', { name: /Version 1/ }));
  await user.click(history.getByRole('checkbox', { name: /Version 2/ }));
  await history.findByRole('table');
  expect(await violations()).toEqual([]);
});

test('the staff page with the new member form (errors shown), confirms, the secret dialog and the sessions: axe finds nothing', async () => {
  signedInAs(staff('admin', 'demo-admin'));
  api();
  const { user } = await renderConsole('/staff');
  await user.click(await screen.findByRole('button', { name: 'New staff member' }));
  const form = within(screen.getByRole('dialog', { name: 'New staff member' }));
  await user.click(form.getByRole('button', { name: 'Create' }));
  await form.findByText('At least 12 characters.');
  expect(await violations()).toEqual([]);
  await user.type(form.getByLabelText('Login'), 'new.publisher');
  await user.type(form.getByLabelText('First password'), 'a long enough one');
  await user.click(form.getByRole('button', { name: 'Create' }));
  await screen.findByRole('dialog', { name: 'Authenticator secret for new.publisher' });
  expect(await violations()).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'I have saved it, close' }));
  await user.click(screen.getByRole('button', { name: 'Enable demo-support' }));
  expect(screen.getByRole('dialog', { name: 'Enable demo-support?' })).toBeVisible();
  expect(await violations()).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  // The live sessions, with a revoke's confirm open.
  await screen.findByRole('region', { name: 'Live sessions of every member' });
  await user.click(screen.getByRole('button', { name: 'End the session of demo-editor from 198.51.100.7' }));
  expect(screen.getByRole('dialog', { name: 'End a session of demo-editor?' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the keys page with the new key form and the secret dialog: axe finds nothing', async () => {
  signedInAs(staff('admin'));
  api();
  const { user } = await renderConsole('/keys');
  await user.click(await screen.findByRole('button', { name: 'New key' }));
  const form = within(screen.getByRole('dialog', { name: 'New operator key' }));
  expect(await violations()).toEqual([]);
  await user.type(form.getByLabelText('Label'), 'crm-export');
  await user.click(form.getByRole('button', { name: 'Create' }));
  await screen.findByRole('dialog', { name: 'The secret of the key crm-export' });
  expect(await violations()).toEqual([]);
});

test('my sessions with the End and the Sign out confirms open: axe finds nothing', async () => {
  signedInAs(staff('editor', 'demo-editor'));
  api();
  const { user } = await renderConsole('/sessions');
  await user.click(await screen.findByRole('button', { name: 'End the session of demo-editor from 203.0.113.9' }));
  expect(screen.getByRole('dialog', { name: 'End this session?' })).toBeVisible();
  expect(await violations()).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await user.click(screen.getByRole('button', { name: 'Sign out the session of demo-editor from 192.0.2.10' }));
  expect(screen.getByRole('dialog', { name: 'Sign out of this browser?' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the adjustment request and approval dialogs: axe finds nothing', async () => {
  signedInAs(staff('publisher', 'demo-publisher'));
  api();
  const { user } = await renderConsole('/support/players/7');
  await user.click(await screen.findByRole('button', { name: 'Request an adjustment' }));
  await user.click(screen.getByRole('button', { name: 'Request adjustment' }));
  await screen.findByText(/A decimal number, e\.g\. 10\.50/);
  expect(await violations()).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await user.click(screen.getByRole('link', { name: 'Adjustments' }));
  await user.click(await screen.findByRole('button', { name: 'Approve 41' }));
  expect(screen.getByRole('dialog', { name: 'Approve adjustment #41' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test.each([
  ['clean', feedHealth()],
  [
    'with a ledger mismatch',
    feedHealth({
      ledger: {
        ok: false,
        accounts: 3,
        mismatches: [
          {
            accountId: 7,
            userId: 2,
            currencyCode: 'USD',
            balance: '150.00',
            ledger: '100.00',
            entries: 1,
            brokenEntryId: null,
          },
        ],
      },
    }),
  ],
  ['with nothing yet', feedHealth({ refusals: { byCode: [], latest: [] }, sources: [] })],
] as const)('feed health (%s), with the per-minute table open: axe finds nothing', async (_name, health) => {
  signedInAs(staff('support'));
  mockServer.use(answer(FEED_HEALTH_ENDPOINTS.feedHealth, health));
  const { user } = await renderConsole('/feed');
  await screen.findByRole('heading', { level: 2, name: 'Ledger check' });
  expect(await violations()).toEqual([]);
  await user.click(screen.getByText('Show the figures as a table'));
  expect(screen.getByRole('region', { name: 'Items per minute, figures' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the art page with a refused upload and the delete confirm open: axe finds nothing', async () => {
  signedInAs(staff('editor'));
  api();
  mockServer.use(
    refuse(ART_ENDPOINTS.artUpload, 422, 'art_svg_script', '"x.svg" contains a script or an event handler (<script>)'),
  );
  const { user } = await renderConsole('/art');
  await screen.findByRole('heading', { level: 1, name: 'Art' });
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  await screen.findByText('Choose a file to upload.');
  expect(await violations()).toEqual([]);
  await user.upload(screen.getByLabelText('File'), new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  await screen.findByText(/contains a script/);
  expect(await violations()).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'Delete spare.png' }));
  expect(screen.getByRole('dialog', { name: 'Delete spare.png?' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test.each([
  ['the CMS pages', 'editor', '/cms', 'CMS pages'],
  ['a CMS page in the editor (publisher)', 'publisher', '/cms/bonus/welcome', 'Welcome bonus/welcome'],
] as const)('%s: axe finds nothing', async (_name, role, path, heading) => {
  signedInAs(staff(role));
  mockServer.use(
    answer(CONSOLE_CMS_ENDPOINTS.cmsPages, [
      cmsRow(),
      cmsRow({ type: 'landing', slug: 'summer-cup', title: 'Summer' }),
    ]),
    answer(CONSOLE_CMS_ENDPOINTS.cmsPage, cmsPage()),
  );
  await renderConsole(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  await screen.findAllByRole(path === '/cms' ? 'link' : 'tab');
  // Puck's spinner while its canvas frame loads (an aria-label on a plain div): jsdom never loads
  // the frame, a browser replaces the spinner with the page within a moment.
  expect((await violations()).filter((found) => !/^aria-prohibited-attr: \._Loader_/.test(found))).toEqual([]);
});
