import {
  CONSOLE_ENDPOINTS,
  type ConsolePromotion,
  mechanicOf,
  PROMO_MECHANICS,
  type PromoDraft,
  type PromoMechanic,
  type StaffRole,
} from '@promo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { msToLocalInput } from '../../lib/time.ts';
import { DRAFT, languageMissing, problem, promotion, staff, version } from '../../test/fixtures.ts';
import { answer, handle, mockServer, refusal, requestsTo, startMockApi } from '../../test/mock-api.ts';
import { pathOf, renderConsole, signedInAs } from '../../test/render.tsx';

startMockApi();

const SLUG = DRAFT.slug;

/** The editor of a saved promotion (version 3 unless given), for a member of `role`. */
async function openEditor(role: StaffRole = 'editor', current: ConsolePromotion = promotion()) {
  signedInAs(staff(role));
  mockServer.use(answer(CONSOLE_ENDPOINTS.promotion, current));
  const view = await renderConsole(`/promotions/${SLUG}`);
  await screen.findByRole('heading', { level: 1, name: 'Black Friday Bonus' });
  return view;
}

/** Saves answer the next version with what was sent. */
const saveAnswers = () =>
  answer(CONSOLE_ENDPOINTS.save, (seen) => promotion({ latest: version(4, seen.body as PromoDraft) }));

/** The draft a save sent. */
const draftSent = (index: number) => requestsTo(CONSOLE_ENDPOINTS.save)[index]?.body as PromoDraft;

const column = (language: string) => screen.getByRole('group', { name: new RegExp(`^${language}`) });

test('the editor shows every field of the latest version', async () => {
  await openEditor();
  expect(screen.getByLabelText('Slug')).toHaveValue(SLUG);
  expect(screen.getByLabelText('Slug')).toHaveAttribute('readonly');
  expect(screen.getByLabelText('Promotion ids')).toHaveValue('176');
  expect(screen.getByLabelText('Mechanic')).toHaveDisplayValue('Deposit match');
  expect(screen.getByLabelText('Product')).toHaveDisplayValue('Casino');
  expect(screen.getByLabelText('Currency')).toHaveValue('USD');
  // The schedule in the browser's time zone.
  expect(screen.getByLabelText('Starts')).toHaveValue(msToLocalInput(Date.parse('2026-03-05T10:00:00Z')));
  expect(screen.getByLabelText('Ends')).toHaveValue(msToLocalInput(Date.parse('2026-03-09T22:00:00Z')));
  expect(screen.getByLabelText('Places')).toHaveValue('1');
  expect(screen.getByLabelText('Amount')).toHaveValue('100.00');
  expect(screen.getByLabelText('Bonus percent')).toHaveValue('150');
  expect(screen.getByLabelText('Leads to')).toHaveDisplayValue('Player office');
  expect(screen.getByLabelText('Section')).toHaveDisplayValue('Deposit');
  expect(screen.getByLabelText('Hero art')).toHaveDisplayValue('Gift');
  expect(screen.getByLabelText('Accent colour')).toHaveValue('#111111');
  expect(within(column('English')).getByLabelText('Title')).toHaveValue('Black Friday Bonus');
  expect(within(column('Russian')).getByLabelText('Title')).toHaveValue('Бонус Чёрной пятницы');
  expect(within(column('Russian')).getByLabelText('Question 1')).toHaveValue('Когда начинается акция?');
  // Arabic is missing: flagged, with a button to start it.
  expect(within(column('Arabic')).getByText('Arabic missing')).toBeInTheDocument();
  expect(within(column('Arabic')).getByRole('button', { name: 'Add texts in Arabic' })).toBeInTheDocument();
});

/** The terms' labels as the editor shows them. */
const TERM_LABELS: Record<string, string> = {
  sportIds: 'Sports',
  betType: 'Bet type',
  minLegs: 'Minimum legs',
  minOdds: 'Minimum odds',
  minStake: 'Minimum stake',
  minDeposit: 'Minimum deposit',
  percent: 'Bonus percent',
  maxBonus: 'Maximum bonus',
  wager: 'Wagering (times)',
  freespins: 'Free spins',
  refundPercent: 'Refund percent',
  maxRefund: 'Maximum refund',
  payment: 'Payment methods',
  weekdays: 'Weekdays',
  stage: 'Stage',
  games: 'Games',
  collectible: 'Collectible',
  validDays: 'Valid for (days)',
};

test.each(PROMO_MECHANICS)('a %s promotion shows a field for each term its mechanic reads', async (mechanic) => {
  await openEditor(
    'editor',
    promotion({ latest: version(3, { ...DRAFT, mechanic: mechanic as PromoMechanic, terms: {} }) }),
  );
  const terms = screen.getByRole('group', { name: 'Terms' });
  const expected = mechanicOf(mechanic).terms.map((name) => TERM_LABELS[name]);
  const shown = [
    ...within(terms).queryAllByRole('textbox'),
    ...within(terms).queryAllByRole('combobox'),
    ...within(terms).queryAllByRole('group'),
  ].map((element) =>
    element instanceof HTMLFieldSetElement
      ? element.querySelector('legend')?.textContent
      : (element as HTMLInputElement).labels?.[0]?.textContent,
  );
  expect(shown.sort()).toEqual([...expected].sort());
  if (expected.length === 0) expect(within(terms).getByText(/reads no terms/)).toBeInTheDocument();
});

test('a changed mechanic shows its own terms', async () => {
  const { user } = await openEditor();
  expect(screen.getByLabelText('Wagering (times)')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Mechanic'), 'Loss refund');
  expect(screen.queryByLabelText('Wagering (times)')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Refund percent')).toBeInTheDocument();
  expect(screen.getByLabelText('Maximum refund')).toBeInTheDocument();
});

test('Save sends the draft with If-Match, the CSRF header and the language; then it is the new version', async () => {
  const { user } = await openEditor();
  mockServer.use(saveAnswers());
  const title = within(column('English')).getByLabelText('Title');
  await user.clear(title);
  await user.type(title, 'Black Friday Mega Bonus');
  expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  await user.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);

  expect(await screen.findByText('Saved as version 4.')).toBeInTheDocument();
  const [sent] = requestsTo(CONSOLE_ENDPOINTS.save);
  expect(sent?.params).toEqual({ slug: SLUG });
  expect(sent?.headers.get('if-match')).toBe('"3"');
  expect(sent?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
  expect(sent?.headers.get('accept-language')).toBe('en');
  expect(sent?.body).toEqual({
    ...DRAFT,
    texts: { ...DRAFT.texts, en: { ...ENGLISH, title: 'Black Friday Mega Bonus' } },
  });
  expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();

  // The next save starts from version 4.
  await user.type(title, '!');
  await user.keyboard('{Control>}s{/Control}');
  await waitFor(() => expect(requestsTo(CONSOLE_ENDPOINTS.save)).toHaveLength(2));
  expect(requestsTo(CONSOLE_ENDPOINTS.save)[1]?.headers.get('if-match')).toBe('"4"');
});

test('the browser checks the draft with the same schema: errors beside their fields, nothing sent', async () => {
  const { user } = await openEditor();
  mockServer.use(saveAnswers());
  const title = within(column('English')).getByLabelText('Title');
  await user.clear(title);
  await user.type(title, 'B');
  await user.clear(screen.getByLabelText('Amount'));
  await user.type(screen.getByLabelText('Amount'), '10,50');
  await user.clear(screen.getByLabelText('Promotion ids'));
  await user.type(screen.getByLabelText('Promotion ids'), '176, abc');
  await user.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);

  for (const [field, message] of [
    [title, 'At least 2 characters.'],
    [screen.getByLabelText('Amount'), 'A decimal number, e.g. 10.50 (at most 8 decimals).'],
    [screen.getByLabelText('Promotion ids'), 'Whole positive numbers separated by commas.'],
  ] as const) {
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  }
  expect(screen.getByText('Some fields need attention: see the messages beside them.')).toBeInTheDocument();
  expect(requestsTo(CONSOLE_ENDPOINTS.save)).toHaveLength(0);
});

test('a field the server refuses (400 invalid_body) shows its message on that field', async () => {
  const { user } = await openEditor();
  mockServer.use(
    handle(CONSOLE_ENDPOINTS.save, () =>
      refusal(400, 'invalid_body', 'Some fields are wrong', {
        issues: [
          { path: ['texts', 'ru', 'title'], message: 'Заголовок уже занят' },
          { path: ['ids', 0], message: 'Id 176 is reserved' },
        ],
      }),
    ),
  );
  await user.type(screen.getByLabelText('Currency'), '{Backspace}R');
  await user.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
  const ruTitle = within(column('Russian')).getByLabelText('Title');
  await waitFor(() => expect(ruTitle).toHaveAttribute('aria-invalid', 'true'));
  expect(ruTitle).toHaveAccessibleDescription('Заголовок уже занят');
  expect(screen.getByLabelText('Promotion ids')).toHaveAccessibleDescription(
    expect.stringContaining('Id 176 is reserved'),
  );
});

test('a content check refusal (422) lists its problems above the form, each taking the operator to its field', async () => {
  const { user } = await openEditor();
  mockServer.use(
    handle(CONSOLE_ENDPOINTS.save, () =>
      refusal(422, 'content_check', 'The content check failed', {
        problems: [
          problem('money_in_text', ['texts', 'en', 'summary'], 'en: money written as text in "Get $25 back."'),
          problem('translation_items', ['texts', 'ru', 'rules'], 'ru: 2 rules items where English has 1', {
            language: 'ru',
            list: 'rules',
            count: 2,
            english: 1,
          }),
          problem('noun_agreement', ['texts', 'ru', 'faq', 0, 'a'], 'ru: "{{wager}} раза" must read "раз" for 5'),
        ],
      }),
    ),
  );
  await user.type(screen.getByLabelText('Currency'), '{Backspace}R');
  await user.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
  const alert = await screen.findByRole('heading', { name: 'The content check refused this version' });
  const list = within(alert.closest('section') as HTMLElement);
  const lines = list.getAllByRole('button');
  expect(lines.map((line) => line.textContent)).toEqual([
    'en: money written as text in "Get $25 back."',
    'ru: 2 rules items where English has 1',
    'ru: "{{wager}} раза" must read "раз" for 5',
  ]);
  expect(lines[0]).toHaveAccessibleDescription('Go to the field');
  // A text's field, a list's first line, an answer: each line focuses its field (its language's tab shown).
  const targets = [
    within(column('English')).getByLabelText('Summary'),
    within(column('Russian')).getByLabelText('Rule 1'),
    within(column('Russian')).getByLabelText('Answer 1'),
  ];
  for (const [index, line] of lines.entries()) {
    await user.click(line);
    expect(targets[index]).toHaveFocus();
  }
  expect(screen.getByRole('tab', { name: 'Russian' })).toHaveAttribute('aria-selected', 'true');
});

const ENGLISH = DRAFT.texts.en as NonNullable<PromoDraft['texts']['en']>;
const THEIRS: PromoDraft = {
  ...DRAFT,
  texts: { ...DRAFT.texts, en: { ...ENGLISH, title: 'Black Friday Bonus (theirs)' } },
};

async function conflicting() {
  const view = await openEditor();
  let saves = 0;
  mockServer.use(
    handle(CONSOLE_ENDPOINTS.save, (seen) => {
      saves += 1;
      return saves === 1
        ? refusal(409, 'stale_version', 'Version 4 was saved since version 3', {
            latest: version(4, THEIRS, { author: 'demo-publisher' }),
          })
        : { status: 200, body: promotion({ latest: version(5, seen.body as PromoDraft) }) };
    }),
  );
  const title = within(column('English')).getByLabelText('Title');
  await view.user.clear(title);
  await view.user.type(title, 'Black Friday Bonus (mine)');
  await view.user.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
  await screen.findByRole('heading', { name: 'Someone saved a newer version' });
  return view;
}

test('a stale save (409) shows the other editor’s version and a field diff beside mine', async () => {
  await conflicting();
  const conflict = within(
    screen.getByRole('heading', { name: 'Someone saved a newer version' }).closest('section') as HTMLElement,
  );
  expect(
    conflict.getByText(/Version 4 by demo-publisher was saved after the version 3 you started from/),
  ).toBeInTheDocument();
  const diff = conflict.getByRole('table', { name: 'Their version and yours, field by field' });
  expect(
    within(diff)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Field', "demo-publisher's (v4)", 'Yours (not saved)']);
  const rows = within(diff).getAllByRole('row').slice(1);
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ),
  ).toEqual([['Black Friday Bonus (theirs)', 'Black Friday Bonus (mine)']]);
  expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent('texts.en.title');
  // Mine is still in the form.
  expect(within(column('English')).getByLabelText('Title')).toHaveValue('Black Friday Bonus (mine)');
});

test('keep mine: saved on top of the other version (If-Match names it)', async () => {
  const { user } = await conflicting();
  await user.click(screen.getByRole('button', { name: 'Keep mine: save it over v4' }));
  expect(await screen.findByText('Saved as version 5.')).toBeInTheDocument();
  const [, second] = requestsTo(CONSOLE_ENDPOINTS.save);
  expect(second?.headers.get('if-match')).toBe('"4"');
  expect(draftSent(1).texts.en?.title).toBe('Black Friday Bonus (mine)');
  expect(screen.queryByRole('heading', { name: 'Someone saved a newer version' })).not.toBeInTheDocument();
});

test('take theirs: the form shows the other version, nothing is sent', async () => {
  const { user } = await conflicting();
  await user.click(screen.getByRole('button', { name: 'Take theirs: load v4' }));
  expect(within(column('English')).getByLabelText('Title')).toHaveValue('Black Friday Bonus (theirs)');
  expect(requestsTo(CONSOLE_ENDPOINTS.save)).toHaveLength(1);
  expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
});

test('a new promotion from a mechanic: texts in three languages, created, then edited as version 1', async () => {
  signedInAs(staff('editor'));
  const start: PromoDraft = {
    ...DRAFT,
    slug: 'free-bet-new',
    ids: [901],
    mechanic: 'match-free-bet',
    terms: { minStake: '5', validDays: 7 },
    texts: { en: DRAFT.texts.en },
  };
  mockServer.use(
    answer(CONSOLE_ENDPOINTS.draftStart, start),
    answer(CONSOLE_ENDPOINTS.create, (seen) => promotion({ latest: version(1, seen.body as PromoDraft) })),
    answer(CONSOLE_ENDPOINTS.promotion, (seen) =>
      promotion({ latest: version(1, { ...start, slug: seen.params.slug ?? '' }) }),
    ),
  );
  const { user, router } = await renderConsole('/promotions/new?mechanic=match-free-bet');
  expect(await screen.findByRole('heading', { level: 1, name: 'New promotion' })).toBeInTheDocument();
  expect(screen.getByText('Not saved yet')).toBeInTheDocument();
  expect(screen.getByLabelText('Slug')).not.toHaveAttribute('readonly');
  expect(screen.getByLabelText('Minimum stake')).toHaveValue('5');

  for (const [language, title] of [
    ['Russian', 'Фрибет за матч'],
    ['Arabic', 'رهان مجاني'],
  ] as const) {
    await user.click(within(column(language)).getByRole('button', { name: `Add texts in ${language}` }));
    const fields = within(column(language));
    await user.type(fields.getByLabelText('Title'), title);
    await user.type(fields.getByLabelText('Summary'), `${title} — ${title}`);
    await user.type(fields.getByLabelText('Paragraph 1'), `${title}: ${title}`);
    await user.type(fields.getByLabelText('Rule 1'), `${title} (1)`);
    await user.type(fields.getByLabelText('Question 1'), `${title}?`);
    await user.type(fields.getByLabelText('Answer 1'), `${title}!`);
  }
  // The Arabic column is written right to left.
  const arabic = within(column('Arabic')).getByLabelText('Title').closest('[lang="ar"]');
  expect(arabic).toHaveAttribute('dir', 'rtl');

  await user.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
  await waitFor(() => expect(pathOf(router)).toBe('/promotions/free-bet-new'));
  // The promotion's own page, not the new draft's that was there a moment before with the same
  // line (an element found in that one would be gone from the document once the page changed).
  await waitFor(() => expect(screen.queryByText('Not saved yet')).not.toBeInTheDocument());
  expect(screen.getByText('Saved as version 1.')).toBeInTheDocument();
  const [created] = requestsTo(CONSOLE_ENDPOINTS.create);
  expect(created?.headers.get('if-match')).toBeNull();
  const body = created?.body as PromoDraft;
  expect(Object.keys(body.texts)).toEqual(['en', 'ru', 'ar']);
  expect(body.texts.ar?.faq).toEqual([{ q: 'رهان مجاني?', a: 'رهان مجاني!' }]);
  expect(body.terms).toEqual({ minStake: '5', validDays: 7 });
});

test('leaving with unsaved changes asks first: Stay keeps the edit, Leave goes', async () => {
  const { user, router } = await openEditor();
  mockServer.use(answer(CONSOLE_ENDPOINTS.audit, { items: [], next: null }));
  await user.type(screen.getByLabelText('Currency'), '{Backspace}R');
  await user.click(screen.getByRole('link', { name: 'Audit log' }));
  const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
  await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
  expect(pathOf(router)).toBe(`/promotions/${SLUG}`);
  expect(screen.getByLabelText('Currency')).toHaveValue('USR');

  await user.click(screen.getByRole('link', { name: 'Audit log' }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }),
  );
  await waitFor(() => expect(pathOf(router)).toBe('/audit'));
});

test('a schedule typed in the browser zone is sent in UTC; an emptied end is long-term', async () => {
  const { user } = await openEditor();
  mockServer.use(saveAnswers());
  fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2026-04-01T08:30' } });
  fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '' } });
  await user.click(screen.getByLabelText('Only in weekly windows'));
  await user.click(screen.getByRole('checkbox', { name: 'Fri' }));
  await user.click(screen.getByRole('checkbox', { name: 'Sat' }));
  await user.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
  await waitFor(() => expect(requestsTo(CONSOLE_ENDPOINTS.save)).toHaveLength(1));
  const local = new Date(2026, 3, 1, 8, 30).toISOString().replace('.000Z', 'Z');
  expect(draftSent(0).schedule).toEqual({
    starts: local,
    ends: null,
    weekly: { weekdays: [5, 6], from: '00:00', to: '23:59' },
  });
});

test('prizes: add and remove rows; the call to action shows its target’s fields', async () => {
  const { user } = await openEditor();
  mockServer.use(saveAnswers());
  await user.click(screen.getByRole('button', { name: 'Add a prize' }));
  const amounts = screen.getAllByLabelText('Amount');
  expect(amounts).toHaveLength(2);
  await user.type(amounts[1] as HTMLElement, '25.5');
  await user.selectOptions(screen.getAllByLabelText('Kind')[1] as HTMLElement, 'Free bet');
  await user.click(screen.getByRole('button', { name: 'Remove prize 1' }));

  await user.selectOptions(screen.getByLabelText('Leads to'), 'Betting');
  expect(screen.getByLabelText('Featured match id')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Section'), 'Live');
  await user.type(screen.getByLabelText('Sport id'), '1');
  await user.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
  await waitFor(() => expect(requestsTo(CONSOLE_ENDPOINTS.save)).toHaveLength(1));
  const body = draftSent(0);
  expect(body.prizes).toEqual([{ places: '2', kind: 'freebet', amount: '25.5' }]);
  expect(body.cta).toEqual({ to: 'betting', section: 'live', sportId: 1 });
});

/** What each role sees in the editor: writers save and restore, publishers publish; everyone previews. */
const EDITOR_ACTIONS: Record<StaffRole, Record<string, boolean>> = {
  editor: { save: true, restore: true, publish: false, unpublish: false, preview: true },
  publisher: { save: true, restore: true, publish: true, unpublish: true, preview: true },
  support: { save: false, restore: false, publish: false, unpublish: false, preview: true },
  admin: { save: true, restore: true, publish: true, unpublish: true, preview: true },
};

test.each(Object.entries(EDITOR_ACTIONS))('a %s sees %j', async (role, visible) => {
  await openEditor(role as StaffRole, promotion({ state: 'running', publishedVersion: 2 }));
  expect({
    save: screen.queryAllByRole('button', { name: 'Save' }).length > 0,
    restore: screen.queryAllByRole('button', { name: /Restore v\d as a new draft/ }).length > 0,
    publish: screen.queryByRole('button', { name: 'Publish version 3 now' }) !== null,
    unpublish: screen.queryByRole('button', { name: 'Unpublish' }) !== null,
    preview: screen.queryByRole('button', { name: 'Preview version 3' }) !== null,
  }).toEqual(visible);
  if (!visible.save) {
    expect(screen.getByText('Your role may read, not edit.')).toBeInTheDocument();
    expect(screen.getByLabelText('Currency')).toBeDisabled();
  }
});

test('the latest version’s problems are listed and publishing is off while it has any', async () => {
  const { user } = await openEditor(
    'publisher',
    promotion({ latest: version(3, DRAFT, { problems: [languageMissing('ar', 'ar: текстов ещё нет')] }) }),
  );
  // The line as the server wrote it; it takes the operator to the language's texts (to start them).
  await user.click(screen.getByRole('button', { name: 'ar: текстов ещё нет' }));
  expect(within(column('Arabic')).getByRole('button', { name: 'Add texts in Arabic' })).toHaveFocus();
  expect(screen.getByRole('tab', { name: 'Arabic' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByText('Publishing is off while the latest version has problems.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Publish version 3 now' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Schedule version 3' })).toBeDisabled();
});

test('publish now, schedule at a time, unpublish after confirming', async () => {
  const { user } = await openEditor('publisher');
  mockServer.use(
    answer(CONSOLE_ENDPOINTS.publish, (seen) =>
      (seen.body as { at?: number }).at === undefined
        ? promotion({ state: 'running', publishedVersion: 3 })
        : promotion({
            state: 'scheduled',
            scheduled: { version: 3, at: (seen.body as { at: number }).at, by: 'demo-publisher' },
          }),
    ),
    answer(CONSOLE_ENDPOINTS.unpublish, promotion({ state: 'unpublished', publishedVersion: null })),
  );
  await user.click(screen.getByRole('button', { name: 'Publish version 3 now' }));
  expect(await screen.findByText('Running', { selector: '.badge' })).toBeInTheDocument();
  expect(requestsTo(CONSOLE_ENDPOINTS.publish)[0]?.body).toEqual({ version: 3 });

  const at = new Date(Date.now() + 2 * 86_400_000);
  at.setSeconds(0, 0);
  fireEvent.change(screen.getByLabelText('Publish at'), { target: { value: msToLocalInput(at.getTime()) } });
  await user.click(screen.getByRole('button', { name: 'Schedule version 3' }));
  expect(await screen.findByText('Scheduled', { selector: '.badge' })).toBeInTheDocument();
  expect(requestsTo(CONSOLE_ENDPOINTS.publish)[1]?.body).toEqual({ version: 3, at: at.getTime() / 1000 });

  await user.click(screen.getByRole('button', { name: 'Unpublish' }));
  const dialog = screen.getByRole('dialog', { name: 'Unpublish the promotion?' });
  expect(requestsTo(CONSOLE_ENDPOINTS.unpublish)).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
  expect(await screen.findByText('Unpublished', { selector: '.badge' })).toBeInTheDocument();
  expect(requestsTo(CONSOLE_ENDPOINTS.unpublish)).toHaveLength(1);
});

test('a time in the past is not scheduled', async () => {
  const { user } = await openEditor('publisher');
  fireEvent.change(screen.getByLabelText('Publish at'), { target: { value: '2020-01-01T10:00' } });
  await user.click(screen.getByRole('button', { name: 'Schedule version 3' }));
  expect(screen.getByLabelText('Publish at')).toHaveAccessibleDescription('Pick a time in the future.');
  expect(requestsTo(CONSOLE_ENDPOINTS.publish)).toHaveLength(0);
});

test('history: two versions compared field by field; an old one restored as a new draft', async () => {
  const { user } = await openEditor();
  const older: PromoDraft = { ...DRAFT, currencyCode: 'EUR', terms: { ...DRAFT.terms, wager: 40 } };
  mockServer.use(
    answer(CONSOLE_ENDPOINTS.version, (seen) =>
      version(Number(seen.params.version), seen.params.version === '1' ? older : DRAFT),
    ),
    answer(CONSOLE_ENDPOINTS.restore, promotion({ latest: version(4, older) })),
  );
  const history = within(screen.getByRole('heading', { name: 'History' }).closest('section') as HTMLElement);
  await user.click(history.getByRole('checkbox', { name: /Version 1/ }));
  await user.click(history.getByRole('checkbox', { name: /Version 3/ }));
  const diff = await history.findByRole('table', { name: 'Changes from version 1 to 3' });
  const rows = within(diff)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
  expect(rows).toEqual(['currencyCodeEURUSD', 'terms.wager4030']);

  await user.click(history.getByRole('button', { name: 'Restore v1 as a new draft' }));
  expect(await history.findByText('Restored as version 4.')).toBeInTheDocument();
  expect(requestsTo(CONSOLE_ENDPOINTS.restore)[0]?.params).toEqual({ slug: SLUG, version: '1' });
  // Nothing was being edited: the form shows the restored version.
  expect(screen.getByLabelText('Currency')).toHaveValue('EUR');
});

test('preview: a signed link to the frame and to the demo host, each opening a new tab', async () => {
  const { user } = await openEditor('support');
  mockServer.use(
    answer(CONSOLE_ENDPOINTS.preview, {
      framePath: '/promo-frame/en/promotions/black-freeday?preview=abc',
      hostPath: '/demo/promotions/black-freeday?preview=abc',
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    }),
  );
  await user.click(screen.getByRole('button', { name: 'Preview version 3' }));
  const frame = await screen.findByRole('link', { name: 'Open in the frame (new tab)' });
  expect(frame).toHaveAttribute('href', '/promo-frame/en/promotions/black-freeday?preview=abc');
  expect(frame).toHaveAttribute('target', '_blank');
  expect(screen.getByRole('link', { name: 'Open in the demo host (new tab)' })).toHaveAttribute(
    'href',
    '/demo/promotions/black-freeday?preview=abc',
  );
  expect(requestsTo(CONSOLE_ENDPOINTS.preview)[0]?.params).toEqual({ slug: SLUG, version: '3' });
});

test('preview is off, with the reason, while the latest version has no texts in any language', async () => {
  signedInAs(staff('editor'));
  mockServer.use(answer(CONSOLE_ENDPOINTS.promotion, promotion({ latest: version(1, { ...DRAFT, texts: {} }) })));
  await renderConsole(`/promotions/${SLUG}`);
  const button = await screen.findByRole('button', { name: 'Preview version 1' });
  expect(button).toBeDisabled();
  expect(button).toHaveAccessibleDescription(
    'Version 1 has no texts yet: write them in one language at least to preview it.',
  );
});

test('an unknown slug says so', async () => {
  signedInAs(staff('editor'));
  mockServer.use(handle(CONSOLE_ENDPOINTS.promotion, () => refusal(404, 'not_found', 'No such promotion')));
  await renderConsole('/promotions/nope');
  expect(await screen.findByText('There is no promotion with this slug.')).toBeInTheDocument();
});
