export type { ActionProps, RenderCountdown } from './action-props.ts';
export { MechanicSection } from './mechanic-section.tsx';
export { SignInPrompt } from './sign-in-prompt.tsx';
