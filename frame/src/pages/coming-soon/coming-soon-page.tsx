import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getHref } from '../../shared/config/index.ts';
import { ButtonLink } from '../../shared/ui/index.ts';
import styles from './coming-soon-page.module.css';

/** Stands in for a route whose page a later issue builds; says so plainly instead of pretending. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const { lng } = useParams();
  return (
    <section className={styles.page} data-placeholder="true">
      <h1 className={styles.title}>{t('page_placeholder_title')}</h1>
      <p className={styles.text}>{t('page_placeholder_text')}</p>
      <ButtonLink to={getHref('home', {}, lng)} variant="secondary">
        {t('page_placeholder_home')}
      </ButtonLink>
    </section>
  );
}
