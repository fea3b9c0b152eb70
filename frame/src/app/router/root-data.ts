import { createContext } from 'react-router';

export interface RootData {
  lng: string;
}

/** What the root middleware resolved, for the root loader and any child that needs it. */
export const rootDataContext = createContext<RootData>();
