import styles from './page.module.css';

/**
 * The column a full page sits in, beside the page's own class (see inputClass for why not CSS
 * `composes`).
 */
export const pageClass = (own?: string): string => `${styles.page} ${own ?? ''}`.trim();
