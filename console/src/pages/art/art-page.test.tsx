import { ART_ENDPOINTS, type Art } from '@promo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { art, staff } from '../../test/fixtures.ts';
import { answer, handle, mockServer, refusal, requestsTo, startMockApi } from '../../test/mock-api.ts';
import { renderConsole, signedInAs } from '../../test/render.tsx';

startMockApi();

const HERO = art(1, 'hero.png', { usedBy: ['banner:3', 'cms-page:bonus/welcome'] });
const SPARE = art(2, 'spare.webp', { type: 'webp', usedBy: [] });

const rowOf = async (name: string) => within((await screen.findByRole('cell', { name })).closest('tr') as HTMLElement);

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'new hero.png', { type: 'image/png' });

test('the list: name, type, dimensions, size, who and when, what shows it; support uploads nothing', async () => {
  signedInAs(staff('support'));
  mockServer.use(answer(ART_ENDPOINTS.art, [HERO, SPARE]));
  await renderConsole('/art');
  const row = await rowOf('hero.png');
  expect(row.getByText('PNG')).toHaveClass('badge');
  expect(row.getByText('1200 × 600')).toBeInTheDocument();
  expect(row.getByText('120 KB')).toBeInTheDocument();
  expect(row.getByText('banner:3')).toBeInTheDocument();
  expect(row.getByText('cms-page:bonus/welcome')).toBeInTheDocument();
  expect((await rowOf('spare.webp')).getByText('Unused')).toBeInTheDocument();
  expect(screen.queryByLabelText('File')).toBeNull();
  expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
});

test('an upload: the bytes sent with the name and folder, pending shown, the new row listed', async () => {
  signedInAs(staff('editor'));
  let listed: Art[] = [SPARE];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  mockServer.use(
    answer(ART_ENDPOINTS.art, () => listed),
    handle(ART_ENDPOINTS.artUpload, async () => {
      await held;
      const made = art(3, 'new hero.png', { folder: 'lotto' });
      listed = [made, ...listed];
      return { status: 201, body: made };
    }),
  );
  const { user } = await renderConsole('/art');
  await screen.findByRole('cell', { name: 'spare.webp' });
  await user.upload(screen.getByLabelText('File'), png());
  await user.selectOptions(screen.getByLabelText('Folder'), 'Lotto');
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  expect(await screen.findByRole('button', { name: 'Uploading…' })).toBeDisabled();
  expect(screen.getByRole('status')).toHaveTextContent('Uploading…');
  release();
  expect(await screen.findByText('new hero.png is uploaded.')).toBeInTheDocument();
  await rowOf('new hero.png');
  const [sent] = requestsTo(ART_ENDPOINTS.artUpload);
  expect(sent?.url.searchParams.get('name')).toBe('new hero.png');
  expect(sent?.url.searchParams.get('folder')).toBe('lotto');
  expect(sent?.headers.get('content-type')).toBe('application/octet-stream');
  expect(sent?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
  expect(String(sent?.body)).toContain('PNG');
});

test('a refused upload: the server’s sentence in an alert, nothing listed', async () => {
  signedInAs(staff('editor'));
  const message =
    '"new hero.png" is named as PNG but its bytes are SVG: upload the real file, or name it for what it is';
  mockServer.use(
    answer(ART_ENDPOINTS.art, []),
    handle(ART_ENDPOINTS.artUpload, () => refusal(415, 'art_name_mismatch', message)),
  );
  const { user } = await renderConsole('/art');
  await screen.findByText('No art uploaded yet.');
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  expect(screen.getByText('Choose a file to upload.')).toBeInTheDocument();
  expect(screen.getByLabelText('File')).toHaveFocus();
  expect(requestsTo(ART_ENDPOINTS.artUpload)).toEqual([]);
  await user.upload(screen.getByLabelText('File'), png());
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  const alert = await screen.findByText(message);
  expect(alert.closest('[role="alert"]')).not.toBeNull();
  expect(screen.getByText('No art uploaded yet.')).toBeInTheDocument();
});

test('delete: art in use says why and asks nothing; unused art is deleted after a confirm', async () => {
  signedInAs(staff('editor'));
  let listed = [HERO, SPARE];
  mockServer.use(
    answer(ART_ENDPOINTS.art, () => listed),
    answer(ART_ENDPOINTS.artDelete, (seen) => {
      listed = listed.filter((each) => String(each.id) !== seen.params.id);
      return { ok: true as const };
    }),
  );
  const { user } = await renderConsole('/art');
  const hero = await rowOf('hero.png');
  const inUse = hero.getByRole('button', { name: 'Delete hero.png' });
  expect(inUse).toHaveAttribute('aria-disabled', 'true');
  expect(inUse).toHaveAccessibleDescription('In use: remove it from what shows it first.');
  await user.click(inUse);
  expect(screen.queryByRole('dialog')).toBeNull();

  await user.click((await rowOf('spare.webp')).getByRole('button', { name: 'Delete spare.webp' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Delete spare.webp?' }));
  await user.click(dialog.getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('spare.webp is deleted.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('cell', { name: 'spare.webp' })).toBeNull());
  expect(requestsTo(ART_ENDPOINTS.artDelete).map((seen) => seen.params.id)).toEqual(['2']);
});
