import { Component, type ReactNode } from 'react';
import styles from './error-page-boundary.module.css';

/**
 * Spec 2: if showing the error page itself fails, a plain message with a go-home link appears.
 * It may not depend on anything that could have failed (i18n, router, store), hence fixed text.
 */
export class ErrorPageBoundary extends Component<{ children: ReactNode; homeHref: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('error page failed to render', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className={styles.fallback} role="alert">
        <p className={styles.title}>Something went wrong.</p>
        <a className={styles.link} href={this.props.homeHref}>
          Go to home page
        </a>
      </main>
    );
  }
}
