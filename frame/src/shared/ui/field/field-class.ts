import styles from './field.module.css';

/**
 * The box of a field the player types in, beside the field's own class (its font and width). A
 * class list rather than CSS `composes` from another file: Vite re-parses a composed file without
 * its name, and warned on every build that a PostCSS plugin "did not pass the from option".
 */
export const inputClass = (own?: string): string => `${styles.input} ${own ?? ''}`.trim();
