/**
 * Tracing is on when OpenTelemetry's own variables name an OTLP endpoint, unless they also turn it off
 * (OTEL_SDK_DISABLED, or OTEL_TRACES_EXPORTER=none). The SDK reads every other OTEL_* variable itself,
 * which is why they are read here and not in config.ts.
 */
export function tracingConfigured(env: NodeJS.ProcessEnv): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const disabled = env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true';
  const noExporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none';
  return Boolean(endpoint) && !disabled && !noExporter;
}

/**
 * Starts tracing when it is configured, and must run before the app's modules are imported: the
 * instrumentations patch them (http, pino, ioredis) as they load. Without an endpoint nothing of
 * OpenTelemetry is loaded. Resolves to what flushes the spans still buffered at shutdown.
 */
export async function startTracingIfConfigured(
  env: NodeJS.ProcessEnv,
): Promise<{ shutdown(): Promise<void> } | undefined> {
  if (!tracingConfigured(env)) return undefined;
  const { startTracing } = await import('./tracing');
  return startTracing(env);
}
