export { Button, ButtonLink, buttonClass } from './button/button-link.tsx';
export { Copyright } from './copyright/copyright.tsx';
export { useDocumentLanguage } from './hooks/use-document-language.ts';
export { HostLink, type HostTarget } from './host-link/host-link.tsx';
export { PreviewMark } from './preview-mark/preview-mark.tsx';
export { ProgressBar } from './progress-bar/progress-bar.tsx';
export { useProgress } from './progress-bar/use-progress.ts';
