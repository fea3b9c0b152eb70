export { HostLink, type HostTarget } from './host-link.tsx';
