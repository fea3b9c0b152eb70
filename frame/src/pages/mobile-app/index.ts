export { mobileAppLoader } from './mobile-app-route.ts';
