import type { CSSProperties } from 'react';
import { BALL_SPRITE_DURATION_MS, BALL_SPRITE_STEPS } from '../../config/constants.ts';
import defaultSprite from '../assets/ball-sprite-default.svg';
import styles from './ball-animation.module.css';
import { useImageWithFallback } from './use-image-with-fallback.ts';

/**
 * Decorative bouncing ball of the error page: a 13-frame sprite stepped over 1.5 s.
 * The project's sprite is used when it loads; otherwise the bundled default.
 */
export function BallAnimation({ spriteUrl }: { spriteUrl: string | null | undefined }) {
  const src = useImageWithFallback(spriteUrl, defaultSprite);
  const style = {
    '--sprite-url': `url("${src}")`,
    '--sprite-steps': BALL_SPRITE_STEPS,
    '--sprite-duration': `${BALL_SPRITE_DURATION_MS}ms`,
  } as CSSProperties;
  return <div className={styles.ball} style={style} data-sprite={src} aria-hidden="true" />;
}
