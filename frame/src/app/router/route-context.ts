import type { QueryClient } from '@tanstack/react-query';
import { createContext, RouterContextProvider } from 'react-router';

/**
 * The request's query client in the router's context: its middleware and loaders read it (and,
 * through it, the request's scope: store, texts, cookies, clock; decision 043) from there, so one
 * route table serves every request of a process (entry-server.tsx builds it once).
 */
export const queryClientContext = createContext<QueryClient>();

/** The router context a request's routes run in (the browser router's `getContext`, the server's `requestContext`). */
export const routerContextFor = (queryClient: QueryClient): RouterContextProvider =>
  new RouterContextProvider(new Map([[queryClientContext, queryClient]]));

/** The request's query client, from a middleware's or a loader's arguments. */
export const clientOf = ({ context }: { context: Readonly<RouterContextProvider> }): QueryClient =>
  context.get(queryClientContext);
