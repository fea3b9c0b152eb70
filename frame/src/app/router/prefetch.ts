/** The route families a visitor most likely opens next, by the family of the page they are on. */
const FAMILIES = {
  lotto: () => import('../../pages/lotto/index.ts'),
  promotion: () => import('../../pages/promotion/index.ts'),
  cms: () => import('../../pages/cms/index.ts'),
} as const;
type Family = keyof typeof FAMILIES;

const NEXT: Record<string, Family[]> = {
  home: ['lotto', 'promotion'],
  lotto: ['promotion'],
  promotion: ['lotto'],
  cms: ['promotion', 'lotto'],
};

/** The chunks to prefetch from a path under the frame's basename (the language prefix is optional). */
export function likelyNextRoutes(pathname: string): Array<() => Promise<unknown>> {
  const [first = '', second = ''] = pathname.split('/').filter(Boolean);
  const section = /^[a-z]{2}$/.test(first) ? second : first;
  const family =
    section === ''
      ? 'home'
      : section === 'lotto' || section === 'promotion'
        ? section
        : ['bonus', 'landing', 'landing-page', 'banner'].includes(section)
          ? 'cms'
          : undefined;
  return (family ? (NEXT[family] ?? []) : []).map((name) => FAMILIES[name]);
}
