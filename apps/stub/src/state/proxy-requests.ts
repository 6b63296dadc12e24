/**
 * A message that reached the proxy channel, as sent but without its token, nor the reason of a contact
 * request (solicitarContato's `motivo` goes to the creditor alone); read at /__stub/proxy/requests.
 */
type ReceivedProxyRequest = Record<string, unknown> & { receivedAt: string };

// The oldest go first beyond this: the simulator may run for days in a demo.
const MAX_PROXY_REQUESTS = 10_000;

/**
 * Every message the proxy channel received, refused ones included, oldest first: what a test counts to
 * know what the portal sent, whatever the portal says it did.
 */
export function createProxyRequests(now: () => number) {
  const proxyRequests: ReceivedProxyRequest[] = [];

  return {
    proxyRequests,

    recordProxyRequest(message: unknown): void {
      if (!message || typeof message !== 'object' || Array.isArray(message)) return;
      const { token: _token, motivo: _motivo, ...fields } = message as Record<string, unknown>;
      proxyRequests.push({ ...fields, receivedAt: new Date(now()).toISOString() });
      if (proxyRequests.length > MAX_PROXY_REQUESTS) proxyRequests.shift();
    },
  };
}
