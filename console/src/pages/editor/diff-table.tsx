import { useTranslation } from 'react-i18next';
import { type FieldChange, showValue } from '../../lib/diff.ts';

/** Field-level differences: path, one side, the other. */
export function DiffTable({
  changes,
  caption,
  beforeLabel,
  afterLabel,
}: {
  changes: readonly FieldChange[];
  caption: string;
  beforeLabel: string;
  afterLabel: string;
}) {
  const { t } = useTranslation();
  if (changes.length === 0) return <p className="muted">{t('diff.same')}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways takes focus to scroll by keyboard
    <section className="table-scroll" tabIndex={0} aria-label={caption}>
      <table className="data-table diff-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('diff.field')}</th>
            <th scope="col">{beforeLabel}</th>
            <th scope="col">{afterLabel}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.path}>
              <th scope="row">
                <code>{change.path}</code>
              </th>
              <td className="diff-before" dir="auto">
                {showValue(change.before)}
              </td>
              <td className="diff-after" dir="auto">
                {showValue(change.after)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
