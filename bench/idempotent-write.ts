import { demoUser } from '../server/src/seed/demo-players.ts';
import { type LoadResult, load, XHR_JSON } from './measure.ts';

const WHEEL = 138;

export interface WriteCheck {
  load: LoadResult;
  /** Spins the server recorded and spins it took from the player; both must be 1. */
  spinsRecorded: number;
  spinsTaken: number;
}

/**
 * The bench's idempotent write: a demo player hammers one wheel spin with one Idempotency-Key
 * (10 connections, `seconds` long); the server must apply it exactly once.
 */
export async function idempotentSpinUnderLoad(base: string, seconds: number): Promise<WriteCheck> {
  const login = await fetch(`${base}/web-api/external-api/fastLogin`, {
    method: 'POST',
    headers: XHR_JSON,
    body: JSON.stringify({ login: demoUser('demo.player').login, pass: demoUser('demo.player').password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { token } = (await (await fetch(`${base}/web-api/user/gettoken`, { headers: { cookie } })).json()) as {
    token: string;
  };
  const headers = { ...XHR_JSON, 'x-auth': `Bearer ${token}` };
  const wheel = `${base}/web-api/api/web/promotions/wheel/${WHEEL}`;
  const joined = (await (
    await fetch(`${wheel}/confirm-participation`, { method: 'POST', headers, body: '{}' })
  ).json()) as {
    spinsLeft: number;
  };
  const write = await load('POST wheel spin, one Idempotency-Key (idempotent write)', `${wheel}/spin`, seconds, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': 'bench-spin-0000000001' },
    body: '{}',
  });
  const state = (await (await fetch(wheel, { headers })).json()) as { spinsLeft: number };
  const history = (await (await fetch(`${wheel}/getHistoryWheel`, { headers })).json()) as { spins: unknown[] };
  return {
    load: write,
    spinsRecorded: history.spins.length,
    spinsTaken: joined.spinsLeft - state.spinsLeft,
  };
}
