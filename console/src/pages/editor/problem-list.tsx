import type { PromotionProblem } from '@promo/contract';
import { useTranslation } from 'react-i18next';

/** A problem's field, as the draft names it (['texts', 'ru', 'rules', 2]). */
export type ProblemPath = PromotionProblem['path'];

/**
 * What stops a version, one line each as the server wrote it in the console's language. A line
 * about a field is a button that takes the operator to it (`onShow`).
 */
export function ProblemList({
  problems,
  onShow,
  className,
}: {
  problems: readonly PromotionProblem[];
  onShow?: ((path: ProblemPath) => void) | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {problems.map((problem) => (
        <li key={`${problem.path.join('.')} ${problem.message}`}>
          {onShow && problem.path.length > 0 ? (
            <button
              type="button"
              className="link-button"
              title={t('editor.showField')}
              onClick={() => onShow(problem.path)}
            >
              {problem.message}
            </button>
          ) : (
            problem.message
          )}
        </li>
      ))}
    </ul>
  );
}

const FOCUSABLE = 'input:not([type="hidden"]), textarea, select, button';

/**
 * Takes the operator to a form field by its dotted form path: the control of that name, else the
 * nearest block that holds it (a text list, a language's texts: `data-field`), whose first control
 * takes the focus. A path the form has nothing for (yet) is tried without its last segment.
 */
export function focusField(form: HTMLFormElement | null, path: string): void {
  if (!form) return;
  const segments = path.split('.');
  for (let end = segments.length; end > 0; end -= 1) {
    const name = segments.slice(0, end).join('.');
    const control = [...form.elements].find(
      (element): element is HTMLElement => element instanceof HTMLElement && element.getAttribute('name') === name,
    );
    const block = [...form.querySelectorAll<HTMLElement>('[data-field]')].find(
      (element) => element.dataset.field === name,
    );
    const target = control ?? block?.querySelector<HTMLElement>(FOCUSABLE) ?? block;
    if (target) {
      target.scrollIntoView?.({ block: 'center' });
      target.focus();
      return;
    }
  }
}
