import { useTranslation } from 'react-i18next';
import { PreviewMark } from '../../../shared/ui/index.ts';
import { CmsBlocks } from '../../../widgets/cms-blocks/index.ts';
import { useCmsPage } from '../model/use-cms-page.ts';
import styles from './cms-page.module.css';

/** A bonus or landing page: its block tree in the site chrome. */
export function CmsPageView() {
  const { t } = useTranslation();
  const page = useCmsPage();
  return (
    <article
      className={styles.page}
      data-cms-type={page.type}
      data-version={page.version}
      data-preview={page.preview ? '' : undefined}
    >
      {page.preview && <PreviewMark>{t('cms_preview_mark')}</PreviewMark>}
      <CmsBlocks blocks={page.blocks} />
    </article>
  );
}

/** A headless page: the content alone, without header, account bar or footer. */
export function HeadlessPageView() {
  const { t } = useTranslation();
  const page = useCmsPage();
  return (
    <main id="content" className={styles.headless} data-cms-type="headless">
      {page.preview && <PreviewMark>{t('cms_preview_mark')}</PreviewMark>}
      <CmsBlocks blocks={page.blocks} />
    </main>
  );
}
