import { LanguageSwitcher } from '../../features/switch-language/index.ts';
import { Copyright } from './copyright.tsx';
import styles from './site-footer.module.css';

/** Footer of the default layout: language choice and copyright. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <LanguageSwitcher />
      <Copyright className={styles.copyright} />
    </footer>
  );
}
