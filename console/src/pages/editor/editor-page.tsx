import {
  CONSOLE_ENDPOINTS,
  type ConsolePromotion,
  PROMO_TEXT_LANGUAGES,
  type PromoDraft,
  type PromoTextLanguage,
  type PromotionProblem,
  type PromotionVersion,
  promotionProblemSchema,
  promotionVersionSchema,
} from '@promo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { FormProvider, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod/mini';
import { call, isApiError } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { useStaff } from '../../app/staff-context.tsx';
import { mayCall } from '../../lib/roles.ts';
import { MissingBadge } from '../../ui/badges.tsx';
import { PageLoading } from '../../ui/loading.tsx';
import { ConfirmDialog } from '../../ui/modal.tsx';
import { LoadError, useErrorText } from '../../ui/problem.tsx';
import { useTitle } from '../../ui/use-title.ts';
import { ConflictPanel } from './conflict-panel.tsx';
import { draftResolver, type FormValues, flattenErrors, formPath, toForm } from './form-model.ts';
import { focusField, ProblemList, type ProblemPath } from './problem-list.tsx';
import { BasicsSection, CtaSection, HeroSection, PrizesSection, ScheduleSection, TermsSection } from './sections.tsx';
import { SidePanel } from './side-panel.tsx';
import { TextsSection } from './texts-section.tsx';

/** `/promotions/:slug`: the promotion's latest version in the editor. */
export function EditPromotionPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const location = useLocation();
  const promotion = useQuery({
    queryKey: queryKeys.promotion(slug),
    queryFn: ({ signal }) => call(CONSOLE_ENDPOINTS.promotion, { params: { slug }, signal }),
  });
  useTitle(promotion.data ? titleOf(promotion.data.latest.content) : slug);
  if (promotion.isPending) return <PageLoading />;
  if (promotion.isError) {
    return (
      <div className="page">
        <h1>{slug}</h1>
        {isApiError(promotion.error, 404) ? (
          <p className="notice">
            {t('editor.notFound')} <Link to="/promotions">{t('editor.backToList')}</Link>
          </p>
        ) : (
          <LoadError error={promotion.error} onRetry={() => void promotion.refetch()} />
        )}
      </div>
    );
  }
  const savedVersion = (location.state as { savedVersion?: number } | null)?.savedVersion ?? null;
  return (
    <Editor key={slug} initial={promotion.data.latest.content} promotion={promotion.data} savedVersion={savedVersion} />
  );
}

/** `/promotions/new?mechanic=…` or `?from=…`: a new draft from a mechanic or a copy, not saved yet. */
export function NewPromotionPage() {
  const { t } = useTranslation();
  useTitle(t('editor.newTitle'));
  const staff = useStaff();
  const [search] = useSearchParams();
  const from = search.get('from');
  const mechanic = search.get('mechanic');
  const source = from ? { from } : mechanic ? { mechanic } : null;
  const mayCreate = mayCall(staff.role, CONSOLE_ENDPOINTS.create) && mayCall(staff.role, CONSOLE_ENDPOINTS.draftStart);
  const draft = useQuery({
    queryKey: queryKeys.draftStart(source ?? {}),
    queryFn: ({ signal }) => call(CONSOLE_ENDPOINTS.draftStart, { query: source ?? {}, signal }),
    enabled: source !== null && mayCreate,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  if (!mayCreate || source === null) {
    return (
      <div className="page">
        <h1>{t('editor.newTitle')}</h1>
        <p className="notice">
          {mayCreate ? t('editor.pickMechanic') : t('editor.mayNotCreate')}{' '}
          <Link to="/promotions">{t('editor.backToList')}</Link>
        </p>
      </div>
    );
  }
  if (draft.isPending) return <PageLoading />;
  if (draft.isError) {
    return (
      <div className="page">
        <h1>{t('editor.newTitle')}</h1>
        <LoadError error={draft.error} onRetry={() => void draft.refetch()} />
      </div>
    );
  }
  return <Editor key={JSON.stringify(source)} initial={draft.data} copiedFrom={from} />;
}

const titleOf = (draft: PromoDraft) =>
  draft.texts.en?.title ?? draft.texts.ru?.title ?? draft.texts.ar?.title ?? draft.slug;

const issuesSchema = z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }));
const problemsSchema = z.array(promotionProblemSchema);
const isTextLanguage = (value: unknown): value is PromoTextLanguage =>
  (PROMO_TEXT_LANGUAGES as readonly unknown[]).includes(value);

interface Conflict {
  latest: PromotionVersion;
  mine: PromoDraft;
}

function Editor({
  initial,
  promotion,
  savedVersion = null,
  copiedFrom = null,
}: {
  initial: PromoDraft;
  promotion?: ConsolePromotion;
  savedVersion?: number | null;
  copiedFrom?: string | null;
}) {
  const { t } = useTranslation();
  const staff = useStaff();
  const client = useQueryClient();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const formId = useId();
  const isNew = promotion === undefined;
  const mayWrite = mayCall(staff.role, isNew ? CONSOLE_ENDPOINTS.create : CONSOLE_ENDPOINTS.save);
  const readOnly = !mayWrite;

  /** The content and version this edit started from (If-Match names the version). */
  const base = useRef<PromoDraft>(initial);
  const [baseVersion, setBaseVersion] = useState<number | null>(promotion?.latest.version ?? null);
  const resolver = useMemo(() => draftResolver(t, () => base.current), [t]);
  const form = useForm<FormValues, unknown, PromoDraft>({
    resolver,
    defaultValues: toForm(initial),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [problems, setProblems] = useState<PromotionProblem[]>([]);
  const [textsTab, setTextsTab] = useState<PromoTextLanguage>('en');
  const [message, setMessage] = useState('');
  const [saved, setSaved] = useState<number | null>(savedVersion);
  const leaving = useRef(false);

  const startFrom = useCallback(
    (content: PromoDraft, version: number | null) => {
      base.current = content;
      setBaseVersion(version);
      form.reset(toForm(content));
    },
    [form],
  );

  const refused = (error: unknown, draft: PromoDraft) => {
    if (isApiError(error, 409, 'stale_version')) {
      const latest = z.safeParse(promotionVersionSchema, error.body.latest);
      if (latest.success) {
        setConflict({ latest: latest.data, mine: draft });
        void client.invalidateQueries({ queryKey: queryKeys.promotion(promotion?.slug ?? draft.slug) });
        return;
      }
    }
    if (isApiError(error, 400, 'invalid_body')) {
      const issues = z.safeParse(issuesSchema, error.body.issues);
      if (issues.success && issues.data.length > 0) {
        for (const issue of issues.data) {
          form.setError(formPath(issue.path) as Path<FormValues>, { type: 'server', message: issue.message });
        }
        setMessage(t('editor.fixFields'));
        return;
      }
    }
    if (isApiError(error, 422, 'content_check')) {
      const list = z.safeParse(problemsSchema, error.body.problems);
      setProblems(
        list.success && list.data.length > 0
          ? list.data
          : [{ code: 'content_check', path: [], params: {}, message: error.message }],
      );
      return;
    }
    if (isApiError(error, 409, 'slug_taken')) {
      form.setError('slug', { type: 'server', message: error.message }, { shouldFocus: true });
      return;
    }
    if (isApiError(error, 409, 'id_taken')) {
      form.setError('ids', { type: 'server', message: error.message }, { shouldFocus: true });
      return;
    }
    setMessage(errorText(error));
  };

  const save = useMutation({
    mutationFn: ({ draft, ifMatch }: { draft: PromoDraft; ifMatch: number | null }) =>
      promotion
        ? call(CONSOLE_ENDPOINTS.save, {
            params: { slug: promotion.slug },
            body: draft,
            // The version the edit started from, as an entity tag.
            headers: { 'if-match': `"${ifMatch ?? promotion.latest.version}"` },
          })
        : call(CONSOLE_ENDPOINTS.create, { body: draft }),
    onMutate: () => {
      setProblems([]);
      setMessage('');
      setSaved(null);
    },
    onSuccess: (next) => {
      client.setQueryData(queryKeys.promotion(next.slug), next);
      void client.invalidateQueries({ queryKey: queryKeys.promotions });
      void client.invalidateQueries({ queryKey: queryKeys.audit });
      setConflict(null);
      startFrom(next.latest.content, next.latest.version);
      setSaved(next.latest.version);
      if (isNew) {
        leaving.current = true;
        navigate(`/promotions/${encodeURIComponent(next.slug)}`, {
          replace: true,
          state: { savedVersion: next.latest.version },
        });
      }
    },
    onError: (error, { draft }) => refused(error, draft),
  });

  /** Takes the operator to a problem's field (a language's texts shown first, on a phone behind its tab). */
  const showField = (path: ProblemPath) => {
    const [head, language] = path;
    if (head === 'texts' && isTextLanguage(language)) flushSync(() => setTextsTab(language));
    focusField(document.getElementById(formId) as HTMLFormElement | null, formPath(path));
  };

  const submitWith = (ifMatch: number | null) =>
    form.handleSubmit(
      (draft) => save.mutate({ draft, ifMatch }),
      () => setMessage(t('editor.fixFields')),
    );
  const submit = submitWith(baseVersion);

  // Ctrl+S (⌘S) saves, as in any editor.
  const submitRef = useRef(submit);
  submitRef.current = submit;
  useEffect(() => {
    if (readOnly) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void submitRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [readOnly]);

  // Leaving with unsaved changes asks first: in the console (router) and for the tab (browser).
  const dirty = form.formState.isDirty;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  const errors = flattenErrors(form.formState.errors);
  const current = promotion?.latest.content ?? initial;
  const missing = (['en', 'ru', 'ar'] as const).filter((language) => current.texts[language] === undefined);

  return (
    <div className="page editor-page">
      <div className="page-head">
        <div>
          <h1>{isNew ? t('editor.newTitle') : titleOf(current)}</h1>
          <p className="muted">
            {isNew ? (
              copiedFrom ? (
                t('editor.copyOf', { slug: copiedFrom })
              ) : (
                t('editor.fromMechanic', { mechanic: t(`mechanic.${initial.mechanic}`) })
              )
            ) : (
              <>
                <code>{promotion.slug}</code>{' '}
                {missing.map((language) => (
                  <MissingBadge key={language} language={language} />
                ))}
              </>
            )}
          </p>
        </div>
        <div className="editor-actions">
          {dirty ? <span className="badge unsaved">{t('editor.unsaved')}</span> : null}
          {isNew ? <span className="badge unsaved">{t('editor.notSavedYet')}</span> : null}
          {mayWrite ? (
            <button type="submit" form={formId} className="button primary" disabled={save.isPending}>
              {save.isPending ? t('editor.saving') : t('editor.save')}
            </button>
          ) : (
            <span className="muted">{t('editor.readOnly')}</span>
          )}
        </div>
      </div>
      <div aria-live="polite" className="save-status">
        {saved !== null ? <p className="ok-text">{t('editor.saved', { version: saved })}</p> : null}
      </div>
      {conflict ? (
        <ConflictPanel
          latest={conflict.latest}
          mine={conflict.mine}
          startedFrom={baseVersion}
          busy={save.isPending}
          onKeepMine={() => {
            const over = conflict.latest.version;
            setBaseVersion(over);
            void submitWith(over)();
          }}
          onTakeTheirs={() => {
            startFrom(conflict.latest.content, conflict.latest.version);
            setConflict(null);
          }}
        />
      ) : null}
      <div role="alert" className="form-alerts">
        {problems.length > 0 ? (
          <section className="notice error" aria-labelledby={`${formId}-problems`}>
            <h2 id={`${formId}-problems`}>{t('editor.contentCheck')}</h2>
            <ProblemList problems={problems} onShow={showField} />
          </section>
        ) : null}
        {message ? <p className="notice error">{message}</p> : null}
      </div>
      {errors.length > 0 && form.formState.submitCount > 0 ? (
        <nav className="error-summary" aria-label={t('editor.errorSummary')}>
          <ul>
            {errors.map(({ path, error }) => (
              <li key={path}>
                <button type="button" className="link-button" onClick={() => form.setFocus(path as Path<FormValues>)}>
                  <code>{path}</code>: {error.message}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="editor-layout">
        <FormProvider {...form}>
          <form id={formId} className="editor-form" noValidate onSubmit={submit} aria-label={t('editor.formLabel')}>
            <BasicsSection readOnly={readOnly} isNew={isNew} />
            <ScheduleSection readOnly={readOnly} />
            <PrizesSection readOnly={readOnly} />
            <TermsSection readOnly={readOnly} />
            <CtaSection readOnly={readOnly} />
            <HeroSection readOnly={readOnly} />
            <TextsSection readOnly={readOnly} active={textsTab} onActive={setTextsTab} />
            {mayWrite ? (
              <div className="form-foot">
                <button type="submit" className="button primary" disabled={save.isPending}>
                  {save.isPending ? t('editor.saving') : t('editor.save')}
                </button>
                <span className="muted">{t('editor.saveShortcut')}</span>
              </div>
            ) : null}
          </form>
        </FormProvider>
        {promotion ? (
          <SidePanel
            promotion={promotion}
            dirty={dirty}
            onShowField={showField}
            onChanged={(next) => {
              if (!dirtyRef.current) startFrom(next.latest.content, next.latest.version);
            }}
          />
        ) : (
          <aside className="side-panel" aria-label={t('editor.panel')}>
            <section className="panel-block">
              <h2>{t('editor.status')}</h2>
              <p>{t('editor.newExplain')}</p>
            </section>
          </aside>
        )}
      </div>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('editor.leaveTitle')}
        message={<p>{t('editor.leaveQuestion')}</p>}
        confirmLabel={t('editor.leave')}
        cancelLabel={t('editor.stay')}
        danger
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </div>
  );
}
