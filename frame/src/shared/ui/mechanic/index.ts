export { SignInPrompt } from './sign-in-prompt.tsx';
