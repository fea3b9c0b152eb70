/** First part of every user-scoped query key: a sign-out drops them all, so accounts never mix. */
export const USER_QUERY_PREFIX = ['user'] as const;

/** A query key that belongs to one user: ['user', userId, ...parts]. */
export const userQueryKey = (userId: number, ...parts: Array<string | number>) =>
  [...USER_QUERY_PREFIX, userId, ...parts] as const;
