/**
 * What a build is made for: the spec 9 backend environment of the branch it is built from, and the
 * spec 3 build-time variables' defaults. Read by frame/vite.config.ts (Node) and by tests, so it
 * imports nothing and reads no `import.meta.env` (decisions 031 and 032).
 */
export const BACKEND_ENVIRONMENTS = ['production', 'stage', 'local'] as const;
export type BackendEnvironment = (typeof BACKEND_ENVIRONMENTS)[number];

/**
 * Spec 9: master is production, dev is stage, any other branch local. main is the repository's
 * production branch (a clone, `npm start` and CI build from it), so it is production as master is.
 * A branch the build cannot tell ('' without git, 'HEAD' when detached) is local.
 */
const BRANCH_ENVIRONMENTS: Readonly<Record<string, BackendEnvironment>> = {
  master: 'production',
  main: 'production',
  dev: 'stage',
};

export const backendEnvironmentOf = (branch: string): BackendEnvironment =>
  Object.hasOwn(BRANCH_ENVIRONMENTS, branch) ? (BRANCH_ENVIRONMENTS[branch] as BackendEnvironment) : 'local';

/** Spec 3 build-time variables, when the build's environment names none (FRAME_PROJECT_ID …). */
export const BUILD_DEFAULTS = {
  projectId: 285,
  projectType: 'Desktop',
  /** Where the project's sprites are served (the error page's ball: error-ball.svg). */
  spritesDir: '/genfiles/cms/sprites',
} as const;
