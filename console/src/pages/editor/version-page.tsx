import { CONSOLE_ENDPOINTS, type ConsolePromotion, type PromotionVersion } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { call, isApiError } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { useStaff } from '../../app/staff-context.tsx';
import { diffFields } from '../../lib/diff.ts';
import { mayCall } from '../../lib/roles.ts';
import { StateBadge } from '../../ui/badges.tsx';
import { PageLoading } from '../../ui/loading.tsx';
import { LoadError, useErrorText } from '../../ui/problem.tsx';
import { Time } from '../../ui/time.tsx';
import { useTitle } from '../../ui/use-title.ts';
import { DiffTable } from './diff-table.tsx';
import { type FormValues, toForm } from './form-model.ts';
import { BasicsSection, CtaSection, HeroSection, PrizesSection, ScheduleSection, TermsSection } from './sections.tsx';
import { TextsSection } from './texts-section.tsx';
import { useRestore } from './use-restore.ts';

const versionQuery = (slug: string, version: number) => ({
  queryKey: queryKeys.version(slug, version),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call(CONSOLE_ENDPOINTS.version, { params: { slug, version }, signal }),
  // A version never changes once saved.
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * `/promotions/:slug/versions/:version`: one saved version as it was written, read-only (the
 * audit log's entries and the history link here): who saved it and when, what it changed from the
 * version it was based on, where it stands beside the latest and the published one, and a restore.
 */
export function VersionPage() {
  const { t } = useTranslation();
  const params = useParams();
  const slug = params.slug ?? '';
  const number = Number(params.version);
  const valid = Number.isInteger(number) && number > 0;
  const promotion = useQuery({
    queryKey: queryKeys.promotion(slug),
    queryFn: ({ signal }) => call(CONSOLE_ENDPOINTS.promotion, { params: { slug }, signal }),
  });
  const version = useQuery({ ...versionQuery(slug, number), enabled: valid });
  useTitle(t('version.title', { slug, version: params.version ?? '' }));
  const failed = !valid ? null : (version.error ?? promotion.error);
  if (!valid || isApiError(failed, 404)) {
    return (
      <div className="page">
        <h1>{t('version.title', { slug, version: params.version ?? '' })}</h1>
        <p className="notice">
          {t('version.notFound')} <Link to={`/promotions/${encodeURIComponent(slug)}`}>{t('version.openLatest')}</Link>
        </p>
      </div>
    );
  }
  if (failed) {
    return (
      <div className="page">
        <h1>{t('version.title', { slug, version: number })}</h1>
        <LoadError
          error={failed}
          onRetry={() => {
            void promotion.refetch();
            void version.refetch();
          }}
        />
      </div>
    );
  }
  if (!promotion.data || !version.data) return <PageLoading />;
  return <VersionView key={`${slug}/${number}`} promotion={promotion.data} version={version.data} />;
}

const titleOf = ({ content: { texts, slug } }: PromotionVersion) =>
  texts.en?.title ?? texts.ru?.title ?? texts.ar?.title ?? slug;

function VersionView({ promotion, version }: { promotion: ConsolePromotion; version: PromotionVersion }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const editor = `/promotions/${encodeURIComponent(promotion.slug)}`;
  const form = useForm<FormValues>({ defaultValues: toForm(version.content) });
  const basedOn = useQuery({
    ...versionQuery(promotion.slug, version.basedOn ?? 0),
    enabled: version.basedOn !== null,
  });
  const restore = useRestore(promotion.slug, (next) =>
    navigate(editor, { state: { savedVersion: next.latest.version } }),
  );
  const isLatest = version.version === promotion.latest.version;
  const mayRestore = mayCall(staff.role, CONSOLE_ENDPOINTS.restore) && !isLatest;

  return (
    <div className="page editor-page version-page">
      <div className="page-head">
        <div>
          <h1>{t('version.heading', { title: titleOf(version), version: version.version })}</h1>
          <p className="muted">
            <code>{promotion.slug}</code> · {t('version.savedBy', { author: version.author })}{' '}
            <Time unix={version.createdAt} />
          </p>
        </div>
        <div className="editor-actions">
          {mayRestore ? (
            <button
              type="button"
              className="button primary"
              disabled={restore.isPending}
              onClick={() => restore.mutate(version.version)}
            >
              {t('editor.restore', { version: version.version })}
            </button>
          ) : null}
          <Link className="button" to={editor}>
            {t('version.openLatest')}
          </Link>
        </div>
      </div>
      <div aria-live="polite">
        {restore.isError ? <p className="notice error">{errorText(restore.error)}</p> : null}
      </div>
      <section className="panel-block version-facts" aria-label={t('version.where')}>
        <p>
          {isLatest
            ? t('version.isLatest')
            : t('version.notLatest', { latest: promotion.latest.version, author: promotion.latest.author })}{' '}
          {version.version === promotion.publishedVersion ? (
            <>
              {t('version.isPublished')} <StateBadge state={promotion.state} />
            </>
          ) : promotion.publishedVersion === null ? (
            t('version.nothingPublished')
          ) : (
            t('version.publishedIs', { version: promotion.publishedVersion })
          )}
        </p>
        {version.problems.length > 0 ? (
          <p className="field-error">{t('version.hasProblems', { count: version.problems.length })}</p>
        ) : null}
      </section>
      {version.basedOn === null ? (
        <p className="muted">{t('version.first')}</p>
      ) : basedOn.data ? (
        <DiffTable
          changes={diffFields(basedOn.data.content, version.content)}
          caption={t('version.changes', { older: version.basedOn })}
          beforeLabel={t('editor.versionNumber', { version: version.basedOn })}
          afterLabel={t('editor.versionNumber', { version: version.version })}
        />
      ) : basedOn.isError ? (
        <p className="field-error">{errorText(basedOn.error)}</p>
      ) : (
        <p className="muted" role="status">
          {t('common.loading')}
        </p>
      )}
      <FormProvider {...form}>
        <form className="editor-form" aria-label={t('version.formLabel', { version: version.version })}>
          <BasicsSection readOnly isNew={false} />
          <ScheduleSection readOnly />
          <PrizesSection readOnly />
          <TermsSection readOnly />
          <CtaSection readOnly />
          <HeroSection readOnly />
          <TextsSection readOnly />
        </form>
      </FormProvider>
    </div>
  );
}
