import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary';

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

/** A plain button with the same look. */
export function Button({
  variant = 'primary',
  children,
  onClick,
}: {
  variant?: Variant;
  children: ReactNode;
  onClick: () => void;
}) {
  return (
    <button type="button" onClick={onClick} className={`${styles.button} ${styles[variant]}`}>
      {children}
    </button>
  );
}
