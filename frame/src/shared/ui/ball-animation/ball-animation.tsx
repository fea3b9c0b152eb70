import type { CSSProperties } from 'react';
import { ERROR_SPRITE_URL } from '../../config/build-info.ts';
import { BALL_SPRITE_DURATION_MS, BALL_SPRITE_STEPS } from '../../config/constants.ts';
import defaultSprite from '../assets/ball-sprite-default.svg';
import styles from './ball-animation.module.css';
import { useImageWithFallback } from './use-image-with-fallback.ts';

/**
 * Decorative bouncing ball of the error page: a 13-frame sprite stepped over 1.5 s. The project's
 * sprite is the config's `spriteUrl` when it names one, else error-ball.svg in the build's sprites
 * directory (decision 032); it is used once it loads, and the bundled default otherwise.
 */
export function BallAnimation({ spriteUrl }: { spriteUrl: string | null | undefined }) {
  const src = useImageWithFallback(spriteUrl ?? ERROR_SPRITE_URL, defaultSprite);
  const style = {
    '--sprite-url': `url("${src}")`,
    '--sprite-steps': BALL_SPRITE_STEPS,
    '--sprite-duration': `${BALL_SPRITE_DURATION_MS}ms`,
  } as CSSProperties;
  return <div className={styles.ball} style={style} data-sprite={src} aria-hidden="true" />;
}
