/**
 * Paths of the host site (spec 2 "Paths built for the host site"). Each builder returns the host
 * message to post: its type and its data with the path, so every navigation goes through here.
 * Here: the site sections the footer links to on every page; the product and account paths that
 * only promotion pages and CMS blocks build are in host-product-paths.ts (a lazy chunk).
 */

/** A host path from its segments, each URL-encoded; empty ones are left out. */
export const join = (...segments: Array<string | undefined | null>) =>
  `/${segments
    .filter((s): s is string => Boolean(s))
    .map(encodeURIComponent)
    .join('/')}`;

/** A path with the query parameters that have a value. */
export const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

export const bonusPath = (page = 'rules', category?: string) =>
  ({ type: 'bonus', data: { path: withQuery(join('bonus', page), { category }), category } }) as const;

export const informationPath = (page?: string) =>
  ({ type: 'information', data: { path: join('information', page) } }) as const;

export const promoStorePath = () => ({ type: 'promoStore', data: { path: '/promo' } }) as const;
