import { API_PATHS, WEB_API_BASE } from '@promo/contract';

/** The route of a named spec 7 call under the web API base, as the frame's apiUrl builds it. */
export const webApiPath = (name: keyof typeof API_PATHS): string => `${WEB_API_BASE}${API_PATHS[name]}`;
