import '@puckeditor/core/no-external.css';
import {
  type CmsPageType,
  type CmsPageVersion,
  CONSOLE_CMS_ENDPOINTS,
  type ConsoleCmsPage,
  cmsPageVersionSchema,
  PROMO_TEXT_LANGUAGES,
} from '@promo/contract';
import { Puck } from '@puckeditor/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { call, isApiError } from '../../api/client.ts';
import { useStaff } from '../../app/staff-context.tsx';
import { diffFields } from '../../lib/diff.ts';
import { mayCall } from '../../lib/roles.ts';
import { LoadError, useErrorText } from '../../ui/problem.tsx';
import { Time } from '../../ui/time.tsx';
import { useTitle } from '../../ui/use-title.ts';
import { ConflictPanel } from '../editor/conflict-panel.tsx';
import { DiffTable } from '../editor/diff-table.tsx';
import { cmsPuckConfig } from './puck-config.tsx';
import { draftOf, type PageData, textsToData } from './puck-data.ts';

/** The widths the canvas shows a page at: a phone and a desktop (issue 42's landing check). */
const VIEWPORTS = [
  { width: 390, height: 'auto' as const, label: '390 px' },
  { width: 1366, height: 'auto' as const, label: '1366 px' },
];

/** Countries as the editor types them: codes by commas. */
const countriesTextOf = (countries: readonly string[] | null) => countries?.join(', ') ?? '';

/** The typed countries: null for none (everyone), undefined when one is not a two-letter code. */
function countriesOf(text: string): string[] | null | undefined {
  const codes = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((code) => code.toUpperCase());
  if (codes.length === 0) return null;
  return codes.every((code) => /^[A-Z]{2}$/.test(code)) ? codes : undefined;
}

/** Each language of a version as Puck's data. */
const dataOf = (version: CmsPageVersion): Record<string, PageData> =>
  Object.fromEntries(Object.entries(version.languages).map(([language, texts]) => [language, textsToData(texts)]));

/** `/cms/:type/:slug`: a CMS page in the visual editor, a tab per language; save, publish. */
export function CmsEditorPage() {
  const { t } = useTranslation();
  const params = useParams() as { type: CmsPageType; slug: string };
  useTitle(t('cms.editorTitle', { slug: params.slug }));
  const page = useQuery({
    queryKey: ['cms-page', params.type, params.slug],
    queryFn: ({ signal }) => call(CONSOLE_CMS_ENDPOINTS.cmsPage, { params, signal }),
    // The editor holds the edit: a refetch must not replace it under the editor's hands.
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (page.isPending) {
    return (
      <p className="page-status" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (page.isError) {
    return (
      <div className="page">
        <h1>{t('cms.title')}</h1>
        {isApiError(page.error, 404) ? (
          <p className="notice">{t('app.notFound')}</p>
        ) : (
          <LoadError error={page.error} onRetry={() => void page.refetch()} />
        )}
        <Link to="/cms">{t('cms.backToList')}</Link>
      </div>
    );
  }
  return <Editor key={`${params.type}/${params.slug}`} initial={page.data} />;
}

/**
 * Names two controls Puck 0.23 leaves unnamed: the canvas frame and the zoom select (WCAG 4.1.2),
 * whenever Puck renders them again.
 */
function useNamedPuckControls(canvas: RefObject<HTMLElement | null>) {
  const { t } = useTranslation();
  useEffect(() => {
    const root = canvas.current;
    if (!root) return;
    const name = () => {
      root.querySelector('iframe#preview-frame:not([title])')?.setAttribute('title', t('cms.canvas'));
      root.querySelector('select[class*="zoomSelect"]:not([aria-label])')?.setAttribute('aria-label', t('cms.zoom'));
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [canvas, t]);
}

/** What a version changed from the one it started from, field by field, once asked. */
function VersionChanges({
  pageKey,
  version,
  basedOn,
}: {
  pageKey: { type: CmsPageType; slug: string };
  version: number;
  basedOn: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const read = (number: number) => ({
    queryKey: ['cms-version', pageKey.type, pageKey.slug, number],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      call(CONSOLE_CMS_ENDPOINTS.cmsPageVersion, { params: { ...pageKey, version: number }, signal }),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const after = useQuery(read(version));
  const before = useQuery(read(basedOn));
  const content = (of: CmsPageVersion) => ({ languages: of.languages, countries: of.countries });
  return (
    <>
      {' '}
      <button type="button" className="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('cms.changes', { version, basedOn })}
      </button>
      {open && after.data && before.data ? (
        <DiffTable
          changes={diffFields(content(before.data), content(after.data))}
          caption={t('cms.changesCaption', { version, basedOn })}
          beforeLabel={t('cms.versionLabel', { version: basedOn })}
          afterLabel={t('cms.versionLabel', { version })}
        />
      ) : null}
    </>
  );
}

function Editor({ initial }: { initial: ConsoleCmsPage }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const me = useStaff();
  const client = useQueryClient();
  const key = { type: initial.type, slug: initial.slug };
  const [page, setPage] = useState(initial);
  const [languages, setLanguages] = useState(() => dataOf(initial.latest));
  const [saved, setSaved] = useState(languages);
  const [language, setLanguage] = useState(() =>
    initial.languages.includes('en') ? 'en' : (initial.languages[0] ?? 'en'),
  );
  /** Bumped when the editor's data is replaced from outside (another's version taken): Puck starts again. */
  const [revision, setRevision] = useState(0);
  const [conflict, setConflict] = useState<CmsPageVersion | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The version this edit started from: what If-Match names. */
  const basedOn = useRef(initial.latestVersion);
  const canvas = useRef<HTMLDivElement>(null);
  useNamedPuckControls(canvas);
  const config = useMemo(() => cmsPuckConfig(t, language), [t, language]);
  /** The countries the page is limited to, as typed ("CY, AE"); none: everyone (decision 030). */
  const [countriesText, setCountriesText] = useState(() => countriesTextOf(initial.latest.countries));
  const countries = countriesOf(countriesText);
  const draft = useMemo(() => draftOf(languages, countries ?? null), [languages, countries]);
  const dirty = useMemo(
    () => JSON.stringify(draft) !== JSON.stringify(draftOf(saved, page.latest.countries)),
    [draft, saved, page.latest.countries],
  );
  const [newLanguage, setNewLanguage] = useState('');
  const addable = PROMO_TEXT_LANGUAGES.filter((code) => !languages[code]);
  /** A language the page lacks, starting as a copy of the one on screen (its texts to translate). */
  const addLanguage = () => {
    const from = languages[language];
    if (!newLanguage || !from) return;
    setLanguages((all) => ({ ...all, [newLanguage]: structuredClone(from) }));
    setLanguage(newLanguage);
    setNewLanguage('');
  };

  const settle = (answer: ConsoleCmsPage) => {
    setPage(answer);
    basedOn.current = answer.latestVersion;
    client.setQueryData(['cms-page', answer.type, answer.slug], answer);
    void client.invalidateQueries({ queryKey: ['cms-pages'] });
  };

  const save = useMutation({
    mutationFn: () =>
      call(CONSOLE_CMS_ENDPOINTS.cmsPageSave, {
        params: key,
        body: draft,
        headers: { 'if-match': `"${basedOn.current}"` },
      }),
    onMutate: () => {
      setProblem(null);
      setStatus(null);
    },
    onSuccess: (answer) => {
      settle(answer);
      setSaved(languages);
      setCountriesText(countriesTextOf(answer.latest.countries));
      setConflict(null);
      setStatus(t('cms.saved', { version: answer.latestVersion }));
    },
    onError: (error) => {
      const latest = isApiError(error, 409, 'stale_version')
        ? cmsPageVersionSchema.safeParse(error.body.latest)
        : undefined;
      if (latest?.success) setConflict(latest.data);
      else setProblem(errorText(error));
    },
  });

  /** When a publication is to happen, as the datetime field holds it (local time); empty: now. */
  const [publishAt, setPublishAt] = useState('');
  const publication = useMutation({
    mutationFn: (publish: 'now' | 'later' | 'off') =>
      publish === 'off'
        ? call(CONSOLE_CMS_ENDPOINTS.cmsPageUnpublish, { params: key })
        : call(CONSOLE_CMS_ENDPOINTS.cmsPagePublish, {
            params: key,
            body: {
              version: page.latestVersion,
              ...(publish === 'later' ? { at: Math.floor(new Date(publishAt).getTime() / 1000) } : {}),
            },
          }),
    onMutate: () => {
      setProblem(null);
      setStatus(null);
    },
    onSuccess: (answer) => {
      settle(answer);
      setStatus(
        answer.scheduledVersion !== null
          ? t('cms.scheduledNow', { version: answer.scheduledVersion })
          : answer.publishedVersion === null
            ? t('cms.unpublishedNow')
            : t('cms.publishedNow', { version: answer.publishedVersion }),
      );
    },
    onError: (error) => setProblem(errorText(error)),
  });

  /** Takes in a version the server made (a restore): the editor starts again from it. */
  const reload = (answer: ConsoleCmsPage) => {
    const fresh = dataOf(answer.latest);
    setCountriesText(countriesTextOf(answer.latest.countries));
    setLanguages(fresh);
    setSaved(fresh);
    setRevision((n) => n + 1);
    if (!fresh[language]) setLanguage(Object.keys(fresh)[0] ?? 'en');
  };

  const restore = useMutation({
    mutationFn: (version: number) =>
      call(CONSOLE_CMS_ENDPOINTS.cmsPageRestore, { params: { ...key, version }, body: {} }),
    onMutate: () => {
      setProblem(null);
      setStatus(null);
    },
    onSuccess: (answer, version) => {
      settle(answer);
      reload(answer);
      setConflict(null);
      setStatus(t('cms.restored', { version, latest: answer.latestVersion }));
    },
    onError: (error) => setProblem(errorText(error)),
  });

  const preview = useMutation({
    mutationFn: () =>
      call(CONSOLE_CMS_ENDPOINTS.cmsPagePreview, {
        params: { ...key, version: page.latestVersion },
        body: { language },
      }),
    onMutate: () => setProblem(null),
    onError: (error) => setProblem(errorText(error)),
  });

  /** Keeps this edit: saved on top of the version that won the race. */
  const keepMine = () => {
    if (!conflict) return;
    basedOn.current = conflict.version;
    save.mutate();
  };
  /** Takes the other version: this edit is dropped (it was never saved). */
  const takeTheirs = () => {
    if (!conflict) return;
    const taken = {
      ...page,
      latestVersion: conflict.version,
      latest: conflict,
      languages: Object.keys(conflict.languages),
    };
    basedOn.current = conflict.version;
    setPage(taken);
    reload(taken);
    setConflict(null);
  };

  const busy = save.isPending || publication.isPending || restore.isPending;
  const mayPublish = mayCall(me.role, CONSOLE_CMS_ENDPOINTS.cmsPagePublish);
  const maySave = mayCall(me.role, CONSOLE_CMS_ENDPOINTS.cmsPageSave);
  const data = languages[language];

  return (
    <div className="page cms-editor">
      <div className="page-head">
        <h1>
          {page.title} <span className="muted">{`${page.type}/${page.slug}`}</span>
        </h1>
        <Link to="/cms">{t('cms.backToList')}</Link>
      </div>
      <p className="cms-versions">
        {t('cms.versions', {
          latest: page.latestVersion,
          published: page.publishedVersion ?? t('cms.unpublished'),
        })}
        {page.scheduledVersion !== null && page.publishAt !== null ? (
          <>
            {' · '}
            {t('cms.scheduled', { version: page.scheduledVersion })} <Time unix={page.publishAt} />
          </>
        ) : null}
        {dirty ? <strong> · {t('cms.unsaved')}</strong> : null}
      </p>
      <div className="cms-toolbar">
        {maySave ? (
          <button
            type="button"
            className="button primary"
            disabled={busy || !dirty || countries === undefined}
            onClick={() => save.mutate()}
          >
            {t('cms.save')}
          </button>
        ) : null}
        <button type="button" className="button" disabled={busy || preview.isPending} onClick={() => preview.mutate()}>
          {t('cms.preview', { version: page.latestVersion })}
        </button>
        {mayPublish ? (
          <>
            <button
              type="button"
              className="button"
              disabled={busy || dirty || page.publishedVersion === page.latestVersion}
              onClick={() => publication.mutate('now')}
            >
              {t('cms.publish', { version: page.latestVersion })}
            </button>
            <label>
              {t('cms.publishAt')}{' '}
              <input type="datetime-local" value={publishAt} onChange={(event) => setPublishAt(event.target.value)} />
            </label>
            <button
              type="button"
              className="button"
              disabled={busy || dirty || !publishAt}
              onClick={() => publication.mutate('later')}
            >
              {t('cms.schedule', { version: page.latestVersion })}
            </button>
            {page.publishedVersion !== null || page.scheduledVersion !== null ? (
              <button type="button" className="button" disabled={busy} onClick={() => publication.mutate('off')}>
                {t('cms.unpublish')}
              </button>
            ) : null}
          </>
        ) : null}
      </div>
      {preview.data ? (
        <p className="cms-preview-links">
          {t('cms.previewLinks')}{' '}
          <a href={preview.data.framePath} target="_blank" rel="noopener">
            {t('cms.previewFrame')}
          </a>
          {' · '}
          <a href={preview.data.hostPath} target="_blank" rel="noopener">
            {t('cms.previewHost')}
          </a>{' '}
          <span className="muted">
            {t('cms.previewUntil')} <Time unix={preview.data.expiresAt} />
          </span>
        </p>
      ) : null}
      <p role="status" className="cms-status">
        {status}
      </p>
      {problem ? (
        <p role="alert" className="notice error">
          {problem}
        </p>
      ) : null}
      {conflict ? (
        <ConflictPanel
          latest={{ ...conflict, content: { languages: conflict.languages, countries: conflict.countries } }}
          mine={draft}
          startedFrom={basedOn.current}
          busy={busy}
          onKeepMine={keepMine}
          onTakeTheirs={takeTheirs}
        />
      ) : null}
      <details className="cms-history">
        <summary>{t('cms.history')}</summary>
        <ol>
          {page.versions.map((version) => (
            <li key={version.version}>
              {t('cms.historyItem', { version: version.version, author: version.author ?? t('cms.seed') })}{' '}
              <Time unix={version.createdAt} />
              {version.version === page.publishedVersion ? <strong> · {t('cms.servedNow')}</strong> : null}
              {version.basedOn !== null ? (
                <VersionChanges pageKey={key} version={version.version} basedOn={version.basedOn} />
              ) : null}
              {maySave && version.version !== page.latestVersion ? (
                <>
                  {' '}
                  <button
                    type="button"
                    className="button"
                    disabled={busy || dirty}
                    onClick={() => restore.mutate(version.version)}
                  >
                    {t('cms.restore', { version: version.version })}
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      </details>
      <div className="cms-audience">
        <label>
          {t('cms.countries')}{' '}
          <input
            value={countriesText}
            onChange={(event) => setCountriesText(event.target.value)}
            readOnly={!maySave}
            aria-describedby="cms-countries-hint"
            aria-invalid={countries === undefined}
          />
        </label>
        <span id="cms-countries-hint" className={countries === undefined ? 'error' : 'muted'}>
          {countries === undefined ? t('cms.countriesBad') : t('cms.countriesHint')}
        </span>
        {maySave && addable.length > 0 ? (
          <span>
            <select
              aria-label={t('cms.addLanguage')}
              value={newLanguage}
              onChange={(event) => setNewLanguage(event.target.value)}
            >
              <option value="">{t('cms.addLanguage')}</option>
              {addable.map((code) => (
                <option key={code} value={code}>
                  {t(`languages.${code}`)}
                </option>
              ))}
            </select>{' '}
            <button type="button" className="button" disabled={!newLanguage} onClick={addLanguage}>
              {t('cms.add')}
            </button>
          </span>
        ) : null}
      </div>
      <div role="tablist" aria-label={t('cms.languages')} className="cms-languages">
        {Object.keys(languages).map((code) => (
          <button
            key={code}
            type="button"
            role="tab"
            aria-selected={code === language}
            className={code === language ? 'button primary' : 'button'}
            onClick={() => setLanguage(code)}
          >
            {t(`languages.${code}`, { defaultValue: code })}
          </button>
        ))}
      </div>
      {data ? (
        <div
          ref={canvas}
          role="tabpanel"
          className="cms-canvas"
          aria-label={t(`languages.${language}`, { defaultValue: language })}
        >
          <Puck
            key={`${language}:${revision}`}
            config={config}
            data={data}
            onChange={(next) => setLanguages((all) => ({ ...all, [language]: next as PageData }))}
            overrides={{ headerActions: () => <></> }}
            headerTitle={data.root.props?.title ?? page.title}
            viewports={VIEWPORTS}
            permissions={maySave ? {} : { drag: false, duplicate: false, delete: false, insert: false, edit: false }}
          />
        </div>
      ) : null}
    </div>
  );
}
