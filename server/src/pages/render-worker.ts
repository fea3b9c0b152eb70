/**
 * A render thread of the render pool (render-pool.ts): loads the frame's server build once and
 * renders pages for the main thread. The frame's API calls go back to the main thread over the
 * task's port, where the server's own routes and the database are (PGlite runs in one thread).
 */
import type { MessagePort } from 'node:worker_threads';
import { workerData } from 'node:worker_threads';
import type { FrameServerBuild, PageRequest, RenderedPage } from '@promo/contract';

/** What the main thread sends for one page: the request, and the port its API calls go over. */
export interface RenderTask {
  request: Omit<PageRequest, 'fetch' | 'signal'>;
  port: MessagePort;
}

/** An API call of a render, to the main thread. */
export interface ApiCall {
  id: number;
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
}

/** The main thread's answer to an ApiCall, or its word that the render is given up. */
export type MainMessage =
  | { type: 'answer'; id: number; status: number; headers: [string, string][]; body: ArrayBuffer | null }
  | { type: 'failed'; id: number; message: string }
  | { type: 'abort' };

const { entry } = workerData as { entry: string };
const frame = (await import(entry)) as FrameServerBuild;
// Before the thread takes its first task: every page's code, so no visitor waits for it.
await frame.prepareRenders();

/** `fetch` over the task's port: each call answered by the main thread's in-process routes. */
function portFetch(port: MessagePort): typeof fetch {
  let next = 0;
  const waiting = new Map<number, { resolve: (response: Response) => void; reject: (error: Error) => void }>();
  port.on('message', (message: MainMessage) => {
    if (message.type === 'abort') return;
    const call = waiting.get(message.id);
    waiting.delete(message.id);
    if (!call) return;
    if (message.type === 'failed') call.reject(new Error(message.message));
    else call.resolve(new Response(message.body, { status: message.status, headers: message.headers }));
  });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    init?.signal?.throwIfAborted();
    const id = next++;
    const call: ApiCall = {
      id,
      method: init?.method ?? 'GET',
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      headers: [...new Headers(init?.headers).entries()],
      ...(typeof init?.body === 'string' ? { body: init.body } : {}),
    };
    return new Promise<Response>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      init?.signal?.addEventListener(
        'abort',
        () => {
          waiting.delete(id);
          reject(init.signal?.reason);
        },
        { once: true },
      );
      port.postMessage(call);
    });
  }) as typeof fetch;
}

/** Renders one page; the main thread's `abort` gives it up (its data calls stop, React stops). */
export default async function renderInWorker({ request, port }: RenderTask): Promise<RenderedPage> {
  const controller = new AbortController();
  port.on('message', (message: MainMessage) => {
    if (message.type === 'abort') controller.abort(new Error('the server gave the render up'));
  });
  try {
    return await frame.renderPage({ ...request, fetch: portFetch(port), signal: controller.signal });
  } finally {
    port.close();
  }
}
