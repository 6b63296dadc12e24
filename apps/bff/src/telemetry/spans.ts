/** A span the BFF opens by hand (a socket-channel call); ended once, with an error message if it failed. */
interface CallSpan {
  end(error?: string): void;
}

/** What tracing.ts installs when tracing starts. */
interface CallTracer {
  /** a client span, child of the span of the request being served (if any) */
  startCall(name: string, attributes: Record<string, string>): CallSpan;
}

const NO_SPAN: CallSpan = { end() {} };
let installed: CallTracer | undefined;

/**
 * Tracing as the rest of the BFF sees it, without loading any of OpenTelemetry: empty unless tracing.ts
 * installed its tracer at start, so with tracing off spans cost nothing.
 */
export function installCallTracer(tracer: CallTracer) {
  installed = tracer;
}

/**
 * Whether tracing is on. Then OpenTelemetry's propagators put the trace headers (`traceparent`, by
 * default) on every upstream HTTP call, from the call's own span, and the BFF adds none of its own.
 */
export const tracingOn = (): boolean => installed !== undefined;

export const startCallSpan = (name: string, attributes: Record<string, string>): CallSpan =>
  installed?.startCall(name, attributes) ?? NO_SPAN;
