export const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment, YYYY-MM-DD: the unit of daily spins, takes, scores and draws. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/** Unix seconds, as the API's times are given. */
export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
