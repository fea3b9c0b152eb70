import { CONSOLE_ENDPOINTS, type ConsolePromotion, hasTexts, type PreviewLink } from '@promo/contract';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { useStaff } from '../../app/staff-context.tsx';
import { diffFields } from '../../lib/diff.ts';
import { mayCall } from '../../lib/roles.ts';
import { localInputToMs } from '../../lib/time.ts';
import { StateBadge } from '../../ui/badges.tsx';
import { ConfirmDialog } from '../../ui/modal.tsx';
import { useErrorText } from '../../ui/problem.tsx';
import { Time } from '../../ui/time.tsx';
import { DiffTable } from './diff-table.tsx';
import { ProblemList, type ProblemPath } from './problem-list.tsx';
import { useRestore } from './use-restore.ts';

/**
 * Beside the form: where the promotion is in its life, what stops its latest version from being
 * published, preview, the publisher's actions, and its history.
 */
export function SidePanel({
  promotion,
  dirty,
  onChanged,
  onShowField,
}: {
  promotion: ConsolePromotion;
  dirty: boolean;
  /** A new version was made here (a restore): the editor may take it up. */
  onChanged: (promotion: ConsolePromotion) => void;
  /** Takes the operator to a problem's field in the form. */
  onShowField?: (path: ProblemPath) => void;
}) {
  const { t } = useTranslation();
  return (
    <aside className="side-panel" aria-label={t('editor.panel')}>
      <section className="panel-block">
        <h2>{t('editor.status')}</h2>
        <dl className="facts">
          <dt>{t('editor.state')}</dt>
          <dd>
            <StateBadge state={promotion.state} />
          </dd>
          <dt>{t('editor.latest')}</dt>
          <dd>{t('editor.versionBy', { version: promotion.latest.version, author: promotion.latest.author })}</dd>
          <dt>{t('editor.published')}</dt>
          <dd>
            {promotion.publishedVersion === null
              ? t('list.notPublished')
              : t('list.publishedVersion', { version: promotion.publishedVersion })}
          </dd>
          <dt>{t('editor.scheduled')}</dt>
          <dd>
            {promotion.scheduled === null ? (
              t('editor.nothingScheduled')
            ) : (
              <>
                {t('editor.scheduledVersion', { version: promotion.scheduled.version, by: promotion.scheduled.by })}{' '}
                <Time unix={promotion.scheduled.at} />
              </>
            )}
          </dd>
        </dl>
        {dirty ? (
          <p className="notice">{t('editor.unsavedNotInVersion', { version: promotion.latest.version })}</p>
        ) : null}
      </section>
      <Problems promotion={promotion} onShow={onShowField} />
      <Preview promotion={promotion} />
      <Publication promotion={promotion} />
      <History promotion={promotion} dirty={dirty} onChanged={onChanged} />
    </aside>
  );
}

function Problems({
  promotion,
  onShow,
}: {
  promotion: ConsolePromotion;
  onShow: ((path: ProblemPath) => void) | undefined;
}) {
  const { t } = useTranslation();
  const problems = promotion.latest.problems;
  return (
    <section className="panel-block">
      <h2>{t('editor.problems')}</h2>
      {problems.length === 0 ? (
        <p className="ok-text">{t('editor.noProblems', { version: promotion.latest.version })}</p>
      ) : (
        <ProblemList problems={problems} onShow={onShow} className="problem-list" />
      )}
    </section>
  );
}

function Preview({ promotion }: { promotion: ConsolePromotion }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const version = promotion.latest.version;
  const preview = useMutation({
    mutationFn: (): Promise<PreviewLink> =>
      call(CONSOLE_ENDPOINTS.preview, { params: { slug: promotion.slug, version } }),
  });
  // The page shows the version's texts: without any, the server refuses the link (preview_no_texts).
  const showable = hasTexts(promotion.latest.content);
  const hintId = useId();
  return (
    <section className="panel-block">
      <h2>{t('editor.preview')}</h2>
      <button
        type="button"
        className="button"
        onClick={() => preview.mutate()}
        disabled={preview.isPending || !showable}
        aria-describedby={showable ? undefined : hintId}
      >
        {t('editor.previewVersion', { version })}
      </button>
      {showable ? null : (
        <p id={hintId} className="field-hint">
          {t('editor.previewNeedsTexts', { version })}
        </p>
      )}
      <div aria-live="polite">
        {preview.data ? (
          <ul className="preview-links">
            <li>
              <a href={preview.data.framePath} target="_blank" rel="noopener noreferrer">
                {t('editor.previewFrame')}
              </a>
            </li>
            <li>
              <a href={preview.data.hostPath} target="_blank" rel="noopener noreferrer">
                {t('editor.previewHost')}
              </a>
            </li>
            <li className="muted">
              {t('editor.previewExpires')} <Time unix={preview.data.expiresAt} />
            </li>
          </ul>
        ) : null}
        {preview.isError ? <p className="field-error">{errorText(preview.error)}</p> : null}
      </div>
    </section>
  );
}

function Publication({ promotion }: { promotion: ConsolePromotion }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const client = useQueryClient();
  const errorText = useErrorText();
  const id = useId();
  const [at, setAt] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [scheduleError, setScheduleError] = useState('');
  const version = promotion.latest.version;
  const blocked = promotion.latest.problems.length > 0;
  const done = (next: ConsolePromotion) => {
    client.setQueryData(queryKeys.promotion(promotion.slug), next);
    void client.invalidateQueries({ queryKey: queryKeys.promotions });
  };
  const publish = useMutation({
    mutationFn: (when?: number) =>
      call(CONSOLE_ENDPOINTS.publish, {
        params: { slug: promotion.slug },
        body: when === undefined ? { version } : { version, at: when },
      }),
    onSuccess: done,
  });
  const unpublish = useMutation({
    mutationFn: () => call(CONSOLE_ENDPOINTS.unpublish, { params: { slug: promotion.slug } }),
    onSuccess: done,
  });
  const mayPublish = mayCall(staff.role, CONSOLE_ENDPOINTS.publish);
  const mayUnpublish = mayCall(staff.role, CONSOLE_ENDPOINTS.unpublish);
  if (!mayPublish && !mayUnpublish) return null;
  const canUnpublish = promotion.publishedVersion !== null || promotion.scheduled !== null;
  const error = publish.error ?? unpublish.error;

  return (
    <section className="panel-block">
      <h2>{t('editor.publication')}</h2>
      {mayPublish ? (
        <>
          {blocked ? <p className="notice">{t('editor.publishBlocked')}</p> : null}
          <button
            type="button"
            className="button primary"
            disabled={blocked || publish.isPending}
            onClick={() => publish.mutate(undefined)}
          >
            {t('editor.publishNow', { version })}
          </button>
          <form
            className="schedule-form"
            onSubmit={(event) => {
              event.preventDefault();
              const ms = localInputToMs(at);
              if (ms === null) {
                setScheduleError(t('validation.format.time'));
                return;
              }
              if (ms <= Date.now()) {
                setScheduleError(t('editor.schedulePast'));
                return;
              }
              setScheduleError('');
              publish.mutate(Math.floor(ms / 1000));
            }}
          >
            <div className="field">
              <label htmlFor={id}>{t('editor.scheduleAt')}</label>
              <input
                id={id}
                type="datetime-local"
                value={at}
                onChange={(event) => setAt(event.target.value)}
                aria-invalid={scheduleError ? true : undefined}
                aria-describedby={scheduleError ? `${id}-error` : undefined}
                disabled={blocked}
              />
              {scheduleError ? (
                <span className="field-error" id={`${id}-error`}>
                  {scheduleError}
                </span>
              ) : null}
            </div>
            <button type="submit" className="button" disabled={blocked || publish.isPending}>
              {t('editor.schedule', { version })}
            </button>
          </form>
        </>
      ) : null}
      {mayUnpublish && canUnpublish ? (
        <button
          type="button"
          className="button danger"
          onClick={() => setConfirming(true)}
          disabled={unpublish.isPending}
        >
          {t('editor.unpublish')}
        </button>
      ) : null}
      <div aria-live="polite">
        {error ? <p className="field-error">{errorText(error)}</p> : null}
        {publish.isSuccess ? <p className="ok-text">{t('editor.publishDone')}</p> : null}
        {unpublish.isSuccess ? <p className="ok-text">{t('editor.unpublishDone')}</p> : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('editor.unpublishTitle')}
        message={<p>{t('editor.unpublishQuestion', { slug: promotion.slug })}</p>}
        confirmLabel={t('editor.unpublish')}
        cancelLabel={t('common.cancel')}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          unpublish.mutate();
        }}
      />
    </section>
  );
}

function History({
  promotion,
  dirty,
  onChanged,
}: {
  promotion: ConsolePromotion;
  dirty: boolean;
  onChanged: (promotion: ConsolePromotion) => void;
}) {
  const { t } = useTranslation();
  const staff = useStaff();
  const errorText = useErrorText();
  const [selected, setSelected] = useState<number[]>([]);
  const mayRestore = mayCall(staff.role, CONSOLE_ENDPOINTS.restore);
  const restore = useRestore(promotion.slug, onChanged);
  const pair = [...selected].sort((a, b) => a - b);
  const versions = useQueries({
    queries: (pair.length === 2 ? pair : []).map((version) => ({
      queryKey: queryKeys.version(promotion.slug, version),
      queryFn: () => call(CONSOLE_ENDPOINTS.version, { params: { slug: promotion.slug, version } }),
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  const [older, newer] = versions.map((query) => query.data);
  const toggle = (version: number, on: boolean) =>
    setSelected((current) =>
      on ? [...current.filter((v) => v !== version), version].slice(-2) : current.filter((v) => v !== version),
    );
  const history = [...promotion.history].sort((a, b) => b.version - a.version);

  return (
    <section className="panel-block">
      <h2>{t('editor.history')}</h2>
      <p className="field-hint">{t('editor.compareHint')}</p>
      <ol className="history" reversed>
        {history.map((entry) => (
          <li key={entry.version}>
            <label className="check">
              <input
                type="checkbox"
                checked={selected.includes(entry.version)}
                onChange={(event) => toggle(entry.version, event.target.checked)}
              />
              <span>
                <strong>{t('editor.versionNumber', { version: entry.version })}</strong>{' '}
                {entry.version === promotion.publishedVersion ? (
                  <span className="badge state-running">{t('editor.publishedMark')}</span>
                ) : null}
                <br />
                <span className="muted">
                  {entry.author} · <Time unix={entry.createdAt} />
                </span>
              </span>
            </label>
            <Link
              className="button small"
              to={`/promotions/${encodeURIComponent(promotion.slug)}/versions/${entry.version}`}
            >
              {t('editor.openVersion', { version: entry.version })}
            </Link>
            {mayRestore && entry.version !== promotion.latest.version ? (
              <button
                type="button"
                className="button small"
                disabled={restore.isPending}
                onClick={() => restore.mutate(entry.version)}
              >
                {t('editor.restore', { version: entry.version })}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      <div aria-live="polite">
        {restore.isSuccess ? (
          <p className="ok-text">
            {dirty
              ? t('editor.restoredKeepEdits', { version: restore.data.latest.version })
              : t('editor.restored', { version: restore.data.latest.version })}
          </p>
        ) : null}
        {restore.isError ? <p className="field-error">{errorText(restore.error)}</p> : null}
      </div>
      {pair.length === 2 ? (
        versions.some((query) => query.isError) ? (
          <p className="field-error">{errorText(versions.find((query) => query.isError)?.error)}</p>
        ) : older && newer ? (
          <DiffTable
            changes={diffFields(older.content, newer.content)}
            caption={t('diff.between', { older: older.version, newer: newer.version })}
            beforeLabel={t('editor.versionNumber', { version: older.version })}
            afterLabel={t('editor.versionNumber', { version: newer.version })}
          />
        ) : (
          <p className="muted" role="status">
            {t('common.loading')}
          </p>
        )
      ) : null}
    </section>
  );
}
