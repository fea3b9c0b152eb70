import { ART_ENDPOINTS, ART_FOLDERS, type Art, type ArtFolder, webpArtOf } from '@promo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { useStaff } from '../../app/staff-context.tsx';
import { mayCall } from '../../lib/roles.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { ConfirmDialog } from '../../ui/modal.tsx';
import { useErrorText } from '../../ui/problem.tsx';
import { Time } from '../../ui/time.tsx';
import { useTitle } from '../../ui/use-title.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, Art>();
const NO_ART: Art[] = [];
/** What the file picker offers; the server reads the real type from the bytes whatever is picked. */
const ACCEPT = '.png,.jpg,.jpeg,.webp,.svg,image/png,image/jpeg,image/webp,image/svg+xml';

/** A file's size as people read it. */
const size = (bytes: number, language: string) =>
  bytes < 1024 * 1024
    ? `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(bytes / 1024)} KB`
    : `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;

/** `/art`: uploaded art (everyone), an upload (writers), and deleting art nothing shows (writers). */
export function ArtPage() {
  const { t, i18n } = useTranslation();
  useTitle(t('art.title'));
  const me = useStaff();
  const client = useQueryClient();
  const errorText = useErrorText();
  const [deleting, setDeleting] = useState<Art | null>(null);
  const [done, setDone] = useState('');
  const tableRef = useRef<HTMLElement>(null);
  const mayUpload = mayCall(me.role, ART_ENDPOINTS.artUpload);
  const mayDelete = mayCall(me.role, ART_ENDPOINTS.artDelete);
  const reasonId = useId();

  const list = useQuery({ queryKey: queryKeys.art, queryFn: ({ signal }) => call(ART_ENDPOINTS.art, { signal }) });
  const art = list.data ?? NO_ART;
  const changed = () => {
    void client.invalidateQueries({ queryKey: queryKeys.art });
    void client.invalidateQueries({ queryKey: queryKeys.audit });
  };

  const remove = useMutation({
    mutationFn: (item: Art) => call(ART_ENDPOINTS.artDelete, { params: { id: item.id } }),
    onMutate: () => setDone(''),
    onSuccess: (_answer, item) => {
      client.setQueryData<Art[]>(queryKeys.art, (current = []) => current.filter((each) => each.id !== item.id));
      changed();
      setDone(t('art.deleted', { name: item.name }));
      tableRef.current?.focus();
    },
  });

  const columns = useMemo(
    () =>
      column.columns([
        column.display({
          id: 'preview',
          header: () => <span className="visually-hidden">{t('art.columns.preview')}</span>,
          cell: ({ row }) => (
            <img
              className="art-thumb"
              src={webpArtOf(row.original.path) ?? row.original.path}
              alt=""
              width={64}
              height={40}
              loading="lazy"
            />
          ),
        }),
        column.accessor('name', { header: t('art.columns.name'), cell: ({ row }) => row.original.name }),
        column.accessor('type', {
          header: t('art.columns.type'),
          cell: ({ row }) => <span className="badge">{row.original.type.toUpperCase()}</span>,
        }),
        column.display({
          id: 'dimensions',
          header: t('art.columns.dimensions'),
          cell: ({ row }) => `${row.original.width} × ${row.original.height}`,
        }),
        column.accessor('bytes', {
          header: t('art.columns.size'),
          cell: ({ row }) => size(row.original.bytes, i18n.language),
        }),
        column.accessor('uploadedAt', {
          header: t('art.columns.uploaded'),
          cell: ({ row }) => (
            <>
              {row.original.uploadedBy}, <Time unix={row.original.uploadedAt} />
            </>
          ),
        }),
        column.accessor('usedBy', {
          header: t('art.columns.usedBy'),
          cell: ({ row }) =>
            row.original.usedBy.length > 0 ? (
              <ul className="plain-list">
                {row.original.usedBy.map((where) => (
                  <li key={where}>
                    <code>{where}</code>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="muted">{t('art.unused')}</span>
            ),
        }),
        ...(mayDelete
          ? [
              column.display({
                id: 'actions',
                header: () => <span className="visually-hidden">{t('art.columns.actions')}</span>,
                cell: ({ row }) => {
                  const inUse = row.original.usedBy.length > 0;
                  return (
                    <>
                      <button
                        type="button"
                        className="button small danger"
                        aria-disabled={inUse || undefined}
                        aria-describedby={inUse ? `${reasonId}-${row.original.id}` : undefined}
                        disabled={remove.isPending && remove.variables?.id === row.original.id}
                        onClick={() => {
                          if (!inUse) setDeleting(row.original);
                        }}
                      >
                        {t('art.delete')} <span className="visually-hidden">{row.original.name}</span>
                      </button>
                      {inUse ? (
                        <p className="field-hint" id={`${reasonId}-${row.original.id}`}>
                          {t('art.inUse')}
                        </p>
                      ) : null}
                    </>
                  );
                },
              }),
            ]
          : []),
      ]),
    [t, i18n.language, mayDelete, remove.isPending, remove.variables, reasonId],
  );
  const table = useTable({ features, columns, data: art });

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{t('art.title')}</h1>
          <p className="muted">{t('art.explain')}</p>
        </div>
      </div>
      {mayUpload ? (
        <UploadForm
          onUploaded={(item) => {
            client.setQueryData<Art[]>(queryKeys.art, (current = []) => [item, ...current]);
            changed();
            setDone(t('art.uploaded', { name: item.name }));
          }}
          onStart={() => setDone('')}
        />
      ) : null}
      <div aria-live="polite" className="save-status">
        {done ? <p className="ok-text">{done}</p> : null}
      </div>
      <div role="alert" className="form-alerts">
        {remove.isError ? <p className="notice error">{errorText(remove.error)}</p> : null}
      </div>
      <ListStates query={list} isEmpty={art.length === 0} empty={t('art.empty')}>
        <DataTable
          table={table}
          label={t('art.tableLabel')}
          className="art-table"
          scrollRef={tableRef}
          rowKey={(item) => item.id}
        />
      </ListStates>
      <ConfirmDialog
        open={deleting !== null}
        title={t('art.deleteTitle', { name: deleting?.name ?? '' })}
        message={<p>{t('art.deleteQuestion')}</p>}
        confirmLabel={t('art.delete')}
        cancelLabel={t('common.cancel')}
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
          setDeleting(null);
        }}
      />
    </div>
  );
}

/** The upload: a file and its folder; the server's refusal, in the console's language, in an alert. */
function UploadForm({ onUploaded, onStart }: { onUploaded: (art: Art) => void; onStart: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [folder, setFolder] = useState<ArtFolder>('promotions');
  const [missing, setMissing] = useState(false);
  const upload = useMutation({
    mutationFn: async (file: File) =>
      call(ART_ENDPOINTS.artUpload, {
        query: { name: file.name, folder },
        body: new Uint8Array(await file.arrayBuffer()),
      }),
    onMutate: onStart,
    onSuccess: (art) => {
      if (fileRef.current) fileRef.current.value = '';
      onUploaded(art);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    setMissing(!file);
    if (!file) {
      fileRef.current?.focus();
      return;
    }
    upload.mutate(file);
  };
  return (
    <form className="art-upload" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('art.uploadTitle')}</h2>
      <div className="field">
        <label htmlFor={`${id}-file`}>{t('art.file')}</label>
        <input
          ref={fileRef}
          id={`${id}-file`}
          type="file"
          accept={ACCEPT}
          aria-describedby={`${id}-file-hint${missing ? ` ${id}-file-error` : ''}`}
          aria-invalid={missing || undefined}
          onChange={() => setMissing(false)}
        />
        <p className="field-hint" id={`${id}-file-hint`}>
          {t('art.fileHint')}
        </p>
        {missing ? (
          <p className="field-error" id={`${id}-file-error`}>
            {t('art.fileMissing')}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-folder`}>{t('art.folder')}</label>
        <select id={`${id}-folder`} value={folder} onChange={(event) => setFolder(event.target.value as ArtFolder)}>
          {ART_FOLDERS.map((value) => (
            <option key={value} value={value}>
              {t(`art.folders.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div role="status" className="save-status">
        {upload.isPending ? t('art.uploading') : ''}
      </div>
      <div role="alert" className="form-alerts">
        {upload.isError ? <p className="notice error">{errorText(upload.error)}</p> : null}
      </div>
      <button type="submit" className="button primary" disabled={upload.isPending} aria-busy={upload.isPending}>
        {upload.isPending ? t('art.uploading') : t('art.upload')}
      </button>
    </form>
  );
}
