import type { ElementType } from 'react';
import styles from './skeleton.module.css';

/**
 * A placeholder of a loading part, shaped by `className`; drawn only when `drawn` (see useLoading).
 * Hidden from assistive technology: the list it stands in says it is busy.
 */
export function Skeleton({
  as: Tag = 'div',
  className,
  drawn,
}: {
  as?: ElementType;
  className: string | undefined;
  drawn: boolean;
}) {
  return (
    <Tag className={drawn ? className : [className, styles.waiting].filter(Boolean).join(' ')} aria-hidden="true" />
  );
}
