import type { HostMessageType } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import { useConfigPart } from '../../../entities/site-part/index.ts';
import { RESPONSIBLE_NOTICE_ID } from '../../../features/play-responsibly/index.ts';
import { DATE_FORMATS, useZonedFormat } from '../../../shared/lib/format/index.ts';
import { useRenderNow } from '../../../shared/lib/rendering/index.ts';
import { HostLink, type HostTarget } from '../../../shared/ui/index.ts';
import styles from './footer-config.module.css';

const target = (type: HostMessageType, path: string) => ({ type, data: { path } }) as HostTarget;

/** Today's UTC clock time "HH:mm" as a moment, to show it in the player's zone and clock. */
const utcClock = (hhmm: string, now: number): number => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const today = new Date(now);
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), h, m);
};

/**
 * What the site config parts put in the footer: link groups, information topics, live-support
 * hours (in the player's time zone and clock), the responsible-gaming notice and the licence.
 * Loaded after the first paint; each block appears when its part has loaded.
 */
export function FooterConfig() {
  const { t } = useTranslation();
  const now = useRenderNow();
  const formatDate = useZonedFormat();
  const footer = useConfigPart('footer');
  const information = useConfigPart('information');
  const support = useConfigPart('support');
  const responsible = useConfigPart('responsible');
  const licence = useConfigPart('licence');
  return (
    <div className={styles.config}>
      {footer && (
        <div className={styles.groups}>
          {footer.groups.map((group) => (
            <nav key={group.dict_key} aria-label={t(group.dict_key)} className={styles.group}>
              <h2 className={styles.groupTitle}>{t(group.dict_key)}</h2>
              <ul className={styles.list}>
                {group.links.map((link) => (
                  <li key={link.path}>
                    <HostLink target={target('information', link.path)} className={styles.link}>
                      {t(link.dict_key)}
                    </HostLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      )}
      {information && information.tags_to_page.length > 0 && (
        <nav aria-label={t('footer_info_label')}>
          <ul className={styles.tags}>
            {information.tags_to_page.map((tag) => (
              <li key={tag.menu_key}>
                <HostLink target={target('information', tag.prop_link)} className={styles.tag}>
                  {t(tag.dict_key)}
                </HostLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {support && (
        <p className={styles.note} data-testid="support-hours">
          {t('footer_support_hours', {
            from: formatDate(utcClock(support.startedAt, now), DATE_FORMATS.time),
            to: formatDate(utcClock(support.endedAt, now), DATE_FORMATS.time),
          })}
        </p>
      )}
      {responsible && (
        // The target of "Play responsibly" near each offer (focused when the reader is sent here).
        <p id={RESPONSIBLE_NOTICE_ID} tabIndex={-1} className={styles.note} data-testid="responsible-gaming">
          {t(responsible.dict_key, { age: responsible.minimumAge })}{' '}
          <a href={responsible.helpUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
            {t('footer_responsible_help')}
          </a>{' '}
          <HostLink target={target('office', responsible.limitsPath)} className={styles.link}>
            {t('footer_responsible_limits')}
          </HostLink>
        </p>
      )}
      {licence && (
        <p className={styles.note} data-testid="licence">
          {t('footer_licence', { issuer: licence.issuer, number: licence.number })}{' '}
          <a href={licence.validationUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
            {t('footer_licence_check')}
          </a>
        </p>
      )}
    </div>
  );
}
