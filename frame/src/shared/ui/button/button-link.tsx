import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary';

/** The button look for elements that are not Button or ButtonLink (host links). */
export const buttonClass = (variant: Variant = 'primary', size: 'md' | 'sm' = 'md'): string =>
  `${styles.button} ${styles[variant]} ${size === 'sm' ? styles.small : ''}`;

/** A router link styled as a call-to-action button. */
export function ButtonLink({
  variant = 'primary',
  children,
  ...props
}: LinkProps & { variant?: Variant; children: ReactNode }) {
  return (
    <Link {...props} className={`${styles.button} ${styles[variant]}`}>
      {children}
    </Link>
  );
}

/** A plain button with the same look; `busy` disables it (double-click guard) and says so. */
export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  disabled = false,
  children,
  onClick,
}: {
  variant?: Variant;
  size?: 'md' | 'sm';
  busy?: boolean;
  /** Not available now (e.g. no next page); unlike busy, nothing is under way. */
  disabled?: boolean;
  children: ReactNode;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className={buttonClass(variant, size)}
    >
      {children}
    </button>
  );
}
