import { frameCalls, tableEntries } from '@promo/contract';
import { type Endpoint, tableEndpoint } from '../contract-api.ts';

/**
 * Every endpoint the frame calls, made from the whole endpoint table (contract/src/endpoint-table.ts:
 * not the operator API, not the calls only the host makes), with its contract schema and whether
 * the server needs an Idempotency-Key: what the offline mode replays, and refuses where nothing was
 * recorded (the actions). A recorded answer of a path not listed here fails when the handlers are
 * made. An event stream (the live standings) is not replayed: offline, it is refused like any call
 * with nothing recorded, and the page keeps its standings.
 */
export const OFFLINE_ENDPOINTS: readonly Endpoint[] = tableEntries()
  .filter((entry) => frameCalls(entry) && entry.answerKind !== 'event-stream')
  .map((entry) => tableEndpoint(entry));
