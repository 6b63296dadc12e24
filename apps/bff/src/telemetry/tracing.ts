import type { IncomingMessage } from 'node:http';
import { register } from 'node:module';
import { type Attributes, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  defaultResource,
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { installCallTracer } from './spans';

// Polled often and alike every time: a span each would bury the requests.
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);
// A query string can carry a document (tRPC GET inputs, GET /score?cpfCnpj=…): no span keeps one.
const HIDDEN = 'REDACTED';

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0] ?? '';

/**
 * OTLP over HTTP, protobuf (the standard's default) or JSON, as OTEL_EXPORTER_OTLP_TRACES_PROTOCOL or
 * OTEL_EXPORTER_OTLP_PROTOCOL say; gRPC is not shipped. Endpoint, headers, timeout and compression are
 * the exporter's own variables.
 */
function exporterFor(env: NodeJS.ProcessEnv) {
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || '').trim();
  if (protocol === 'http/json') return new JsonExporter();
  if (protocol && protocol !== 'http/protobuf')
    process.stderr.write(`tracing: OTLP protocol ${protocol} is not supported, sending http/protobuf\n`);
  return new ProtobufExporter();
}

/**
 * OpenTelemetry's tracing SDK, configured by its own OTEL_* variables (endpoint, protocol, sampler,
 * batch delays, span limits, resource attributes), with the service named portal-bff unless
 * OTEL_SERVICE_NAME says otherwise, and W3C trace context. Traced: incoming HTTP requests, upstream
 * REST calls (undici, which also sends the `traceparent`), Redis commands within a request (ioredis)
 * and proxy-channel calls (by hand, in upstream/proxy-channel.ts); every log line written within a span
 * carries `trace_id` and `span_id`. Traces only: metrics stay Prometheus's (/metrics), logs on stdout.
 */
export async function startTracing(env: NodeJS.ProcessEnv) {
  // ESM imports are patched by a loader hook, which must be in place before the app's modules load;
  // the message channel limits it to the modules an instrumentation asks for.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const provider = new NodeTracerProvider({
    // the service's name by default; OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (envDetector) win
    resource: defaultResource()
      .merge(resourceFromAttributes({ 'service.name': 'portal-bff' }))
      .merge(detectResources({ detectors: [envDetector, processDetector, hostDetector] })),
    spanProcessors: [new BatchSpanProcessor(exporterFor(env))],
  });
  provider.register();
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED.has(pathOf(request.url)),
        startIncomingSpanHook: (request: IncomingMessage): Attributes =>
          request.url?.includes('?') ? { 'url.query': HIDDEN } : {},
        // node:http's client here only opens the socket channels, which serve no one request
        disableOutgoingRequestInstrumentation: true,
      }),
      new UndiciInstrumentation({
        startSpanHook: (request): Attributes =>
          request.path.includes('?')
            ? { 'url.full': `${request.origin}${pathOf(request.path)}?${HIDDEN}`, 'url.query': HIDDEN }
            : {},
      }),
      // Keys name sessions and values hold them: a command is recorded by its name only.
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
      new PinoInstrumentation({ disableLogSending: true }),
    ],
  });
  await waitForAllMessagesAcknowledged();
  const tracer = trace.getTracer('portal-bff');
  installCallTracer({
    startCall(name, attributes) {
      const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes });
      return {
        end(error) {
          if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: error });
          span.end();
        },
      };
    },
  });
  // An unreachable collector costs the last spans, never a clean exit.
  return { shutdown: () => provider.shutdown().catch(() => undefined) };
}
