import { createServer, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** One span as it reached the receiver, with the instrumentation scope that made it. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's numbers: 2 server, 3 client */
  kind: number;
  scope: string;
  service: string;
  attributes: Record<string, string | number | boolean>;
  status: { code?: number; message?: string };
}

interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
type KeyValues = { key: string; value: AnyValue }[] | undefined;
interface TracesRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValues };
    scopeSpans?: {
      scope?: { name?: string };
      spans?: (Omit<ReceivedSpan, 'attributes' | 'scope' | 'service'> & { attributes?: KeyValues })[];
    }[];
  }[];
}

const plain = (v: AnyValue) =>
  v.stringValue ??
  (v.intValue !== undefined ? Number(v.intValue) : undefined) ??
  v.boolValue ??
  v.doubleValue ??
  '';
const record = (pairs: KeyValues) =>
  Object.fromEntries((pairs ?? []).map(({ key, value }) => [key, plain(value)]));

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

/**
 * A collector's OTLP/HTTP endpoint for traces, JSON encoding only (OTEL_EXPORTER_OTLP_PROTOCOL=http/json):
 * keeps every span posted to /v1/traces, and each request's raw text for checks on what was exported.
 */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const server = createServer(async (req, res) => {
    const body = (await bodyOf(req)).toString('utf8');
    if (req.method !== 'POST' || req.url !== '/v1/traces' || !req.headers['content-type']?.includes('json')) {
      res.writeHead(404).end();
      return;
    }
    bodies.push(body);
    for (const resourceSpans of (JSON.parse(body) as TracesRequest).resourceSpans ?? []) {
      const service = String(record(resourceSpans.resource?.attributes)['service.name'] ?? '');
      for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
        for (const span of scopeSpans.spans ?? []) {
          spans.push({
            ...span,
            parentSpanId: span.parentSpanId ?? '',
            scope: scopeSpans.scope?.name ?? '',
            service,
            attributes: record(span.attributes),
            status: span.status ?? {},
          });
        }
      }
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    spans,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
