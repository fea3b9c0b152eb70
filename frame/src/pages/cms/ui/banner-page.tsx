import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bannersQuery } from '../../../entities/cms-page/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { BannerCard } from '../../../widgets/cms-blocks/index.ts';
import styles from './cms-page.module.css';

function Banner({ banner }: { banner: { title: string; text: string; image: string; href: string } }) {
  const language = useGlobalStore((s) => s.currentLanguage);
  return <BannerCard to={`/${language}/${banner.href}`} title={banner.title} text={banner.text} image={banner.image} />;
}

/** Spec 2 banner page: the running promo banners, each leading to its promotion. */
export function BannerPage() {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const banners = useQuery(bannersQuery(language));
  return (
    <section className={styles.page} aria-labelledby="banners-title">
      <h1 id="banners-title" className={styles.title}>
        {t('banners_title')}
      </h1>
      {banners.isError && <LoadFailed message={t('banners_load_failed')} onRetry={() => void banners.refetch()} />}
      <ul className={styles.banners} data-testid="banners">
        {banners.data?.banners.map((banner) => (
          <li key={banner.id}>
            <Banner banner={banner} />
          </li>
        ))}
      </ul>
    </section>
  );
}
