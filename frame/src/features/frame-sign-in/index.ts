export { SignIn } from './ui/sign-in.tsx';
export { SignOut } from './ui/sign-out.tsx';
