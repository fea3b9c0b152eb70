export { AuthPrompt, DEFAULT_REGISTRATION_TYPE, requestRegistration, requestSignIn } from './ui/auth-prompt.tsx';
