import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { buttonClass } from '../../../shared/ui/index.ts';
import { API_CALLS, type CallResult, runCall } from '../lib/api-calls.ts';
import styles from './dev-tools.module.css';

/**
 * new-api-demo (development only): runs the frame's read-only calls through its own HTTP client
 * (headers, token, timeouts) and shows the answer, its time and whether the contract accepts it.
 */
export function ApiExplorerPage() {
  const { t } = useTranslation();
  const [callId, setCallId] = useState(API_CALLS[0]?.id ?? '');
  const call = API_CALLS.find((c) => c.id === callId) ?? API_CALLS[0];
  const [param, setParam] = useState(call?.param?.value ?? '');
  const [result, setResult] = useState<CallResult | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!call || busy) return;
    setBusy(true);
    const state = useGlobalStore.getState();
    const ctx = {
      language: state.currentLanguage,
      currency: state.siteConfig?.currency.code ?? 'USD',
      param,
      userId: state.userId,
    };
    setResult(await runCall(call, ctx));
    setBusy(false);
  };

  return (
    <section className={styles.page} aria-labelledby="api-title">
      <h1 id="api-title">{t('dev_api_title')}</h1>
      <p className={styles.muted}>{t('dev_api_intro')}</p>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)}>
        <label className={styles.field}>
          {t('dev_api_endpoint')}
          <select
            value={callId}
            onChange={(event) => {
              const next = API_CALLS.find((c) => c.id === event.target.value);
              setCallId(event.target.value);
              setParam(next?.param?.value ?? '');
              setResult(null);
            }}
          >
            {API_CALLS.map((c) => (
              <option key={c.id}>{c.id}</option>
            ))}
          </select>
        </label>
        {call?.param && (
          <label className={styles.field}>
            {call.param.name}
            <input value={param} onChange={(event) => setParam(event.target.value)} dir="ltr" />
          </label>
        )}
        <button type="submit" className={buttonClass('primary')} aria-busy={busy} disabled={busy}>
          {t('dev_api_run')}
        </button>
      </form>
      {result && (
        <div data-testid="api-result" data-ok={result.ok}>
          <p role="status">
            {t(result.ok ? 'dev_api_valid' : 'dev_api_failed')} · {result.ms} ms
          </p>
          <pre className={styles.log} dir="ltr">
            {JSON.stringify(result.body, null, 2)}
          </pre>
        </div>
      )}
    </section>
  );
}
