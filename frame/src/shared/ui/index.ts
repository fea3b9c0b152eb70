export { Button, ButtonLink, buttonClass } from './button/button-link.tsx';
export { useDocumentLanguage } from './hooks/use-document-language.ts';
export { ProgressBar } from './progress-bar/progress-bar.tsx';
export { useProgress } from './progress-bar/use-progress.ts';
