import { createProxyChannel } from '@portal/bff/upstream/proxy-channel';
import { quietLogger, stubToken } from './proxy-measure';

/**
 * The proxy channel under a burst, measured: `count` concurrent `consultaDebito` requests on one socket to a
 * stub at `stubUrl`, every reply matched to its request, with this process's memory sampled throughout.
 * The channel is built here with a bound of `count` pending calls, above the BFF's PROXY_MAX_PENDING.
 */
export async function measureProxyBurst(stubUrl: string, count: number) {
  const token = await stubToken(stubUrl);
  const channel = createProxyChannel({
    url: `${stubUrl.replace(/^http/, 'ws')}/ws/proxy`,
    timeoutMs: 60_000,
    maxPending: count,
    logger: quietLogger,
  });
  try {
    const ask = () => channel.request('consultaDebito', { cpfcnpj: '52998224725', token });
    // The socket is open and the code warm, as on a BFF that has been serving for a while.
    await Promise.all(Array.from({ length: 100 }, ask));

    const before = process.memoryUsage();
    const peak = { rss: before.rss, heapUsed: before.heapUsed };
    const sample = () => {
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    };
    // Timers seldom fire while the burst holds the event loop: replies take samples too.
    const sampler = setInterval(sample, 5);
    let settled = 0;
    const started = performance.now();
    const replies = await Promise.all(
      Array.from({ length: count }, () =>
        ask().finally(() => {
          settled += 1;
          if (settled % 500 === 0) sample();
        }),
      ),
    );
    const ms = performance.now() - started;
    clearInterval(sampler);
    sample();

    return {
      ms,
      /** successful replies, each to a request of its own (distinct ids) */
      matched: new Set(replies.filter((r) => !r.err && r.retorno === 0).map((r) => r.idRequest)).size,
      pendingAfter: channel.pendingCount,
      rss: { before: before.rss, peak: peak.rss },
      heapUsed: { before: before.heapUsed, peak: peak.heapUsed },
    };
  } finally {
    await channel.close();
  }
}
