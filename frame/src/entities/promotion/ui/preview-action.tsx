import { useId } from 'react';
import { buttonClass } from '../../../shared/ui/index.ts';
import section from '../../../shared/ui/mechanic/mechanic.module.css';

/**
 * A widget's action on a console preview page (the promotion's `preview`): its button as players
 * would see it, off, and why; a preview takes no action (decision 042). `label`: the action's words,
 * left out where a visitor sees no button; `reason`: the translated why, named by the widget (its
 * dictionary unit's key).
 */
export function PreviewAction({ label, reason }: { label?: string; reason: string }) {
  const reasonId = useId();
  return (
    <div className={section.row} data-testid="preview-action">
      {label !== undefined && (
        <button type="button" className={buttonClass()} disabled aria-describedby={reasonId}>
          {label}
        </button>
      )}
      <p id={reasonId} className={section.note} role="note">
        {reason}
      </p>
    </div>
  );
}
