import DOMPurify from 'isomorphic-dompurify';
import { cdnUrl } from '../../../shared/lib/browser/index.ts';

let hooked = false;
/** Links of the HTML being sanitised that were meant for a new window (the HTML profile drops `target`). */
const newWindow = new WeakSet<Element>();
/** The CDN base the image hook rewrites to, set for the duration of one sanitize call. */
let imageBase: string | null = null;

function addHooks() {
  DOMPurify.addHook('beforeSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') newWindow.add(node);
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (newWindow.has(node)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    const src = node.tagName === 'IMG' ? node.getAttribute('src') : null;
    if (src) node.setAttribute('src', cdnUrl(src, imageBase));
  });
}

/**
 * CMS HTML made safe to insert: DOMPurify's HTML profile (no scripts, event handlers,
 * javascript: URLs, SVG or MathML), links that open a new window cannot reach back, and CMS
 * images point at the CDN when it is used. Its `id` and `name` values are namespaced
 * (`user-content-…`): CMS text rendered before the page's own elements can never stand in for them
 * (`getElementById('promo-ssr-data')` at hydration found the CMS's element first).
 */
export function sanitizeHtml(html: string, cdnBase: string | null = null): string {
  if (!hooked) {
    addHooks();
    hooked = true;
  }
  imageBase = cdnBase;
  try {
    return DOMPurify.sanitize(html, {
      USE_PROFILES: { html: true },
      FORBID_TAGS: ['style', 'form', 'input', 'button'],
      SANITIZE_NAMED_PROPS: true,
    });
  } finally {
    imageBase = null;
  }
}
