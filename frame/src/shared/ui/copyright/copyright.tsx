import { useTranslation } from 'react-i18next';
import { useRenderNow } from '../../lib/rendering/ssr.ts';
import { useGlobalStore } from '../../model/index.ts';

/** Copyright line; the holder and first year come from the site config. */
export function Copyright({ className }: { className?: string }) {
  const { t } = useTranslation();
  const global = useGlobalStore((s) => s.siteConfig?.globalConfig);
  const year = new Date(useRenderNow()).getFullYear();
  return (
    <p className={className}>
      {t('footer_copyright', {
        since: global?.copyrightSinceYear ?? year,
        year,
        holder: global?.copyrightHolder ?? '',
      })}
    </p>
  );
}
