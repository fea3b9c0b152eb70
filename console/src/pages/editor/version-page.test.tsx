import { CONSOLE_ENDPOINTS, type PromoDraft, type StaffRole } from '@promo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { DRAFT, promotion, staff, version } from '../../test/fixtures.ts';
import { answer, mockServer, refuse, requestsTo, startMockApi } from '../../test/mock-api.ts';
import { pathOf, renderConsole, signedInAs } from '../../test/render.tsx';

startMockApi();

const SLUG = DRAFT.slug;
/** The fixtures' draft under another English title. */
const retitled = (title: string): PromoDraft => {
  const en = DRAFT.texts.en;
  if (!en) throw new Error('The fixture draft has English texts');
  return { ...DRAFT, texts: { ...DRAFT.texts, en: { ...en, title } } };
};
/** Version 2 renamed the promotion; version 3 (the latest) is what the fixtures' promotion holds. */
const V1 = retitled('Autumn Bonus');
const V2 = retitled('Black Friday Bonus');

function serve(role: StaffRole, publishedVersion: number | null = 2) {
  signedInAs(staff(role));
  mockServer.use(
    answer(CONSOLE_ENDPOINTS.promotion, promotion({ publishedVersion, state: publishedVersion ? 'running' : 'draft' })),
    answer(CONSOLE_ENDPOINTS.version, (seen) => {
      const number = Number(seen.params.version);
      if (number === 1) return version(1, V1);
      if (number === 2) return version(2, V2, { author: 'demo-publisher' });
      return version(3);
    }),
  );
}

test('an earlier version opens read-only: who saved it, what it changed, where it stands', async () => {
  serve('editor');
  await renderConsole(`/promotions/${SLUG}/versions/2`);
  await screen.findByRole('heading', { level: 1, name: 'Black Friday Bonus: version 2' });
  expect(screen.getByText(/saved by demo-publisher/)).toBeInTheDocument();
  expect(screen.getByText(/An earlier version: the latest is v3, by demo-editor\./)).toBeInTheDocument();
  expect(screen.getByText(/Players see this version:/)).toBeInTheDocument();
  // What it changed from the version it was based on.
  const changes = await screen.findByRole('table', { name: 'What this version changed from v1' });
  expect(within(changes).getByText('Autumn Bonus')).toBeInTheDocument();
  expect(within(changes).getByText('Black Friday Bonus')).toBeInTheDocument();
  // The whole form, with nothing to type in.
  const form = screen.getByRole('form', { name: 'Version 2, read-only' });
  expect(within(form).getByLabelText('Slug')).toHaveValue(SLUG);
  for (const group of within(form)
    .getAllByRole('group')
    .filter((node) => node.tagName === 'FIELDSET')) {
    expect(group).toBeDisabled();
  }
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Open the latest in the editor' })).toHaveAttribute(
    'href',
    `/console/promotions/${SLUG}`,
  );
});

test('restoring it makes a new draft and opens the editor on it', async () => {
  serve('editor');
  mockServer.use(answer(CONSOLE_ENDPOINTS.restore, promotion({ latest: version(4, V1, { basedOn: 1 }) })));
  const { router } = await renderConsole(`/promotions/${SLUG}/versions/1`);
  await screen.findByRole('heading', { level: 1, name: 'Autumn Bonus: version 1' });
  expect(screen.getByText('The first version: it changed nothing before it.')).toBeInTheDocument();
  expect(screen.getByText(/Players see v2\./)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Restore v1 as a new draft' }));
  await waitFor(() => expect(pathOf(router)).toBe(`/promotions/${SLUG}`));
  expect(requestsTo(CONSOLE_ENDPOINTS.restore).map((seen) => seen.params)).toEqual([{ slug: SLUG, version: '1' }]);
  expect(await screen.findByText('Saved as version 4.')).toBeInTheDocument();
});

test('the latest version offers no restore', async () => {
  serve('editor', null);
  await renderConsole(`/promotions/${SLUG}/versions/3`);
  await screen.findByRole('heading', { level: 1, name: 'Black Friday Bonus: version 3' });
  expect(screen.getByText(/This is the latest version\./)).toBeInTheDocument();
  expect(screen.getByText(/Nothing of this promotion is published\./)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
});

test('support may read an earlier version but not restore it', async () => {
  serve('support');
  await renderConsole(`/promotions/${SLUG}/versions/1`);
  await screen.findByRole('heading', { level: 1, name: 'Autumn Bonus: version 1' });
  expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
});

test('a version that does not exist says so and links to the latest', async () => {
  signedInAs(staff('editor'));
  mockServer.use(
    answer(CONSOLE_ENDPOINTS.promotion, promotion()),
    refuse(CONSOLE_ENDPOINTS.version, 404, 'not_found', 'No such version'),
  );
  await renderConsole(`/promotions/${SLUG}/versions/9`);
  expect(await screen.findByText('There is no such version of this promotion.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open the latest in the editor' })).toBeInTheDocument();
});
