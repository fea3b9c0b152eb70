export { AuthPrompt, DEFAULT_REGISTRATION_TYPE, requestRegistration, requestSignIn } from './auth-prompt.tsx';
