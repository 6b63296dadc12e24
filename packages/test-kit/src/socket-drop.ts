import { UpstreamError } from '@portal/bff/upstream/errors';
import { createProxyChannel } from '@portal/bff/upstream/proxy-channel';
import { quietLogger, stubToken } from './proxy-measure';

/**
 * The proxy channel's answer to a dropped socket, measured: `count` requests in flight on a silent
 * upstream (a stub at `stubUrl`), the stub drops every proxy socket, and the time until every request
 * has settled is taken. Their own timers are a minute away, so only the drop can settle them.
 */
export async function measureSocketDrop(stubUrl: string, count: number) {
  const token = await stubToken(stubUrl);
  const faults = (body: unknown) =>
    fetch(`${stubUrl}/__stub/faults`, {
      method: body ? 'PUT' : 'DELETE',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  const channel = createProxyChannel({
    url: `${stubUrl.replace(/^http/, 'ws')}/ws/proxy`,
    timeoutMs: 60_000,
    maxPending: count,
    logger: quietLogger,
  });
  try {
    const ask = () => channel.request('consultaDebito', { cpfcnpj: '52998224725', token });
    await ask();
    await faults({ proxySilent: true });
    let settledAt = 0;
    let settled = 0;
    const outcomes = Array.from({ length: count }, () =>
      ask()
        .then(
          () => 'answered',
          (error: unknown) => (error instanceof UpstreamError ? error.kind : 'other'),
        )
        .finally(() => {
          settled += 1;
          if (settled === count) settledAt = performance.now();
        }),
    );
    while (channel.pendingCount < count) await new Promise((r) => setTimeout(r, 5));
    const dropped = performance.now();
    await fetch(`${stubUrl}/__stub/proxy/drop`, { method: 'POST' });
    const kinds = await Promise.all(outcomes);
    return {
      settleMs: settledAt - dropped,
      unavailable: kinds.filter((k) => k === 'unavailable').length,
      pendingAfter: channel.pendingCount,
    };
  } finally {
    await faults(null);
    await channel.close();
  }
}
