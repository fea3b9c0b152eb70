import { z } from 'zod/mini';

/** A row id as the database stores it (PostgreSQL integer): 1 .. 2^31 - 1. */
export const dbIdSchema = () => z.int().check(z.positive(), z.lt(2 ** 31));
/** A device time in Unix milliseconds the server can store: from 2000 to before 2100. */
export const unixMsSchema = () => z.int().check(z.gte(946_684_800_000), z.lt(4_102_444_800_000));

/**
 * A slug of the catalogue (a promotion, a game, a competition): lowercase words of letters and
 * digits joined by single dashes, at most 64 characters. A promotion's id (digits) reads as one too.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 64;
export const slugSchema = () => z.string().check(z.regex(SLUG_PATTERN), z.maxLength(SLUG_MAX_LENGTH));
