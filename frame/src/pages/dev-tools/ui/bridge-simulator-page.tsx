import { HOST_MESSAGE_PAYLOADS, type HostMessage, type HostMessageType } from '@promo/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUILD_INFO } from '../../../shared/config/index.ts';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { useHydrated } from '../../../shared/lib/rendering/index.ts';
import { Button, buttonClass } from '../../../shared/ui/index.ts';
import styles from './dev-tools.module.css';

const TYPES = Object.keys(HOST_MESSAGE_PAYLOADS) as HostMessageType[];

/** A payload the contract accepts for each type that needs fields; the rest take {} or a path. */
const SAMPLES: Partial<Record<HostMessageType, unknown>> = {
  init: { protocol: 1, path: '/', ...BUILD_INFO },
  updateFrameHeight: { height: 600 },
  registration: { bonusChoice: 1 },
  changeRoute: { path: '/live', isChangeDomain: false },
  updateSiteConfig: { theme: 'dark' },
  bonus: { path: '/bonus/rules', category: 'sport' },
  fastGames: { path: '/fast-games', game: 'crash' },
  teamLineLive: { path: '/live/football', oppId: 1 },
  notification: { kind: 'info', text: 'Hello from the simulator' },
  disableScroll: { disabled: true },
  changeTitle: { title: 'Simulator' },
  openLinkInBrowser: { url: 'https://example.com/' },
  betOnOwn: { path: '/betsonyour/live', section: 'live' },
  dataLayerPush: { entries: [{ event: 'page_view', path: '/promo-frame/en/' }] },
};

const EMPTY: ReadonlySet<HostMessageType> = new Set([
  'scrollToTop',
  'scrollToBottom',
  'authorization',
  'showContent',
  'hideContent',
  'goBack',
  'openBuyCryptoWidget',
  'checkAuth',
]);

/** The sample payload of a type, as editable JSON. */
export const samplePayload = (type: HostMessageType): string =>
  JSON.stringify(SAMPLES[type] ?? (EMPTY.has(type) ? {} : { path: '/' }), null, 2);

interface Logged {
  id: number;
  at: string;
  message: HostMessage;
}

/**
 * test-mobile-app (development only): plays the host's part. It sends any host message through the
 * frame's one bridge (checked by the contract first) and logs every message the frame sends, with
 * where it is running (iframe, Android bridge v1/v2, iOS handlers).
 */
export function BridgeSimulatorPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<HostMessageType>('changeTitle');
  const [payload, setPayload] = useState(() => samplePayload('changeTitle'));
  const [invalid, setInvalid] = useState(false);
  const [log, setLog] = useState<Logged[]>([]);
  // Where it runs is the browser's to say: a build outside production renders this page on the server too.
  const context = useHydrated() ? hostBridge.context() : null;

  useEffect(() => {
    let id = 0;
    return hostBridge.onSend((message) => {
      id += 1;
      const entry = { id, at: new Date().toISOString().slice(11, 23), message };
      setLog((entries) => [entry, ...entries].slice(0, 200));
    });
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    let data: unknown;
    try {
      data = JSON.parse(payload);
    } catch {
      data = undefined;
    }
    const parsed = HOST_MESSAGE_PAYLOADS[type].safeParse(data);
    setInvalid(!parsed.success);
    if (parsed.success) hostBridge.send(type, parsed.data as never);
  };

  return (
    <section className={styles.page} aria-labelledby="bridge-title">
      <h1 id="bridge-title">{t('dev_bridge_title')}</h1>
      <p className={styles.muted}>{t('dev_bridge_intro')}</p>
      <p className={styles.muted} data-testid="bridge-context">
        {context && JSON.stringify(context)}
      </p>
      <form className={styles.form} onSubmit={onSubmit}>
        <label className={styles.field}>
          {t('dev_bridge_type')}
          <select
            value={type}
            onChange={(event) => {
              const next = event.target.value as HostMessageType;
              setType(next);
              setPayload(samplePayload(next));
              setInvalid(false);
            }}
          >
            {TYPES.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {t('dev_bridge_payload')}
          <textarea rows={6} value={payload} onChange={(event) => setPayload(event.target.value)} dir="ltr" />
        </label>
        {invalid && <p role="alert">{t('dev_bridge_invalid')}</p>}
        <button type="submit" className={buttonClass('primary')}>
          {t('dev_bridge_send')}
        </button>
      </form>
      <h2>{t('dev_bridge_log')}</h2>
      <Button variant="secondary" size="sm" onClick={() => setLog([])}>
        {t('dev_bridge_clear')}
      </Button>
      {log.length === 0 && <p className={styles.muted}>{t('dev_bridge_log_empty')}</p>}
      <ol className={styles.log} aria-label={t('dev_bridge_log')}>
        {log.map(({ id, at, message }) => (
          <li key={id} data-type={message.type}>
            <code>
              {at} {message.type} {JSON.stringify(message.data)}
            </code>
          </li>
        ))}
      </ol>
    </section>
  );
}
