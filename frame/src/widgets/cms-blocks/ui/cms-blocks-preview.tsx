import { type CmsBlock, isRtlLanguage } from '@promo/contract';
import { useMemo } from 'react';
import { createGlobalStore, initialGlobalState, StoreContext } from '../../../shared/model/index.ts';
import { CmsBlocks } from './cms-blocks.tsx';

/**
 * The frame's CMS blocks outside the frame: the console's page editor (decision 050) renders a
 * page's blocks with this, so the editor shows the frame's own components, not a copy. It gives
 * the blocks a store of their own in the page's language (a visitor's: no player, no host).
 */
export function CmsBlocksPreview({ blocks, language }: { blocks: readonly CmsBlock[]; language: string }) {
  const store = useMemo(
    () => createGlobalStore({ ...initialGlobalState, currentLanguage: language, isRtl: isRtlLanguage(language) }),
    [language],
  );
  return (
    <StoreContext value={store}>
      <div dir={isRtlLanguage(language) ? 'rtl' : 'ltr'} lang={language}>
        <CmsBlocks blocks={blocks} />
      </div>
    </StoreContext>
  );
}
