import { useTranslation } from 'react-i18next';
import { ApiError, BAD_ANSWER, NETWORK_ERROR } from '../api/client.ts';

/** What went wrong, in the console's words: the server's message, or ours for a lost connection. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof ApiError) {
      if (error.code === NETWORK_ERROR) return t('errors.network');
      if (error.code === BAD_ANSWER) return t('errors.badAnswer');
      return error.message || t('errors.unknown');
    }
    return t('errors.unknown');
  };
}

/** A failed load: the reason and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const text = useErrorText();
  return (
    <div className="notice error" role="alert">
      <p>{text(error)}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
