import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { diffFields } from '../../lib/diff.ts';
import { Time } from '../../ui/time.tsx';
import { DiffTable } from './diff-table.tsx';

/**
 * A save that came too late: another editor saved a version since this edit began. Their version
 * is saved; this one is still in the form. The member keeps theirs (saved on top of the other) or
 * takes the other's; either way nothing either wrote is lost (every version stays in the history).
 */
export function ConflictPanel({
  latest,
  mine,
  startedFrom,
  busy,
  onKeepMine,
  onTakeTheirs,
}: {
  /** The version that won: a promotion's or a CMS page's (its content, as a save sends it). */
  latest: { version: number; author: string | null; createdAt: number; content: unknown };
  mine: unknown;
  startedFrom: number | null;
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="conflict" aria-labelledby="conflict-title">
      <h2 id="conflict-title" ref={heading} tabIndex={-1}>
        {t('conflict.title')}
      </h2>
      <p>
        {t('conflict.explain', { version: latest.version, author: latest.author ?? '—', started: startedFrom ?? '—' })}{' '}
        <Time unix={latest.createdAt} />
      </p>
      <DiffTable
        changes={diffFields(latest.content, mine)}
        caption={t('conflict.caption')}
        beforeLabel={t('conflict.theirs', { author: latest.author ?? '—', version: latest.version })}
        afterLabel={t('conflict.yours')}
      />
      <div className="conflict-actions">
        <button type="button" className="button primary" disabled={busy} onClick={onKeepMine}>
          {t('conflict.keepMine', { version: latest.version })}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onTakeTheirs}>
          {t('conflict.takeTheirs', { version: latest.version })}
        </button>
      </div>
    </section>
  );
}
