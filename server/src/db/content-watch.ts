import { z } from 'zod';
import { type Notifications, readPayload } from './notifications.ts';

/**
 * What one content change wrote: the promotions it named (by id and by slug: the rows of the
 * statement before and after, or the promotions whose titles it wrote), or anything at all
 * ('everything': settings, languages, other texts, CMS pages, banners, a bulk write, and a gap in
 * hearing changes). Migration 0030's payload; a bare version number (0019) is 'everything'.
 */
export type ContentChange =
  | { readonly promotions: readonly number[]; readonly slugs: readonly string[] }
  | 'everything';

/** The content trigger's payload when it names promotions (migration 0030). */
const namedSchema = z.object({ v: z.number(), promotions: z.array(z.number().int()), slugs: z.array(z.string()) });

/** What a content_changed payload says changed: anything but a list of promotions is everything. */
export function readContentChange(payload: string): ContentChange {
  const named = readPayload(namedSchema, payload);
  return named ? { promotions: named.promotions, slugs: named.slugs } : 'everything';
}

/**
 * Tells a process when the content behind its cached answers (site settings, languages,
 * dictionaries, promotions, CMS pages, banners) changed, in this process or any other on the same
 * database: the content triggers' notification (migrations 0019, 0021, 0022, 0030).
 */
export interface ContentWatch {
  /** False while changes cannot be heard: a cache must then build every answer afresh. */
  readonly live: boolean;
  /**
   * Called after each committed change with what it wrote, and with 'everything' when hearing
   * stops or starts again. A listener that keeps anything of the content but pages may drop it all
   * on every call.
   */
  onChange(listener: (change: ContentChange) => void): () => void;
}

export function watchContent(notifications: Notifications): ContentWatch {
  return {
    get live() {
      return notifications.live;
    },
    onChange(listener) {
      const stopChanges = notifications.listen('content_changed', (payload) => listener(readContentChange(payload)));
      const stopGaps = notifications.onLiveChange(() => listener('everything'));
      return () => {
        stopChanges();
        stopGaps();
      };
    },
  };
}

/** How long a writer waits to hear its own content change before answering anyway. */
const HEARD_LIMIT_MS = 2000;

/**
 * Runs a write that changes what players are served, and answers once this process has heard a
 * content change after it (its caches, which listened first, have then dropped what it wrote), at
 * most HEARD_LIMIT_MS: the writer's next read (an unpublished promotion, a 404) sees its own write.
 * The notification comes after the commit, on its own connection, so without this a read right
 * after the answer could still be served from the cache. Not live: nothing is cached to wait for.
 */
export async function writeAndHear<T>(notifications: Notifications, write: () => Promise<T>): Promise<T> {
  if (!notifications.live) return write();
  let heard = () => {};
  const seen = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const stop = notifications.listen('content_changed', () => heard());
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await write();
    await Promise.race([seen, new Promise<void>((resolve) => (timer = setTimeout(resolve, HEARD_LIMIT_MS)))]);
    return result;
  } finally {
    clearTimeout(timer);
    stop();
  }
}
