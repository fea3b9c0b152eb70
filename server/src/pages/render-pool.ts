import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import type { FrameServerBuild, PageRequest, RenderedPage } from '@promo/contract';
import { Piscina } from 'piscina';
import type { ApiCall, MainMessage, RenderTask } from './render-worker.ts';

/** Render threads (RENDER_THREADS): 0 renders in the server's own thread. */
export interface RenderThreads {
  threads: number;
  /** Renders one thread runs at once: a render waits for its data from the main thread meanwhile. */
  tasksPerThread: number;
}

/** How a rendered page is had: in the main thread, or on a render thread. */
export interface PageRenderer {
  render(request: PageRequest & { signal: AbortSignal }): Promise<RenderedPage>;
  close(): Promise<void>;
}

/** Renders in the server's own thread (RENDER_THREADS=0). */
export const inThreadRenderer = (frame: FrameServerBuild): PageRenderer => ({
  render: (request) => frame.renderPage(request),
  close: async () => {},
});

/**
 * Renders on a pool of worker threads (piscina), each with the frame's server build loaded once.
 * The frame asks for its data over a MessagePort: the main thread answers each call with the
 * server's own routes (`request.fetch`), so the database stays in one thread (PGlite's rule) and
 * the renders' CPU goes to the other cores. The threads start (and load the build) at once: the
 * first visitor does not wait for them.
 */
export function threadRenderer(frameDist: string, { threads, tasksPerThread }: RenderThreads): PageRenderer {
  const entry = pathToFileURL(path.join(path.dirname(frameDist), 'dist-server', 'entry-server.js')).href;
  const pool = new Piscina<RenderTask, RenderedPage>({
    filename: new URL('./render-worker.ts', import.meta.url).href,
    workerData: { entry },
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: tasksPerThread,
    // A thread waits for its renders' answers on its event loop, never in Atomics.wait.
    atomics: 'disabled',
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  return {
    async render({ fetch: apiFetch, signal, ...request }) {
      const { port1, port2 } = new MessageChannel();
      const answer = async (call: ApiCall) => {
        try {
          const response = await apiFetch(call.url, {
            method: call.method,
            headers: call.headers,
            ...(call.body === undefined ? {} : { body: call.body }),
          });
          const body = response.status === 204 || response.status === 304 ? null : await response.arrayBuffer();
          const message: MainMessage = {
            type: 'answer',
            id: call.id,
            status: response.status,
            headers: [...response.headers.entries()],
            body,
          };
          port1.postMessage(message, body ? [body] : []);
        } catch (error) {
          port1.postMessage({ type: 'failed', id: call.id, message: String(error) } satisfies MainMessage);
        }
      };
      port1.on('message', (call: ApiCall) => void answer(call));
      const abort = () => port1.postMessage({ type: 'abort' } satisfies MainMessage);
      signal.addEventListener('abort', abort, { once: true });
      try {
        return await pool.run(
          { request, port: port2 },
          // No piscina signal: piscina ends an aborted task by ending its thread, so it runs a task
          // that has one alone on its thread. A render given up is told over its port (its data
          // calls and React stop; the frame's own render limit is 5 s).
          // piscina infers its TransferList type from an overload @types/node 26 no longer has first.
          { transferList: [port2] as never },
        );
      } finally {
        signal.removeEventListener('abort', abort);
        port1.close();
      }
    },
    async close() {
      await pool.destroy();
    },
  };
}
