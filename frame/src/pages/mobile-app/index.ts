export { mobileAppLoader } from './api/mobile-app-route.ts';
