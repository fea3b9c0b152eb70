import { useTranslation } from 'react-i18next';

/** While a page's data loads: a status line screen readers announce, in the page's column. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <p className="page-status" role="status">
        {t('common.loading')}
      </p>
    </div>
  );
}
