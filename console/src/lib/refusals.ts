import { z } from 'zod/mini';
import { isApiError } from '../api/client.ts';

const issuesSchema = z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }));

/**
 * The top-level fields a 400 invalid_body names (each once, in order); empty for any other error
 * or a refusal that names none. The form says what the field wants in its own words: the server's
 * issue messages are the schema checker's English.
 */
export function refusedFields(error: unknown): string[] {
  if (!isApiError(error, 400, 'invalid_body')) return [];
  const issues = z.safeParse(issuesSchema, error.body.issues);
  if (!issues.success) return [];
  return [...new Set(issues.data.map((issue) => String(issue.path[0] ?? '')).filter(Boolean))];
}
