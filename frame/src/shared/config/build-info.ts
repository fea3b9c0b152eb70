import type { HostMessagePayload } from '@promo/contract';
import { BUILD_DEFAULTS } from './build-environment.ts';

type BuildVariables = Omit<HostMessagePayload<'init'>, 'protocol' | 'path'>;

/**
 * The build's version and spec 3 build-time variables, as frame/vite.config.ts defined them (a
 * unit test, which has no build, gets the defaults): what the init message tells the host.
 */
export const BUILD_INFO: BuildVariables = {
  frameVersion: import.meta.env.VITE_FRAME_VERSION ?? 'dev',
  projectId: import.meta.env.VITE_PROJECT_ID ?? BUILD_DEFAULTS.projectId,
  projectType: import.meta.env.VITE_PROJECT_TYPE ?? BUILD_DEFAULTS.projectType,
  uiVersion: import.meta.env.VITE_UI_VERSION ?? 'dev',
  spritesDir: import.meta.env.VITE_SPRITES_DIR ?? BUILD_DEFAULTS.spritesDir,
};

/** The error page's ball sprite in the project's sprites directory (spec 2: the bundled one is its fallback). */
export const ERROR_SPRITE_URL = `${BUILD_INFO.spritesDir}/error-ball.svg`;
