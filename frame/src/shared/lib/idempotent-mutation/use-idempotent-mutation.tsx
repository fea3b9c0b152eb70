import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { randomKey } from '../browser/random-key.ts';
import { normalizeError } from '../errors.ts';

/** Worth sending again with the same key: the call may or may not have reached the server. */
export const isTransportError = (error: unknown): boolean => [502, 503, 504].includes(normalizeError(error).statusCode);

/** An action's error as a player reads it: a lost answer asks to try again, a refusal says why. */
export const errorKindOf = (error: unknown) =>
  error ? (isTransportError(error) ? ('retry' as const) : ('refused' as const)) : null;

/**
 * A money-adjacent call (spin, take, participation, choice) behind a press: presses faster than a
 * re-render do nothing while one is under way, each new press gets a new Idempotency-Key, and a
 * press after a lost answer (time-out, network) resends the same key with the same variables so
 * the server applies it at most once. A refusal is final and frees the key.
 */
export function useIdempotentMutation<V, R>(options: {
  mutationFn: (idempotencyKey: string, variables: V) => Promise<R>;
  onSuccess?: (result: R, variables: V) => void;
}) {
  const pending = useRef<{ key: string; variables: string } | null>(null);
  const pressed = useRef(false);
  const mutation = useMutation({
    mutationFn: ({ key, variables }: { key: string; variables: V }) => options.mutationFn(key, variables),
    retry: (count, error) => count < 2 && isTransportError(error),
    onSettled: () => {
      pressed.current = false;
    },
    onSuccess: (result, { variables }) => {
      pending.current = null;
      options.onSuccess?.(result, variables);
    },
    onError: (error) => {
      if (!isTransportError(error)) pending.current = null;
    },
  });
  /** Sends unless a press is under way; false when the press was ignored. */
  const run = (variables: V): boolean => {
    if (pressed.current) return false;
    pressed.current = true;
    const serialized = JSON.stringify(variables ?? null);
    if (pending.current?.variables !== serialized) pending.current = { key: randomKey(), variables: serialized };
    mutation.mutate({ key: pending.current.key, variables });
    return true;
  };
  return {
    run,
    isPending: mutation.isPending,
    error: mutation.error,
    errorKind: errorKindOf(mutation.error),
  };
}

/**
 * Why the last press did not go through, under the buttons: a lost answer asks to try again (the
 * same key goes with the next press), a refusal gives the server's reason.
 */
export function ActionError({
  action,
  className,
  retryText,
}: {
  action: Pick<ReturnType<typeof useIdempotentMutation>, 'error' | 'errorKind'>;
  className?: string;
  retryText?: string;
}) {
  const { t } = useTranslation();
  if (!action.errorKind) return null;
  return (
    <p role="alert" className={className}>
      {action.errorKind === 'retry' ? (retryText ?? t('action_failed_retry')) : normalizeError(action.error).message}
    </p>
  );
}
