/**
 * Brings a section of the page into view and moves focus to its first control (or its heading):
 * inside a host, focusing scrolls the host's page to it too.
 */
export function goToSection(targetId: string): void {
  const heading = document.getElementById(targetId);
  const section = heading?.closest('section');
  if (!heading || !section) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  const control = section.querySelector<HTMLElement>('button:not([disabled]), a[href]');
  if (control) control.focus({ preventScroll: true });
  else {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}
