import { WebSocket } from 'undici';

/**
 * Test helper: opens one of the stub's socket channels; `ask` sends a message (an object is sent as
 * JSON, a string as is) and waits up to `waitMs` for the next reply, undefined when none comes.
 */
export async function openSocket(base: string, path: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}${path}`);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve);
    ws.addEventListener('error', reject);
  });
  const replies: unknown[] = [];
  ws.addEventListener('message', (event) => replies.push(JSON.parse(String(event.data))));
  const ask = async (message: unknown, waitMs = 2_000): Promise<unknown> => {
    const before = replies.length;
    ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    const until = Date.now() + waitMs;
    while (replies.length === before && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    return replies[before];
  };
  return { ask, close: () => ws.close() };
}
