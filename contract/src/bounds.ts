import { z } from 'zod/mini';
import { LANGUAGE_CODE_PATTERN } from './languages.ts';

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

/**
 * A promotion's key as the server reads it (its promotion endpoint, a page's path): up to 9 digits
 * is the promotion's id, any other key a slug. The id, or undefined for a slug.
 */
export const promotionKeyId = (key: string): number | undefined => (/^\d{1,9}$/.test(key) ? Number(key) : undefined);

/** A row id in a path or query: plain digits, 1 .. 2^31 - 1, read as a number. */
export const dbIdParamSchema = () =>
  z
    .pipe(z.string().check(z.regex(/^[1-9][0-9]{0,9}$/, 'a positive integer expected')), z.transform(Number))
    .check(z.refine((n) => n < 2 ** 31, 'too large for an id'));
/** The params of a path whose one parameter is a row id (`:id`). */
export const idParamsSchema = () => z.object({ id: dbIdParamSchema() });
/** An integer query value within bounds (plain digits, a minus allowed), the fallback when absent. */
export const queryIntSchema = (min: number, max: number, fallback: number) =>
  z.pipe(
    z.optional(
      z.pipe(
        z.pipe(z.string().check(z.regex(/^(0|-?[1-9][0-9]{0,9})$/, 'an integer expected')), z.transform(Number)),
        z.number().check(z.gte(min), z.lte(max)),
      ),
    ),
    z.transform((n: number | undefined) => n ?? fallback),
  );
/** A currency code as the site writes them (USD, mBTC); whether it is known is the domain's call. */
export const currencyCodeSchema = () => z.string().check(z.regex(/^[A-Za-z]{3,5}$/, 'a currency code expected'));
/** A body that may be left out (absent or null), or else matches its schema. */
export const optionalBodySchema = <T extends z.ZodMiniType>(schema: T) => z.union([z.undefined(), z.null(), schema]);
/** The body of a POST that reads none: absent, null or an object whose keys are ignored. */
export const noBodySchema = () => optionalBodySchema(z.object({}));
/** A two-letter language code (en, ru); whether it is enabled is the domain's call. */
export const languageCodeSchema = () =>
  z.string().check(z.regex(LANGUAGE_CODE_PATTERN, 'a two-letter language code expected'));
