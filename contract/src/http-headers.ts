/** Headers of the web API that are plain values (no schema code comes with them). */

/** Header that makes a money-adjacent call apply once however often it is sent. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
