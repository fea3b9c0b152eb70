import { CmsBlocks } from '../../../widgets/cms-blocks/index.ts';
import { useCmsPage } from '../model/use-cms-page.ts';
import styles from './cms-page.module.css';

/** A bonus or landing page: its block tree in the site chrome. */
export function CmsPageView() {
  const page = useCmsPage();
  return (
    <article className={styles.page} data-cms-type={page.type} data-version={page.version}>
      <CmsBlocks blocks={page.blocks} />
    </article>
  );
}

/** A headless page: the content alone, without header, account bar or footer. */
export function HeadlessPageView() {
  const page = useCmsPage();
  return (
    <main id="content" className={styles.headless} data-cms-type="headless">
      <CmsBlocks blocks={page.blocks} />
    </main>
  );
}
