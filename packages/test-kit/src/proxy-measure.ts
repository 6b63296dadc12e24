import type { FastifyBaseLogger } from 'fastify';

// What the proxy-channel measurements (proxy-burst.ts, socket-drop.ts) share.

/** A logger that drops everything: a measurement reports its figures, not the channel's log. */
export const quietLogger = {
  info: () => undefined,
  warn: () => undefined,
  debug: () => undefined,
  error: () => undefined,
} as unknown as FastifyBaseLogger;

/** An upstream token of Maria's from the simulator at `stubUrl`, as the BFF gets one at sign-in. */
export async function stubToken(stubUrl: string): Promise<string> {
  const login = await fetch(`${stubUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cpfCnpj: '52998224725', senha: 'Acordo@2026' }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}
