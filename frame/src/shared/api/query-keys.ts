/** First part of every user-scoped query key: a sign-out drops them all, so accounts never mix. */
export const USER_QUERY_PREFIX = ['user'] as const;

/** A query key that belongs to one user: ['user', userId, ...parts]. */
export const userQueryKey = (userId: number, ...parts: Array<string | number>) =>
  [...USER_QUERY_PREFIX, userId, ...parts] as const;

/**
 * Who reads a promotion widget's state and under which key: the player (a key of theirs) or a
 * visitor (`parts`); on a console preview page (`preview`: its link's token) always a visitor, under
 * a key of the token's, so a preview never shares an answer with the published page.
 */
export function readerKey(userId: number | null, preview: string | undefined, ...parts: Array<string | number>) {
  if (preview) return { reader: null, queryKey: [...parts, { preview }] };
  return { reader: userId, queryKey: userId === null ? parts : [...userQueryKey(userId, ...parts)] };
}
