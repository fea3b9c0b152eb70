import type { Notifications } from './notifications.ts';

/**
 * Tells a process when the content behind its cached answers (site settings, languages,
 * dictionaries) changed, in this process or any other on the same database: the content
 * trigger's notification (migration 0019).
 */
export interface ContentWatch {
  /** False while changes cannot be heard: a cache must then build every answer afresh. */
  readonly live: boolean;
  /** Called after each committed change, and when hearing stops or starts again. */
  onChange(listener: () => void): () => void;
}

export function watchContent(notifications: Notifications): ContentWatch {
  return {
    get live() {
      return notifications.live;
    },
    onChange(listener) {
      const stopChanges = notifications.listen('content_changed', () => listener());
      const stopGaps = notifications.onLiveChange(listener);
      return () => {
        stopChanges();
        stopGaps();
      };
    },
  };
}
