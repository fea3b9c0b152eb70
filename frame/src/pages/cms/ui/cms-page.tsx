import type { CmsPage } from '@promo/contract';
import { useLoaderData } from 'react-router';
import { CmsBlocks } from '../../../widgets/cms-blocks/index.ts';
import styles from './cms-page.module.css';

/** A bonus or landing page: its block tree in the site chrome. */
export function CmsPageView() {
  const { page } = useLoaderData() as { page: CmsPage };
  return (
    <article className={styles.page} data-cms-type={page.type} data-version={page.version}>
      <CmsBlocks blocks={page.blocks} />
    </article>
  );
}

/** A headless page: the content alone, without header, account bar or footer. */
export function HeadlessPageView() {
  const { page } = useLoaderData() as { page: CmsPage };
  return (
    <main id="content" className={styles.headless} data-cms-type="headless">
      <CmsBlocks blocks={page.blocks} />
    </main>
  );
}
